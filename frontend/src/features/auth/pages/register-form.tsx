import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
import { authMessageText } from '../components/auth-message-text';
import type { EmailCheckState } from '../hooks/use-email-check';
import { useRegister } from '../hooks/use-register';
import { WholeWordsStatus } from '../../../components/status/whole-words-status';

/** What the live check says under the email field (docs/auth.md, "Sign-up and verification"). */
function EmailStatus({ status }: { status: EmailCheckState }): ReactNode {
  const { t } = useTranslation();
  if (status.state === 'checking') return <StatusIndicator type="loading">{t('auth.emailCheck.checking')}</StatusIndicator>;
  if (status.state !== 'done') return null;
  const { result } = status;
  if (result.authorized) return <WholeWordsStatus type="success">{t('auth.emailCheck.authorized')}</WholeWordsStatus>;
  if (result.error) return <WholeWordsStatus type="warning">{authMessageText(t, result.error)}</WholeWordsStatus>;
  return <WholeWordsStatus type="error">{t('auth.messages.notAuthorizedToRegister')}</WholeWordsStatus>;
}

type RegisterState = ReturnType<typeof useRegister>;

/** The password, with the password rules under it. */
function PasswordField({ form }: { form: RegisterState }) {
  const { t } = useTranslation();
  const { values, errorFor, update } = form;
  return (
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
      />
    </FormField>
  );
}

/** The password typed again. */
function ConfirmPasswordField({ form }: { form: RegisterState }) {
  const { t } = useTranslation();
  const { values, errorFor, update } = form;
  return (
    <FormField label={t('auth.fields.confirmPassword')} errorText={errorFor('confirmPassword')}>
      <Input
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={({ detail }) => update('confirmPassword', detail.value)}
      />
    </FormField>
  );
}

/**
 * Account creation for registered parents and staff (docs/auth.md, "Sign-up and verification";
 * docs/product-rules.md, "Accounts"). The email is checked live with the server as it is typed; on submit the
 * store runs the registration's steps in order and the person lands on the verification page. Field messages
 * appear at submit, never when a field is left (see useRegister).
 */
export function RegisterForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation();
  const form = useRegister(initialEmail);
  const { values, busy, failure, emailStatus, errorFor, update, submit, emailNotAuthorized, formRef } = form;

  return (
    <form
      ref={formRef}
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
            />
          </FormField>
          <PasswordField form={form} />
          <ConfirmPasswordField form={form} />
          <FormField
            label={
              <span>
                {t('auth.fields.displayName')} <i>({t('auth.fields.optional')})</i>
              </span>
            }
            description={t('auth.fields.displayNameDescription')}
            errorText={errorFor('displayName')}
          >
            <Input
              autoComplete="name"
              value={values.displayName}
              onChange={({ detail }) => update('displayName', detail.value)}
            />
          </FormField>
          <FormField errorText={errorFor('acceptTerms')}>
            <Checkbox
              checked={values.acceptTerms}
              onChange={({ detail }) => update('acceptTerms', detail.checked)}
              ariaRequired
              // The checkbox has no `invalid`: marked here so the focus after a refused submit can find it.
              nativeInputAttributes={{ 'aria-invalid': errorFor('acceptTerms') ? true : undefined }}
            >
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
