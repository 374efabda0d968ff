import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import Alert from '@cloudscape-design/components/alert';
import { useRuntimeConfig } from '../../config/runtime-config-context';
import { apiRequest } from '../../lib/api/api-client';
import { RouterLink } from '../router-link/router-link';

const UnreadSchema = z.object({ unread: z.number().int() });

/** The home page's line about unread messages (docs/messages.md, "In the app"), with the way to read them; nothing when none. */
export function UnreadMessages() {
  const { t } = useTranslation();
  const { apiBaseUrl } = useRuntimeConfig();
  // Under the Messages page's key: reading a message there (which invalidates ['messages']) updates this line.
  const query = useQuery({ queryKey: ['messages', 'unread'], queryFn: () => apiRequest(apiBaseUrl, '/messages', UnreadSchema) });
  const unread = query.data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <Alert type="info">
      <RouterLink href="/messages">{t('directory.home.unreadMessages', { count: unread })}</RouterLink>
    </Alert>
  );
}
