import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { UnsubscribeResponseSchema, type UnsubscribeResponse } from '@shared/contracts/messages-api';
import { PageFrame } from '../../../components/page/page-frame';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { apiRequest } from '../../../lib/api/api-client';
import { useErrorText } from '../../../lib/api/use-error-text';

/**
 * The footer link of a message's email (docs/messages.md, "Unsubscribe"): no session needed. Opening the page
 * changes nothing (mail scanners open links); the button stops that kind of message and says which. A neighbour's
 * email (Families near me) links here with `kind=carpool`: the button then turns that choice off.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { apiBaseUrl } = useRuntimeConfig();
  const errorText = useErrorText('messages.unsubscribe.failed');
  const [state, setState] = useState<{ busy?: boolean; done?: UnsubscribeResponse; error?: unknown }>({});
  const token = params.get('token') ?? '';
  // The carpool email's link says so (`kind=carpool`): that button turns « Trouver des familles près de chez moi » off.
  const carpool = params.get('kind') === 'carpool';
  const stop = async () => {
    setState({ busy: true });
    try {
      const done = await apiRequest(apiBaseUrl, '/messages/unsubscribe', UnsubscribeResponseSchema, { method: 'POST', body: { token }, auth: false });
      setState({ done });
    } catch (error) {
      setState({ error });
    }
  };
  return (
    <PageFrame title={t(carpool ? 'messages.unsubscribe.carpool.title' : 'messages.unsubscribe.title')}>
      <Container>
        <SpaceBetween size="m">
          {state.done ? (
            <Alert type="success">{t(`messages.unsubscribe.done.${state.done.category}`)}</Alert>
          ) : (
            <>
              <Box>{t(carpool ? 'messages.unsubscribe.carpool.explain' : 'messages.unsubscribe.explain')}</Box>
              {state.error !== undefined && <Alert type="error">{errorText(state.error)}</Alert>}
              <Button variant="primary" loading={state.busy} onClick={() => void stop()}>{t(carpool ? 'messages.unsubscribe.carpool.button' : 'messages.unsubscribe.button')}</Button>
            </>
          )}
          <Box variant="small" color="text-body-secondary">{t('messages.unsubscribe.profileHint')}</Box>
        </SpaceBetween>
      </Container>
    </PageFrame>
  );
}
