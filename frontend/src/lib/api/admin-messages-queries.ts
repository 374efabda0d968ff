import { AdminMessagesResponseSchema } from '@shared/contracts/messages-api';
import { useApiQuery } from '../query/use-api-query';
import { adminMessagesKey } from './admin-query-keys';
import { apiRequest } from './api-client';

/**
 * GET /api/admin/messages (docs/messages.md): every message and the settings, read by the messages page and by the
 * dashboard's card of the messages awaiting approval and the home page's line about them (administrators only). On its own, not with the dashboard's other reads: the
 * messages page (members' as well) must not load the administrators' clients.
 */
export const useAdminMessages = (options: { enabled?: boolean } = {}) =>
  useApiQuery(adminMessagesKey, (api) => apiRequest(api, '/admin/messages', AdminMessagesResponseSchema), options);
