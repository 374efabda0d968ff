import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { AuthMessage } from '../api/auth-errors';
import { authMessageText } from '../components/auth-message-text';
import { useSignIn } from '../hooks/use-sign-in';

export interface SignInFormProps {
  initialEmail?: string;
  /** A notice from another step (e.g. "password changed"), or why the person is here (the session ended). */
  notice?: string;
  noticeType?: 'success' | 'info';
  /** Opens the forgotten-password step, with the address typed here. */
  onForgotPassword: (email: string) => void;
  /** Opens the register tab, with the address typed here. */
  onCreateAccount: (email: string) => void;
}

/**
 * Sign in with email and password (docs/product-rules.md, "Accounts"): an unverified email keeps the user and leads
 * to the verification page (its "blocked sign-in" variant); a verified one goes on to `?redirect=` or home.
 */
/** The sign-in's second step for an account with an authenticator: the app's current 6-digit code. */
function TotpCodeField({ code, onChange }: { code: string; onChange: (code: string) => void }) {
  const { t } = useTranslation();
  return (
    <SpaceBetween size="s">
      <Alert type="info">{t('auth.mfa.signInPrompt')}</Alert>
      <FormField label={t('auth.mfa.codeLabel')} constraintText={t('auth.mfa.codeHint')}>
        <Input
          value={code}
          onChange={({ detail }) => onChange(detail.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
        />
      </FormField>
    </SpaceBetween>
  );
}

const hasNoAccountHelp = (failure: AuthMessage) => failure.key === 'invalidCredentials' || failure.key === 'userNotFound';

/**
 * After a refusal that may mean "no account yet" (docs/auth.md, "Sign-in refusals"): a parent whose address is on the
 * school's list but who never created an account is pointed to account creation, and, when the service cannot
 * say which it is, to a new password too.
 */
function NoAccountHelp({ failure, onCreateAccount, onForgotPassword }: {
  failure: AuthMessage | null;
  onCreateAccount: () => void;
  onForgotPassword: () => void;
}) {
  const { t } = useTranslation();
  if (!failure || !hasNoAccountHelp(failure)) return null;
  const unsure = failure.key === 'invalidCredentials';
  return (
    <SpaceBetween size="xs">
      <span>{t(unsure ? 'auth.signInForm.invalidCredentialsHelp' : 'auth.signInForm.noAccountHelp')}</span>
      <SpaceBetween direction="horizontal" size="xs">
        <Button
          href="/auth?mode=register"
          onFollow={(event) => {
            event.preventDefault();
            onCreateAccount();
          }}
        >
          {t('auth.signInForm.createAccount')}
        </Button>
        {unsure && (
          <Button
            href="/auth?mode=forgot"
            onFollow={(event) => {
              event.preventDefault();
              onForgotPassword();
            }}
          >
            {t('auth.signInForm.resetPassword')}
          </Button>
        )}
      </SpaceBetween>
    </SpaceBetween>
  );
}

export function SignInForm({
  initialEmail = '',
  notice,
  noticeType = 'success',
  onForgotPassword,
  onCreateAccount,
}: SignInFormProps) {
  const { t } = useTranslation();
  const { email, setEmail, password, setPassword, emailRef, passwordRef, submitted, busy, failure, errors, showRedirectNotice, submit, totp } =
    useSignIn(initialEmail);

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
        // The refusal, then what to do about it when the account may not exist (create it, choose a new password),
        // in one message; other refusals stay a sentence.
        errorText={
          failure && hasNoAccountHelp(failure) ? (
            <SpaceBetween size="xs">
              <span>{authMessageText(t, failure)}</span>
              <NoAccountHelp failure={failure} onCreateAccount={() => onCreateAccount(email)} onForgotPassword={() => onForgotPassword(email)} />
            </SpaceBetween>
          ) : failure ? (
            authMessageText(t, failure)
          ) : undefined
        }
        errorIconAriaLabel={t('auth.errorIcon')}
      >
        <SpaceBetween size="l">
          {notice && <Alert type={noticeType}>{notice}</Alert>}
          {showRedirectNotice && !notice && <Alert type="info">{t('auth.signInForm.redirectNotice')}</Alert>}
          {totp.needsCode && <TotpCodeField code={totp.code} onChange={totp.setCode} />}
          <FormField label={t('auth.fields.email')} errorText={submitted && errors.email ? t(errors.email) : undefined}>
            <Input
              ref={emailRef}
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
              ref={passwordRef}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={({ detail }) => setPassword(detail.value)}
            />
          </FormField>
          <Link
            onFollow={(event) => {
              event.preventDefault();
              onForgotPassword(email);
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
