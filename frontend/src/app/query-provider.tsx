import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { appQueryClient } from '../lib/query/query-client';
import { fetchMe } from '../lib/api/me-client';
import { answerMeFrom, meKey } from '../lib/api/me-queries';
import { authStore } from '../features/auth';

/**
 * Server state belongs to one person: when the signed-in person changes (sign-out, a session the server refused,
 * another person signing in on this device), every answer kept in the query cache goes, and a read still in flight
 * lands nowhere. Subscribed when the signed-in shell loads, the only place the cache is provided.
 *
 * The GET /api/me the auth store reads at sign-in (the admin decision) is also the screens' `useMe` answer: a
 * screen that opens while it is under way waits for it, and once answered it is put in the cache, so the home page
 * does not ask the server the same question again as it opens.
 */
answerMeFrom((apiBaseUrl) => authStore.pendingMe() ?? fetchMe(apiBaseUrl));
let person = authStore.getState().user?.uid ?? null;
let seeded = authStore.getState().me;
if (seeded && person) appQueryClient.setQueryData(meKey, seeded);
authStore.subscribe(() => {
  const { user, me } = authStore.getState();
  const next = user?.uid ?? null;
  if (next !== person) {
    person = next;
    appQueryClient.clear();
  }
  if (me && me !== seeded && person) appQueryClient.setQueryData(meKey, me);
  seeded = me;
});

/** The app's one QueryClient provider (the signed-in shell's chunk, so the first page does not carry the library). */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={appQueryClient}>{children}</QueryClientProvider>;
}
