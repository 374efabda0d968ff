import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { RECOVERY_LINK } from '@shared/contracts/account-recovery-api';
import { PageFrame } from '../../../components/page/page-frame';
import { RouterLink } from '../../../components/router-link/router-link';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { completeTakeover } from '../api/complete-takeover';
import { recoveryErrorKey } from '../api/recovery-client';
import { authStore } from '../state/auth-store';
import { confirmPasswordError, passwordError } from './form-rules';

interface NewPassword {
  password: string;
  confirmation: string;
}

/** The password and its confirmation, with their errors once the form was submitted. */
function NewPasswordFields({
  value,
  onChange,
  submitted,
}: {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  submitted: boolean;
}) {
  const { t } = useTranslation();
  const passwordIssue = passwordError(value.password);
  const confirmationIssue = confirmPasswordError(value.password, value.confirmation);
  return (
    <>
      <FormField
        label={t('auth.fields.password')}
        constraintText={t('auth.password.rules')}
        errorText={submitted && passwordIssue ? t(passwordIssue) : undefined}
      >
        <Input
          type="password"
          autoComplete="new-password"
          value={value.password}
          onChange={({ detail }) => onChange({ ...value, password: detail.value })}
        />
      </FormField>
      <FormField
        label={t('auth.fields.confirmPassword')}
        errorText={submitted && confirmationIssue ? t(confirmationIssue) : undefined}
      >
        <Input
          type="password"
          autoComplete="new-password"
          value={value.confirmation}
          onChange={({ detail }) => onChange({ ...value, confirmation: detail.value })}
        />
      </FormField>
    </>
  );
}

/** Sends the new password with the token, then signs the person in. */
function useTakeover(token: string) {
  const navigate = useNavigate();
  const { apiBaseUrl } = useRuntimeConfig();
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(token ? null : 'accountRecovery.errors.TOKEN_INVALID');
  const [done, setDone] = useState(false);

  async function submit({ password, confirmation }: NewPassword) {
    if (!token || passwordError(password) || confirmPasswordError(password, confirmation)) return;
    setBusy(true);
    setErrorKey(null);
    try {
      const { email } = await completeTakeover(apiBaseUrl, token, password);
      setDone(true);
      const outcome = await authStore.signIn(email, password).catch(() => undefined);
      if (outcome?.status === 'verified') void navigate('/', { replace: true });
    } catch (error) {
      setErrorKey(recoveryErrorKey(error));
    } finally {
      setBusy(false);
    }
  }
  return { busy, errorKey, done, submit };
}

/**
 * `/auth/recover?token=...` (open): the page of the emailed takeover link. The person chooses a password; the
 * server gives them the account and marks their email verified, then the page signs them in.
 */
export function RecoverAccountPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get(RECOVERY_LINK.tokenParam) ?? '';
  const [value, setValue] = useState<NewPassword>({ password: '', confirmation: '' });
  const [submitted, setSubmitted] = useState(false);
  const { busy, errorKey, done, submit } = useTakeover(token);

  return (
    <PageFrame title={t('accountRecovery.page.title')} description={t('accountRecovery.page.description')}>
      <Container>
        {done ? (
          <Alert type="success" header={t('accountRecovery.page.successTitle')}>
            {t('accountRecovery.page.success')} <RouterLink href="/auth">{t('accountRecovery.page.signIn')}</RouterLink>
          </Alert>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              setSubmitted(true);
              void submit(value);
            }}
          >
            <Form
              actions={
                <Button variant="primary" formAction="submit" loading={busy} disabled={!token}>
                  {t('accountRecovery.page.submit')}
                </Button>
              }
              errorText={errorKey ? t(errorKey) : undefined}
              errorIconAriaLabel={t('auth.errorIcon')}
            >
              <SpaceBetween size="l">
                <Box variant="p">{t('accountRecovery.page.intro')}</Box>
                <NewPasswordFields value={value} onChange={setValue} submitted={submitted} />
              </SpaceBetween>
            </Form>
          </form>
        )}
      </Container>
    </PageFrame>
  );
}
