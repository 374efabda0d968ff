import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useAuth } from '../hooks/use-auth';

/**
 * The auth state for the debug panel: technical facts only (the panel promises no personal data, so no email
 * and no name). The last error is its message key, which is what a maintainer searches for.
 */
export function AuthDebugStatus() {
  const { t } = useTranslation();
  const { user, loading, error, isInitialized, isAdmin } = useAuth();
  const yesNo = (value: boolean) => t(value ? 'common.yes' : 'common.no');
  if (!isInitialized) return <StatusIndicator type="pending">{t('auth.debug.initializing')}</StatusIndicator>;
  return (
    <Box variant="div">
      <StatusIndicator type={user ? 'success' : 'stopped'}>
        {t(user ? 'auth.debug.signedIn' : 'auth.debug.signedOut')}
      </StatusIndicator>
      {user && (
        <>
          <div>{t('auth.debug.line', { label: t('auth.debug.emailVerified'), value: yesNo(user.emailVerified) })}</div>
          <div>{t('auth.debug.line', { label: t('auth.debug.admin'), value: yesNo(isAdmin) })}</div>
        </>
      )}
      <div>{t('auth.debug.line', { label: t('auth.debug.loading'), value: yesNo(loading) })}</div>
      <div>{t('auth.debug.line', { label: t('auth.debug.lastError'), value: error ? error.key : t('auth.debug.none') })}</div>
    </Box>
  );
}
