import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { PageFrame } from '../../../components/page/page-frame';
import { RouterLink } from '../../../components/router-link/router-link';
import { AuthFailure, message, toAuthMessage, type AuthMessage } from '../api/auth-errors';
import { AuthAlert } from '../components/auth-alert';
import { authMessageText } from '../components/auth-message-text';
import { signInPathFor, VERIFICATION_PATH } from '../guards/redirect';
import { useAuth } from '../hooks/use-auth';
import { useAuthLocale } from '../hooks/use-auth-locale';
import { useVerificationCode } from '../hooks/use-verification-code';
import { useVerificationRecheck } from '../hooks/use-verification-recheck';
import { authStore } from '../state/auth-store';
import type { AuthUser } from '../state/auth-user';

/** Worded at render time, so a language switch rewords it too (docs/product-rules.md, "Messages and languages"). */
type Notice = { type: 'success' | 'info' | 'warning' | 'error'; text: (t: TFunction) => string } | null;

/** Why the person is here: a new account, a sign-in refused for an unverified email, or a guarded page. */
function VariantAlert({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const emailWarning = (useLocation().state as { emailWarning?: AuthMessage | null } | null)?.emailWarning;
  const from = params.get('from');
  if (from === 'registration') {
    return (
      <SpaceBetween size="s">
        <Alert type="success" header={t('auth.verification.registrationTitle')}>
          {t('auth.verification.registration', { email: user.email })}
        </Alert>
        {emailWarning && (
          <Alert type="warning">{`${t('auth.registerForm.emailWarning')} ${authMessageText(t, emailWarning)}`}</Alert>
        )}
      </SpaceBetween>
    );
  }
  if (from === 'sign-in') {
    return <AuthAlert type="warning" header={t('auth.verification.signInTitle')} authMessage={message('emailNotVerified')} />;
  }
  if (params.get('blocked') === 'true') {
    return (
      <Alert type="warning" header={t('auth.verification.blockedTitle')}>
        {t('auth.verification.blocked')}
      </Alert>
    );
  }
  return (
    <Alert type="info" header={t('auth.verification.pendingTitle')}>
      {t('auth.verification.pending', { email: user.email })}
    </Alert>
  );
}

/** The signed-in, unverified person's actions: resend, "I have verified my email", and the automatic re-check. */
function PendingVerification({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const locale = useAuthLocale();
  const [notice, setNotice] = useState<Notice>(null);
  const [action, setAction] = useState<'resend' | 'check' | null>(null);
  const secondsLeft = useVerificationRecheck(action === null);

  const failureOf = (error: unknown, fallback: Parameters<typeof toAuthMessage>[1]) =>
    error instanceof AuthFailure ? error.authMessage : toAuthMessage(error, fallback);

  async function resend() {
    setAction('resend');
    setNotice(null);
    try {
      await authStore.resendVerificationEmail(locale);
      setNotice({ type: 'success', text: (tr) => tr('auth.verification.resent', { email: user.email }) });
    } catch (error) {
      const failure = failureOf(error, 'sendVerification');
      setNotice({ type: 'error', text: (tr) => authMessageText(tr, failure) });
    } finally {
      setAction(null);
    }
  }

  async function checkNow() {
    setAction('check');
    setNotice(null);
    try {
      const verified = await authStore.checkVerified();
      if (!verified) setNotice({ type: 'info', text: (tr) => tr('auth.messages.stillNotVerified') });
    } catch (error) {
      const failure = failureOf(error, 'checkVerification');
      setNotice({
        type: 'error',
        text: (tr) => `${tr('auth.messages.verificationCheckFailed')} ${authMessageText(tr, failure)}`,
      });
    } finally {
      setAction(null);
    }
  }

  return (
    <SpaceBetween size="l">
      <VariantAlert user={user} />
      <Box variant="p">{t('auth.verification.sameBrowser')}</Box>
      {notice && (
        <div role={notice.type === 'error' ? 'alert' : 'status'}>
          <Alert type={notice.type}>{notice.text(t)}</Alert>
        </div>
      )}
      <SpaceBetween direction="horizontal" size="s" alignItems="center">
        <Button variant="primary" onClick={() => void checkNow()} loading={action === 'check'}>
          {t('auth.verification.iVerified')}
        </Button>
        <Button onClick={() => void resend()} loading={action === 'resend'}>
          {t('auth.verification.resend')}
        </Button>
        {action === null && (
          <Box color="text-body-secondary" variant="span">
            <span aria-live="polite">{t('auth.verification.countdown', { seconds: secondsLeft })}</span>
          </Box>
        )}
      </SpaceBetween>
    </SpaceBetween>
  );
}

/**
 * /email-verification-required (docs/product-rules.md): open to everyone, so the emailed link works in any state. Signed in
 * and unverified: the actions above. Signed out: sign in first (a code from the link is kept for afterwards).
 * Verified: on to the home page, where the layout shows the welcome message.
 */
export function EmailVerificationRequiredPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, isInitialized } = useAuth();
  const code = useVerificationCode(user, isInitialized);

  // Redirect only when the email becomes verified while on this page, not for a visitor already verified.
  const [sawUnverified, setSawUnverified] = useState(false);
  const unverified = !!user && !user.emailVerified;
  const verified = !!user?.emailVerified;
  useEffect(() => {
    if (unverified) setSawUnverified(true);
  }, [unverified]);
  useEffect(() => {
    if (verified && sawUnverified) void navigate('/', { replace: true });
  }, [verified, sawUnverified, navigate]);

  let body;
  if (code.state === 'confirming') {
    body = <StatusIndicator type="loading">{t('auth.verification.confirming')}</StatusIndicator>;
  } else if (!user) {
    const waiting = code.state === 'waiting-for-sign-in';
    body = (
      <Alert
        type={waiting ? 'warning' : 'info'}
        header={t(waiting ? 'auth.verification.signInFirstTitle' : 'auth.verification.signedOutTitle')}
        action={
          <Button onClick={() => void navigate(signInPathFor(VERIFICATION_PATH))}>
            {t('auth.verification.goToSignIn')}
          </Button>
        }
      >
        {t(waiting ? 'auth.verification.signInFirst' : 'auth.verification.signedOut')}
      </Alert>
    );
  } else if (user.emailVerified) {
    body = (
      <Alert type="success" header={t('auth.verification.verifiedTitle')}>
        <SpaceBetween size="s">
          <span>{t('auth.verification.verified')}</span>
          <RouterLink href="/">{t('auth.verification.continue')}</RouterLink>
        </SpaceBetween>
      </Alert>
    );
  } else {
    body = (
      <SpaceBetween size="l">
        {code.state === 'failed' && <AuthAlert authMessage={code.failure} />}
        <PendingVerification user={user} />
      </SpaceBetween>
    );
  }

  return (
    // The emailed link opened again once verified: no « requise » above « Adresse courriel vérifiée » (a trial).
    <PageFrame
      title={t(verified ? 'pages.emailVerification.doneTitle' : 'pages.emailVerification.title')}
      description={t(verified ? 'pages.emailVerification.doneDescription' : 'pages.emailVerification.description')}
    >
      <Container>{body}</Container>
    </PageFrame>
  );
}
