import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { normalizeEmail } from '../../../../../shared/email';
import { AuthFailure, toAuthMessage, type AuthMessage, type AuthOperation } from '../api/auth-errors';
import { authMessageText } from '../components/auth-message-text';
import { useAuthLocale } from '../hooks/use-auth-locale';
import { authStore } from '../state/auth-store';
import { confirmPasswordError, emailError, passwordError, requiredError } from './form-rules';

export interface PasswordResetFormProps {
  /** Set when the emailed link opened `/auth?mode=reset&code=...`: go straight to the second step. */
  linkCode?: string;
  /** The email to reset, once known (the link does not carry it). */
  initialEmail?: string;
  onCodeRequested: () => void;
  onDone: (email: string) => void;
}

/** A form's submit handler: no browser navigation, the async action runs instead. */
const submitWith = (action: () => Promise<void>) => (event: FormEvent) => {
  event.preventDefault();
  void action();
};

function useSubmission(operation: AuthOperation) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<AuthMessage | null>(null);
  const run = async (action: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
      return true;
    } catch (error) {
      setFailure(error instanceof AuthFailure ? error.authMessage : toAuthMessage(error, operation));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, run };
}

/**
 * Forgot password, then reset with the emailed code (spec §2). Step one asks Cognito to email a code (and the
 * link back here); step two takes the email, the code and the new password, checked with the shared rule.
 */
export function PasswordResetForm({ linkCode, initialEmail = '', onCodeRequested, onDone }: PasswordResetFormProps) {
  const { t } = useTranslation();
  const locale = useAuthLocale();
  const [step, setStep] = useState<'request' | 'confirm'>(linkCode ? 'confirm' : 'request');
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState(linkCode ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useSubmission('resetPassword');
  const confirm = useSubmission('confirmResetPassword');

  const errors = {
    email: emailError(email),
    code: requiredError(code),
    password: passwordError(password),
    confirmation: confirmPasswordError(password, confirmation),
  };
  const shown = (key?: string) => (submitted && key ? t(key) : undefined);

  async function sendCode() {
    setSubmitted(true);
    if (errors.email) return;
    const ok = await request.run(() => authStore.requestPasswordReset(email, locale));
    if (!ok) return;
    setSentTo(normalizeEmail(email));
    setSubmitted(false);
    setStep('confirm');
    onCodeRequested();
  }

  async function resetPassword() {
    setSubmitted(true);
    if (errors.email || errors.code || errors.password || errors.confirmation) return;
    const ok = await confirm.run(() => authStore.completePasswordReset(email, code, password, locale));
    if (ok) onDone(normalizeEmail(email));
  }

  const emailField = (
    <FormField label={t('auth.fields.email')} errorText={shown(errors.email)}>
      <Input type="email" inputMode="email" autoComplete="username" value={email} onChange={({ detail }) => setEmail(detail.value)} />
    </FormField>
  );

  if (step === 'request') {
    return (
      <form noValidate onSubmit={submitWith(sendCode)}>
        <Form
          actions={<Button variant="primary" formAction="submit" loading={request.busy}>{t('auth.forgotForm.submit')}</Button>}
          errorText={request.failure ? authMessageText(t, request.failure) : undefined}
          errorIconAriaLabel={t('auth.errorIcon')}
        >
          <SpaceBetween size="l">
            <Box variant="p">{t('auth.forgotForm.intro')}</Box>
            {emailField}
          </SpaceBetween>
        </Form>
      </form>
    );
  }

  return (
    <form noValidate onSubmit={submitWith(resetPassword)}>
      <Form
        header={<Header variant="h2" description={t('auth.resetForm.intro')}>{t('auth.resetForm.title')}</Header>}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button
              formAction="none"
              onClick={() => {
                setStep('request');
                setSubmitted(false);
              }}
            >
              {t('auth.resetForm.newCode')}
            </Button>
            <Button variant="primary" formAction="submit" loading={confirm.busy}>{t('auth.resetForm.submit')}</Button>
          </SpaceBetween>
        }
        errorText={confirm.failure ? authMessageText(t, confirm.failure) : undefined}
        errorIconAriaLabel={t('auth.errorIcon')}
      >
        <SpaceBetween size="l">
          {sentTo && <Alert type="success">{t('auth.forgotForm.sent', { email: sentTo })}</Alert>}
          {emailField}
          <FormField label={t('auth.fields.code')} description={t('auth.fields.codeDescription')} errorText={shown(errors.code)}>
            <Input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={({ detail }) => setCode(detail.value)} />
          </FormField>
          <FormField label={t('auth.fields.newPassword')} constraintText={t('auth.password.rules')} errorText={shown(errors.password)}>
            <Input type="password" autoComplete="new-password" value={password} onChange={({ detail }) => setPassword(detail.value)} />
          </FormField>
          <FormField label={t('auth.fields.confirmPassword')} errorText={shown(errors.confirmation)}>
            <Input
              type="password"
              autoComplete="new-password"
              value={confirmation}
              onChange={({ detail }) => setConfirmation(detail.value)}
            />
          </FormField>
        </SpaceBetween>
      </Form>
    </form>
  );
}
