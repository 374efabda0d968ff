import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { appQueryClient } from '../lib/query/query-client';
import { authStore } from '../features/auth';

/**
 * Server state belongs to one person: when the signed-in person changes (sign-out, a session the server refused,
 * another person signing in on this device), every answer kept in the query cache goes, and a read still in flight
 * lands nowhere. Subscribed when the signed-in shell loads, the only place the cache is provided.
 */
let person = authStore.getState().user?.uid ?? null;
authStore.subscribe(() => {
  const next = authStore.getState().user?.uid ?? null;
  if (next === person) return;
  person = next;
  appQueryClient.clear();
});

/** The app's one QueryClient provider (the signed-in shell's chunk, so the first page does not carry the library). */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={appQueryClient}>{children}</QueryClientProvider>;
}
