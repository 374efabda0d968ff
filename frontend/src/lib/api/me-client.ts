import { MeResponseSchema, type MeResponse } from '../../../../shared/auth-api';
import { apiRequest } from './api-client';

/** GET /api/me: the caller as the registry knows them; may grant the first administrator. */
export async function fetchMe(apiBaseUrl: string): Promise<MeResponse> {
  return apiRequest(apiBaseUrl, '/me', MeResponseSchema);
}
