import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { authMessageText } from '../components/auth-message-text';
import { usePasswordReset } from '../hooks/use-password-reset';

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

/**
 * Forgot password, then reset with the emailed code (docs/auth.md). Step one asks Cognito to email a code (and the
 * link back here); step two takes the email, the code and the new password, checked with the shared rule.
 */
export function PasswordResetForm({ linkCode, initialEmail = '', onCodeRequested, onDone }: PasswordResetFormProps) {
  const { t } = useTranslation();
  const {
    step, email, setEmail, code, setCode, password, setPassword, confirmation, setConfirmation, sentTo,
    request, confirm, errors, shown, sendCode, resetPassword, askNewCode,
  } = usePasswordReset({ linkCode, initialEmail, onCodeRequested, onDone });

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
            <Button formAction="none" onClick={askNewCode}>
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
