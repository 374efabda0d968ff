import {
  RecoveryCompleteResponseSchema,
  type RecoveryCompleteResponse,
} from '@shared/contracts/account-recovery-api';
import { apiRequest } from '../../../lib/api/api-client';

/** Sets the password of the account the emailed token names; the token travels in the POST body only. */
export async function completeTakeover(
  apiBaseUrl: string,
  token: string,
  password: string,
): Promise<RecoveryCompleteResponse> {
  return apiRequest(apiBaseUrl, '/account-recovery/complete', RecoveryCompleteResponseSchema, {
    method: 'POST',
    body: { token, password },
    auth: false,
  });
}
