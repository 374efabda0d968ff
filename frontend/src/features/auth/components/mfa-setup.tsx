import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PageFrame } from '../../../components/page/page-frame';
import { isNetworkError } from '../api/auth-errors';
import { beginTotpSetup, finishTotpSetup } from '../api/cognito-auth';
import { useAuth } from '../hooks/use-auth';
import { authStore } from '../state/auth-store';

/** The secret in groups of four, easier to type into an app than one long string. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Enrolment: a QR code and its secret, then a first code from the app; the admin pages open once it is right. */
function useMfaSetup() {
  const { user } = useAuth();
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  async function run(step: () => Promise<void>, failureKey: string) {
    setBusy(true);
    setErrorKey(null);
    try {
      await step();
    } catch (error) {
      // Offline is not a wrong code: say which.
      setErrorKey(isNetworkError(error) ? 'auth.messages.network' : failureKey);
    } finally {
      setBusy(false);
    }
  }
  const begin = () => run(async () => setSetup(await beginTotpSetup(user?.email ?? '')), 'auth.mfa.startFailed');
  const confirm = () =>
    run(async () => {
      if (!/^\d{6}$/.test(code.trim())) throw new Error('format');
      await finishTotpSetup(code);
      await authStore.refreshAdminStatus();
    }, 'auth.mfa.wrongCode');
  return { setup, code, setCode, busy, errorKey, begin, confirm };
}

/**
 * Shown in place of an admin page to an administrator who has no authenticator yet, when the deployment requires
 * one (docs/auth.md "Administrators"). After enrolment, Cognito asks for the app's code at every sign-in.
 */
export function MfaSetup() {
  const { t } = useTranslation();
  const { setup, code, setCode, busy, errorKey, begin, confirm } = useMfaSetup();
  return (
    <PageFrame title={t('auth.mfa.title')} description={t('auth.mfa.description')}>
      <Container>
        {!setup ? (
          <SpaceBetween size="l">
            <Box variant="p">{t('auth.mfa.intro')}</Box>
            {errorKey && <Alert type="error">{t(errorKey)}</Alert>}
            <Button variant="primary" loading={busy} onClick={() => void begin()}>
              {t('auth.mfa.start')}
            </Button>
          </SpaceBetween>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void confirm();
            }}
          >
            <Form
              actions={
                <Button variant="primary" formAction="submit" loading={busy}>
                  {t('auth.mfa.confirm')}
                </Button>
              }
              errorText={errorKey ? t(errorKey) : undefined}
              errorIconAriaLabel={t('auth.errorIcon')}
            >
              <SpaceBetween size="l">
                <Box variant="p">{t('auth.mfa.scan')}</Box>
                <QRCodeSVG
                  value={setup.uri}
                  size={192}
                  marginSize={2}
                  role="img"
                  aria-label={t('auth.mfa.qrTitle')}
                />
                <Box variant="p">
                  {t('auth.mfa.manual')}{' '}
                  <Box variant="code" data-testid="mfa-secret">
                    {grouped(setup.secret)}
                  </Box>
                </Box>
                <FormField label={t('auth.mfa.codeLabel')} constraintText={t('auth.mfa.codeHint')}>
                  <Input
                    value={code}
                    onChange={({ detail }) => setCode(detail.value)}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                  />
                </FormField>
              </SpaceBetween>
            </Form>
          </form>
        )}
      </Container>
    </PageFrame>
  );
}
