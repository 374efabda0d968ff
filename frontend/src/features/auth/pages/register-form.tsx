import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { PrivacyShortNotice } from '../../../components/privacy/privacy-short-notice';
import { TakeoverOffer } from '../components/takeover-offer';
import { AuthFailure, message, toAuthMessage, type AuthMessage } from '../api/auth-errors';
import { authMessageText } from '../components/auth-message-text';
import { VERIFICATION_PATH } from '../guards/redirect';
import { useAuthLocale } from '../hooks/use-auth-locale';
import { useEmailCheck, useEmailValidator, type EmailCheckState } from '../hooks/use-email-check';
import { authStore } from '../state/auth-store';
import { registrationErrors, type RegistrationValues } from './form-rules';

const EMPTY: RegistrationValues = { email: '', password: '', confirmPassword: '', displayName: '', acceptTerms: false };

/** What the live check says under the email field (spec §5's positive and negative messages). */
function EmailStatus({ status }: { status: EmailCheckState }): ReactNode {
  const { t } = useTranslation();
  if (status.state === 'checking') return <StatusIndicator type="loading">{t('auth.emailCheck.checking')}</StatusIndicator>;
  if (status.state !== 'done') return null;
  const { result } = status;
  if (result.authorized) return <StatusIndicator type="success">{t('auth.emailCheck.authorized')}</StatusIndicator>;
  if (result.error) return <StatusIndicator type="warning">{authMessageText(t, result.error)}</StatusIndicator>;
  return <StatusIndicator type="error">{t('auth.messages.notAuthorizedToRegister')}</StatusIndicator>;
}

/**
 * Account creation for registered parents and staff (spec §4 Registration, §5 rules). The email is checked live
 * with the server as it is typed; on submit the store runs the spec's steps in order and the person lands on
 * the verification page.
 */
export function RegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useAuthLocale();
  const validator = useEmailValidator();
  const [values, setValues] = useState<RegistrationValues>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof RegistrationValues, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<AuthMessage | null>(null);
  const emailStatus = useEmailCheck(values.email, validator);

  const errors = registrationErrors(values);
  const errorFor = (field: keyof RegistrationValues) =>
    (submitted || touched[field]) && errors[field] ? t(errors[field]) : undefined;
  const update = <K extends keyof RegistrationValues>(field: K, value: RegistrationValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const touch = (field: keyof RegistrationValues) => () => setTouched((current) => ({ ...current, [field]: true }));

  async function submit() {
    setSubmitted(true);
    setFailure(null);
    if (Object.keys(errors).length > 0) return;
    if (!navigator.onLine) {
      setFailure(message('offlineRegistration'));
      return;
    }
    setBusy(true);
    try {
      const { emailWarning } = await authStore.register(
        { email: values.email, password: values.password, displayName: values.displayName },
        locale,
        validator.check,
      );
      void navigate(`${VERIFICATION_PATH}?from=registration`, { replace: true, state: { emailWarning } });
    } catch (error) {
      setFailure(error instanceof AuthFailure ? error.authMessage : toAuthMessage(error, 'signUp'));
      setBusy(false);
    }
  }

  const emailNotAuthorized =
    emailStatus.state === 'done' && !emailStatus.result.authorized && !emailStatus.result.error
      ? t('auth.messages.notAuthorizedToRegister')
      : undefined;

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
            {t('auth.registerForm.submit')}
          </Button>
        }
        errorText={failure ? authMessageText(t, failure) : undefined}
        errorIconAriaLabel={t('auth.errorIcon')}
      >
        <SpaceBetween size="l">
          <Box variant="p">{t('auth.registerForm.intro')}</Box>
          <FormField
            label={t('auth.fields.email')}
            errorText={errorFor('email') ?? emailNotAuthorized}
            constraintText={errorFor('email') || emailNotAuthorized ? undefined : <EmailStatus status={emailStatus} />}
          >
            <Input
              type="email"
              inputMode="email"
              autoComplete="email"
              value={values.email}
              onChange={({ detail }) => update('email', detail.value)}
              onBlur={touch('email')}
            />
          </FormField>
          <FormField
            label={t('auth.fields.password')}
            constraintText={t('auth.password.rules')}
            errorText={errorFor('password')}
          >
            <Input
              type="password"
              autoComplete="new-password"
              value={values.password}
              onChange={({ detail }) => update('password', detail.value)}
              onBlur={touch('password')}
            />
          </FormField>
          <FormField label={t('auth.fields.confirmPassword')} errorText={errorFor('confirmPassword')}>
            <Input
              type="password"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={({ detail }) => update('confirmPassword', detail.value)}
              onBlur={touch('confirmPassword')}
            />
          </FormField>
          <FormField
            label={
              <span>
                {t('auth.fields.displayName')} <i>- {t('auth.fields.optional')}</i>
              </span>
            }
            description={t('auth.fields.displayNameDescription')}
            errorText={errorFor('displayName')}
          >
            <Input
              autoComplete="name"
              value={values.displayName}
              onChange={({ detail }) => update('displayName', detail.value)}
              onBlur={touch('displayName')}
            />
          </FormField>
          <FormField errorText={errorFor('acceptTerms')}>
            <Checkbox checked={values.acceptTerms} onChange={({ detail }) => update('acceptTerms', detail.checked)}>
              {t('auth.fields.terms')}
            </Checkbox>
          </FormField>
          {failure?.key === 'emailExists' && <TakeoverOffer email={values.email} />}
          <PrivacyShortNotice />
        </SpaceBetween>
      </Form>
    </form>
  );
}
