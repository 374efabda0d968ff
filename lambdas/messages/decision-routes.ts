import { MessageDecisionSchema } from '@shared/contracts/messages-api';
import { IdSchema } from '@shared/schemas/common';
import { parseWith, type RouteHandlers } from '../common/http';
import { decide, type DecisionDeps } from './decision-service';

/**
 * An administrator approves or refuses a held message (docs/messages.md, "Approval"). `deps` is read per request,
 * so a test builds this route with its own mailer.
 */
export function decisionRoutes(deps: () => DecisionDeps): RouteHandlers {
  return {
    'POST /api/admin/messages/{id}/decision': async (request) => {
      const id = parseWith(IdSchema, request.pathParameters.id);
      const input = parseWith(MessageDecisionSchema, request.body);
      return { body: { message: await decide(id, input, request.caller.sub, deps()) } };
    },
  };
}
