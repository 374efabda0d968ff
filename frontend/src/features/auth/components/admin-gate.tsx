import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { PageFrame } from '../../../components/page/page-frame';
import { toAuthMessage, type AuthMessage } from '../api/auth-errors';
import { useAuth } from '../hooks/use-auth';
import { authStore } from '../state/auth-store';
import { authMessageText } from './auth-message-text';

// Loaded only for the administrator who needs it: the QR code library stays out of the first page.
const MfaSetup = lazy(() => import('./mfa-setup').then((m) => ({ default: m.MfaSetup })));

/**
 * The administrator check of the admin pages (docs/product-rules.md): the route only needs a verified sign-in, the page
 * asks an administrator without the required authenticator to enrol one first (docs/auth.md), and
 * shows the Access Denied message to everyone the server does not count an administrator now (GET /api/me).
 * Someone just granted a role gets it with "Refresh Admin Status", which asks the server again. The API
 * enforces the same rule on every request; this screen only spares people a page of failing calls.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { isAdmin, adminPending, adminMfaSetup } = useAuth();
  const [refreshing, setRefreshing] = useState(false);
  // A message key and its cause, worded at render time so a language switch rewords it.
  const [outcome, setOutcome] = useState<{ key: string; cause?: AuthMessage } | null>(null);

  if (isAdmin && adminMfaSetup) {
    return (
      <Suspense fallback={<StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>}>
        <MfaSetup />
      </Suspense>
    );
  }
  if (isAdmin) return <>{children}</>;
  if (adminPending) return <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>;

  async function refresh() {
    setRefreshing(true);
    setOutcome(null);
    try {
      // New tokens too, so the group mirror (used by nothing the server trusts) follows.
      await authStore.refreshUser();
      if (!(await authStore.refreshAdminStatus())) setOutcome({ key: 'auth.admin.stillNotAdmin' });
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
