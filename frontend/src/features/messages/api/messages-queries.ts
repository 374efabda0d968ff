import { useQueryClient } from '@tanstack/react-query';
import * as z from 'zod';
import {
  MessageProgressSchema,
  MessageSchema,
  MessageSettingsSchema,
  rejectionReason,
  type AdminMessagesResponse,
  type ComposeMessage,
  type Message,
  type MessageDecision,
  type MessageSettings,
} from '@shared/contracts/messages-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { ApiError, apiRequest } from '../../../lib/api/api-client';
import { adminMessagesKey } from '../../../lib/api/admin-query-keys';
import { myMessagesKey } from '../../../lib/api/my-messages-queries';
import { useApiMutation } from '../../../lib/query/use-api-mutation';

/** The Messages page's server state (docs/messages.md, docs/frontend.md "Server state"). */
export const messagesKeys = {
  mine: myMessagesKey,
  admin: adminMessagesKey,
};

const MessageResponseSchema = z.object({ message: MessageSchema });

/** GET /api/messages: shared with the home page's class cards. */
export { useMyMessages } from '../../../lib/api/my-messages-queries';

/** GET /api/admin/messages: every message sent, and the settings (shared with the dashboard's card). */
export { useAdminMessages } from '../../../lib/api/admin-messages-queries';

export function useComposeMessage() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation({
    mutationFn: (input: ComposeMessage) => apiRequest(apiBaseUrl, '/messages', MessageResponseSchema, { method: 'POST', body: input }),
    invalidates: [messagesKeys.mine],
  });
}

/** One paced chunk of a message's emails (the author's page, or an administrator's after an approval). */
export function continueMessage(apiBaseUrl: string, id: string) {
  return apiRequest(apiBaseUrl, `/messages/${encodeURIComponent(id)}/continue`, MessageProgressSchema, { method: 'POST' });
}

/** Drives a message's paced sending to the end (docs/messages.md, "Sending"), reporting each chunk's progress. */
export async function sendToEnd(apiBaseUrl: string, id: string, onProgress: (message: Message) => void): Promise<Message> {
  for (;;) {
    const { message, done } = await continueMessage(apiBaseUrl, id);
    onProgress(message);
    if (done) return message;
  }
}

export function useMarkRead() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation({
    mutationFn: (id: string) => apiRequest(apiBaseUrl, `/messages/${encodeURIComponent(id)}/read`, z.unknown(), { method: 'POST' }).then(() => undefined),
    invalidates: [messagesKeys.mine],
  });
}

/** A save refused because the settings changed since they were read (another window, another administrator). */
export const isSettingsConflict = (error: unknown) => error instanceof ApiError && error.code === 'CONFLICT';

/**
 * PUT /api/admin/messages/settings at the version read (the switches, the withdrawn authors). The saved settings
 * go into the cache at once, so the next save (the switches after a withdrawal) carries the new version and the
 * new list; a stale version is refused (409 CONFLICT) and the current settings are read again before the caller
 * hears of it.
 */
export function useSaveMessageSettings() {
  const { apiBaseUrl } = useRuntimeConfig();
  const queryClient = useQueryClient();
  return useApiMutation({
    mutationFn: (settings: MessageSettings) =>
      apiRequest(apiBaseUrl, '/admin/messages/settings', z.object({ settings: MessageSettingsSchema }), { method: 'PUT', body: settings }),
    onSuccess: ({ settings }) => {
      queryClient.setQueryData<AdminMessagesResponse>(messagesKeys.admin, (old) => old && { ...old, settings });
    },
    onError: async (error) => {
      if (isSettingsConflict(error)) await queryClient.refetchQueries({ queryKey: messagesKeys.admin });
    },
    invalidates: [messagesKeys.admin],
  });
}

/**
 * POST /api/admin/messages/{id}/decision: approve, or refuse with an optional reason for the author (sent only when
 * not blank). Sent twice, the same decision answers the message as decided; the server emails the author once.
 */
export function useDecideMessage() {
  const { apiBaseUrl } = useRuntimeConfig();
  return useApiMutation({
    mutationFn: ({ id, approve, reason }: { id: string; approve: boolean; reason?: string }) => {
      const body: MessageDecision = { approve, ...(!approve && rejectionReason(reason) ? { reason: rejectionReason(reason) } : {}) };
      return apiRequest(apiBaseUrl, `/admin/messages/${encodeURIComponent(id)}/decision`, MessageResponseSchema, { method: 'POST', body });
    },
    invalidates: [messagesKeys.admin],
  });
}
