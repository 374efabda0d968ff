import { RecoveryCompleteRequestSchema, RecoveryStartRequestSchema } from '@shared/contracts/account-recovery-api';
import type { ApiErrorBody } from '@shared/contracts/error-codes';
import { clientIp, createHandler, parseWith } from '../common/http';
import { registryAccess } from '../registry/public';
import { answerAfterFloor, completeRecovery, limitRecoveryStarts, startRecovery } from './recovery-service';

/** Taking over an account someone created with your address and never confirmed (docs/auth.md). */
export const handler = createHandler({
  registry: registryAccess,
  routes: {
    'POST /api/account-recovery/start': async ({ event, body }) => {
      // Counted before the body is read, so malformed requests spend the budget too.
      const rate = await limitRecoveryStarts(clientIp(event));
      if (!rate.allowed) {
        const error: ApiErrorBody = { error: { code: 'RATE_LIMITED' } };
        return { status: 429, headers: { 'Retry-After': String(rate.retryAfterSeconds) }, body: error };
      }
      const { email, locale } = parseWith(RecoveryStartRequestSchema, body);
      // The answer comes at the same moment whatever the address: it does not wait on the work (docs/auth.md).
      await answerAfterFloor(startRecovery(email, locale));
      return { status: 202, body: {} };
    },

    'POST /api/account-recovery/complete': async ({ body }) => {
      const { token, password } = parseWith(RecoveryCompleteRequestSchema, body);
      return { body: { email: await completeRecovery(token, password) } };
    },
  },
});
