import * as z from 'zod';
import { MessageDecisionSchema } from '@shared/contracts/messages-api';
import { parseWith, type RouteHandlers } from '../common/http';
import { decide, type DecisionDeps } from './decision-service';

/** A message's id in a route's path (a ULID). */
export const IdParamSchema = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/);

/**
 * An administrator approves or refuses a held message (docs/messages.md, "Approval"). `deps` is read per request,
 * so a test builds this route with its own mailer.
 */
export function decisionRoutes(deps: () => DecisionDeps): RouteHandlers {
  return {
    'POST /api/admin/messages/{id}/decision': async (request) => {
      const id = parseWith(IdParamSchema, request.pathParameters.id);
      const input = parseWith(MessageDecisionSchema, request.body);
      return { body: { message: await decide(id, input, request.caller.sub, deps()) } };
    },
  };
}
