import { MessagesResponseSchema } from '@shared/contracts/messages-api';
import { useApiQuery } from '../query/use-api-query';
import { apiRequest } from './api-client';

/** The member's own messages (GET /api/messages), in TanStack Query's cache. */
export const myMessagesKey = ['messages'] as const;

/**
 * GET /api/messages (docs/messages.md): received, sent, unread, the audiences the member may write to and their
 * quota. Read by the Messages page and, for a class's representative or teacher, by the home page's cards (whether
 * to offer « Écrire aux parents de la classe »): one request for both, in the same cache entry.
 */
export const useMyMessages = (options: { enabled?: boolean } = {}) =>
  useApiQuery(myMessagesKey, (api) => apiRequest(api, '/messages', MessagesResponseSchema), options);

/** The Messages page's address with a class's parents chosen as the audience (the compose form reads `class`). */
export const CLASS_AUDIENCE_PARAM = 'class';
export const writeToClassHref = (classId: string): string => `/messages?${CLASS_AUDIENCE_PARAM}=${encodeURIComponent(classId)}`;
