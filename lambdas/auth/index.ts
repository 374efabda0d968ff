import { ValidateEmailRequestSchema } from '@shared/contracts/auth-api';
import type { ApiErrorBody } from '@shared/contracts/error-codes';
import { clientIp, createHandler, parseWith } from '../common/http';
import { registryAccess } from '../registry/public';
import { checkEmail, claimFirstAdmin, describeCaller, limitEmailChecks } from './auth-service';

/** Accounts and access: the public sign-up pre-check and the signed-in caller's own description. */
export const handler = createHandler({
  registry: registryAccess,
  routes: {
    'POST /api/validateEmailV2': async ({ event, body, caller }) => {
      // Count the call before looking at it, so malformed requests spend the budget too.
      const rate = await limitEmailChecks(clientIp(event));
      if (!rate.allowed) {
        const error: ApiErrorBody = { error: { code: 'RATE_LIMITED' } };
        return { status: 429, headers: { 'Retry-After': String(rate.retryAfterSeconds) }, body: error };
      }
      const { email } = parseWith(ValidateEmailRequestSchema, body);
      return { body: await checkEmail(email, caller) };
    },

    // Member route: createHandler has already required a verified email that is still in the registry.
    'GET /api/me': async ({ caller, people }) => ({ body: await describeCaller(caller, people) }),
    'POST /api/me/first-admin': async ({ caller }) => ({ body: await claimFirstAdmin(caller) }),
  },
});
