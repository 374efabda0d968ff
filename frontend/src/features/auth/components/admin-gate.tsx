import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PageFrame } from '../../../components/page/page-frame';
import { toAuthMessage, type AuthMessage } from '../api/auth-errors';
import { useAuth } from '../hooks/use-auth';
import { authStore } from '../state/auth-store';
import { isAdminUser } from '../state/auth-user';
import { authMessageText } from './auth-message-text';

/**
 * The administrator check of the admin pages (spec §2, §6): the route only needs a verified sign-in, the page
 * shows the Access Denied message to everyone outside the `admins` group. Someone just granted the role gets it
 * with "Refresh Admin Status": the group reaches the ID token only with new tokens. The API enforces the same
 * rule; this screen only spares people a page of failing calls.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { isAdmin } = useAuth();
  const [refreshing, setRefreshing] = useState(false);
  // A message key and its cause, worded at render time so a language switch rewords it.
  const [outcome, setOutcome] = useState<{ key: string; cause?: AuthMessage } | null>(null);

  if (isAdmin) return <>{children}</>;

  async function refresh() {
    setRefreshing(true);
    setOutcome(null);
    try {
      const user = await authStore.refreshUser();
      if (!isAdminUser(user)) setOutcome({ key: 'auth.admin.stillNotAdmin' });
    } catch (error) {
      setOutcome({ key: 'auth.admin.refreshFailed', cause: toAuthMessage(error, 'checkVerification') });
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <PageFrame title={t('auth.admin.accessDeniedTitle')}>
      <Container>
        <SpaceBetween size="l">
          <div role="alert">
            <Alert type="error">{t('auth.admin.accessDenied')}</Alert>
          </div>
          <Box variant="p">{t('auth.admin.refreshHelp')}</Box>
          <Button iconName="refresh" loading={refreshing} onClick={() => void refresh()}>
            {t('auth.admin.refresh')}
          </Button>
          {outcome && (
            <div role="status">
              <Alert type="info">
                {[t(outcome.key), outcome.cause ? authMessageText(t, outcome.cause) : ''].join(' ').trim()}
              </Alert>
            </div>
          )}
        </SpaceBetween>
      </Container>
    </PageFrame>
  );
}
