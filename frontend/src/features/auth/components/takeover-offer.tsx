import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { normalizeEmail } from '@shared/rules/email';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { useAuthLocale } from '../hooks/use-auth-locale';
import { recoveryErrorKey, requestTakeoverLink } from '../api/recovery-client';

/**
 * Shown when sign-up meets an existing account: if someone else created it with this address and never
 * confirmed it, the owner of the mailbox can take it over with an emailed link. The server answers the same
 * whatever the address, so the page says what happens "if" rather than what did.
 */
export function TakeoverOffer({ email }: { email: string }) {
  const { t } = useTranslation();
  const { apiBaseUrl } = useRuntimeConfig();
  const locale = useAuthLocale();
  const [state, setState] = useState<'idle' | 'busy' | 'sent'>('idle');
  const [errorKey, setErrorKey] = useState<string | null>(null);

  async function request() {
    setState('busy');
    setErrorKey(null);
    try {
      await requestTakeoverLink(apiBaseUrl, normalizeEmail(email), locale);
      setState('sent');
    } catch (error) {
      setErrorKey(recoveryErrorKey(error));
      setState('idle');
    }
  }

  if (state === 'sent') {
    return (
      <Alert type="success" header={t('accountRecovery.offer.sentTitle')}>
        {t('accountRecovery.offer.sent')}
      </Alert>
    );
  }
  return (
    <Alert type="info" header={t('accountRecovery.offer.title')}>
      <SpaceBetween size="s">
        <Box variant="p">{t('accountRecovery.offer.text')}</Box>
        <Box variant="p">{t('accountRecovery.offer.confirmedHint')}</Box>
        {errorKey && <Box color="text-status-error">{t(errorKey)}</Box>}
        <Button formAction="none" onClick={() => void request()} loading={state === 'busy'}>
          {t('accountRecovery.offer.button')}
        </Button>
      </SpaceBetween>
    </Alert>
  );
}
