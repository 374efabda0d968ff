import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import { useAdminMessages } from '../../../lib/api/admin-messages-queries';
import { useMe } from '../../../lib/api/me-queries';
import { RouterLink } from '../../../components/router-link/router-link';

/**
 * An administrator's line on the home page when representatives' messages wait for an approval (docs/messages.md,
 * "Approval"), with the way to them: the dashboard's card (/admin) was the only place that said so, and an
 * administrator who opens the app on its home page missed them. Nothing for anyone else, or when none waits.
 */
export function PendingApprovals() {
  const { t } = useTranslation();
  const isAdmin = useMe().data?.isAdmin === true;
  const { data } = useAdminMessages({ enabled: isAdmin });
  const waiting = isAdmin ? (data?.messages.filter((m) => m.status === 'pendingApproval').length ?? 0) : 0;
  if (waiting === 0) return null;
  return (
    <Alert type="warning">
      <RouterLink href="/admin/messages">{t('directory.home.pendingApprovals', { count: waiting })}</RouterLink>
    </Alert>
  );
}
