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
 * changes nothing (mail scanners open links); the button stops that kind of message and says which.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { apiBaseUrl } = useRuntimeConfig();
  const errorText = useErrorText('messages.unsubscribe.failed');
  const [state, setState] = useState<{ busy?: boolean; done?: UnsubscribeResponse; error?: unknown }>({});
  const token = params.get('token') ?? '';
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
    <PageFrame title={t('messages.unsubscribe.title')}>
      <Container>
        <SpaceBetween size="m">
          {state.done ? (
            <Alert type="success">{t(`messages.unsubscribe.done.${state.done.category}`)}</Alert>
          ) : (
            <>
              <Box>{t('messages.unsubscribe.explain')}</Box>
              {state.error !== undefined && <Alert type="error">{errorText(state.error)}</Alert>}
              <Button variant="primary" loading={state.busy} onClick={() => void stop()}>{t('messages.unsubscribe.button')}</Button>
            </>
          )}
          <Box variant="small" color="text-body-secondary">{t('messages.unsubscribe.profileHint')}</Box>
        </SpaceBetween>
      </Container>
    </PageFrame>
  );
}
