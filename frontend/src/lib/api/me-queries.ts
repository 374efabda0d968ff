import type { MeResponse } from '@shared/contracts/auth-api';
import { fetchMe } from './me-client';
import { useApiQuery } from '../query/use-api-query';

/**
 * GET /api/me as server state (docs/frontend.md, "Server state"): who is looking, their parent records as the
 * school holds them, whether the server counts them an administrator. The home page and My Profile read it; a
 * write to the person's own record names `meKey`.
 */
export const meKey = ['me'] as const;

/**
 * One answer serves a screen as it opens: the home page's parts that read it mount over a second or two (some once
 * the directory has arrived), and each would otherwise ask again. A write to the person's own record names `meKey`
 * and asks at once; a screen opened later asks again.
 */
const ME_FRESH_MS = 10_000;

/** Where useMe's answer comes from: GET /api/me, or a read of it already under way (answerMeFrom). */
let readMe: (apiBaseUrl: string) => Promise<MeResponse> = fetchMe;

/** Lets the app answer useMe from a read already under way (the auth store's, at sign-in), else from `fetchMe`. */
export function answerMeFrom(read: (apiBaseUrl: string) => Promise<MeResponse>): void {
  readMe = read;
}

export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useApiQuery(meKey, (apiBaseUrl) => readMe(apiBaseUrl), { staleTime: ME_FRESH_MS, enabled });
}
