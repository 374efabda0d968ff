import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { AuthFailure, toAuthMessage, type AuthMessage } from '../api/auth-errors';
import { authMessageText } from '../components/auth-message-text';
import { afterSignInPath, VERIFICATION_PATH } from '../guards/redirect';
import { authStore } from '../state/auth-store';
import { clearPendingVerificationCode } from '../state/pending-verification';
import { emailError, requiredError } from './form-rules';

export interface SignInFormProps {
  initialEmail?: string;
  /** A success notice from another step (e.g. "password changed"). */
  notice?: string;
  onForgotPassword: () => void;
}

/**
 * Sign in with email and password. Spec §4 Login: an unverified email keeps the user and leads to the
 * verification page (its "blocked sign-in" variant); a verified one goes on to `?redirect=` or home.
 */
export function SignInForm({ initialEmail = '', notice, onForgotPassword }: SignInFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<AuthMessage | null>(null);

  const errors = { email: emailError(email), password: requiredError(password) };
  const showRedirectNotice = new URLSearchParams(search).has('redirect');

  async function submit() {
    setSubmitted(true);
    if (errors.email || errors.password) return;
    setBusy(true);
    setFailure(null);
    try {
      const outcome = await authStore.signIn(email, password);
      if (outcome.status === 'unverified') {
        // A verification link opened before signing in is waiting in sessionStorage: the page will use it.
        void navigate(`${VERIFICATION_PATH}?from=sign-in`, { replace: true });
      } else {
        clearPendingVerificationCode();
        void navigate(afterSignInPath(search), { replace: true });
      }
    } catch (error) {
      setFailure(error instanceof AuthFailure ? error.authMessage : toAuthMessage(error, 'signIn'));
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={busy}>
            {t('auth.signInForm.submit')}
          </Button>
        }
        errorText={failure ? authMessageText(t, failure) : undefined}
        errorIconAriaLabel={t('auth.errorIcon')}
      >
        <SpaceBetween size="l">
          {notice && <Alert type="success">{notice}</Alert>}
          {showRedirectNotice && !notice && <Alert type="info">{t('auth.signInForm.redirectNotice')}</Alert>}
          <FormField label={t('auth.fields.email')} errorText={submitted && errors.email ? t(errors.email) : undefined}>
            <Input
              type="email"
              inputMode="email"
              autoComplete="username"
              value={email}
              onChange={({ detail }) => setEmail(detail.value)}
            />
          </FormField>
          <FormField
            label={t('auth.fields.password')}
            errorText={submitted && errors.password ? t(errors.password) : undefined}
          >
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={({ detail }) => setPassword(detail.value)}
            />
          </FormField>
          <Link
            onFollow={(event) => {
              event.preventDefault();
              onForgotPassword();
            }}
            href="/auth?mode=forgot"
          >
            {t('auth.signInForm.forgot')}
          </Link>
        </SpaceBetween>
      </Form>
    </form>
  );
}
