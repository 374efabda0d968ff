import { fetchMe } from './me-client';
import { useApiQuery } from '../query/use-api-query';

/**
 * GET /api/me as server state (docs/frontend.md, "Server state"): who is looking, their parent records as the
 * school holds them, whether the server counts them an administrator. The home page and My Profile read it; a
 * write to the person's own record names `meKey`.
 */
export const meKey = ['me'] as const;

export function useMe() {
  return useApiQuery(meKey, fetchMe);
}
