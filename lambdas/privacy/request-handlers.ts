import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { ApiErrorBody } from '@shared/contracts/error-codes';
import {
  PrivacyRequestByLinkSchema,
  PrivacyRequestCreateSchema,
  PrivacyRequestPathSchema,
  PrivacyRequestUpdateSchema,
} from '@shared/contracts/privacy-requests-api';
import { clientIp, parseWith, type ApiResult, type RouteHandlers } from '../common/http';
import { hitRateLimit, type RateLimitRule } from '../common/rate-limit';
import { fileAsMember, fileByLink, listMine, listQueue, updateRequest, type RequestDeps } from './request-service';

/**
 * The privacy-request routes (docs/privacy.md): filing by a signed-in parent or with an update link, and the
 * administrators' queue. Thin: validation here, rules in request-service.ts. `deps` is read per request, so a
 * test can build these routes with its own clock and mailer.
 */

/** Per client address, for each filing route: plenty for a family, too few to flood the queue or a mailbox. */
const MEMBER_FILING: RateLimitRule = { name: 'privacyRequest', limit: 20, windowSeconds: 600 };
const LINK_FILING: RateLimitRule = { name: 'privacyRequestLink', limit: 20, windowSeconds: 600 };

/** Counted before the body is read, so malformed requests spend the budget too; undefined when allowed. */
async function refuseWhenBusy(rule: RateLimitRule, event: APIGatewayProxyEvent): Promise<ApiResult | undefined> {
  const decision = await hitRateLimit(rule, clientIp(event));
  if (decision.allowed) return undefined;
  const error: ApiErrorBody = { error: { code: 'RATE_LIMITED' } };
  return { status: 429, headers: { 'Retry-After': String(decision.retryAfterSeconds) }, body: error };
}

export function privacyRequestRoutes(deps: () => RequestDeps): RouteHandlers {
  return {
    'POST /api/privacy-requests': async ({ event, body, people, caller }) => {
      const refused = await refuseWhenBusy(MEMBER_FILING, event);
      if (refused) return refused;
      const input = parseWith(PrivacyRequestCreateSchema, body);
      return { status: 201, body: await fileAsMember(people, input, caller.sub, deps()) };
    },

    // The caller's own requests and where each stands (My Profile), after a reload too.
    'GET /api/privacy-requests': async ({ people }) => ({ body: await listMine(people) }),

    'POST /api/update/privacy-request': async ({ event, body }) => {
      const refused = await refuseWhenBusy(LINK_FILING, event);
      if (refused) return refused;
      const { token, ...input } = parseWith(PrivacyRequestByLinkSchema, body);
      return { status: 201, body: await fileByLink(token, input, deps()) };
    },

    'GET /api/admin/privacy/requests': async () => ({ body: await listQueue(deps()) }),

    'PUT /api/admin/privacy/requests/{id}': async ({ pathParameters, body, caller }) => {
      const { id } = parseWith(PrivacyRequestPathSchema, pathParameters);
      const input = parseWith(PrivacyRequestUpdateSchema, body);
      return { body: await updateRequest(id, input, caller.sub, deps()) };
    },
  };
}
