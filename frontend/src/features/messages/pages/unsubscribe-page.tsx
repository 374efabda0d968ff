import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { UNSUBSCRIBE_KINDS, UnsubscribeResponseSchema, type UnsubscribeResponse } from '@shared/contracts/messages-api';
import { PageFrame } from '../../../components/page/page-frame';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { useLinkLanguage } from '../../../i18n/use-link-language';
import { ApiError, apiRequest } from '../../../lib/api/api-client';
import { useErrorText } from '../../../lib/api/use-error-text';

/** What the server answers for a token it cannot use (unknown, expired, malformed, too long): the link is at fault. */
const BAD_LINK_CODES: ReadonlySet<string | undefined> = new Set(['TOKEN_INVALID', 'TOKEN_EXPIRED', 'VALIDATION_FAILED']);

/**
 * The footer link of a message's email (docs/messages.md, "Unsubscribe"): no session needed. It opens in the
 * email's language (`lang=`, useLinkLanguage) and names the kind the email's link carries (`kind=school|class|
 * committee`, the message's kind; older links without it say « ce type de message »). Opening the page changes
 * nothing (mail scanners open links); the button stops that kind of message and says which, from the server's
 * answer. A neighbour's email (Families near me) links here with `kind=carpool`: the button then turns that choice off.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  useLinkLanguage();
  const { apiBaseUrl } = useRuntimeConfig();
  const otherError = useErrorText('messages.unsubscribe.failed');
  const errorText = (error: unknown) =>
    error instanceof ApiError && BAD_LINK_CODES.has(error.code) ? t('messages.unsubscribe.invalid') : otherError(error);
  const [state, setState] = useState<{ busy?: boolean; done?: UnsubscribeResponse; error?: unknown }>({});
  const token = params.get('token') ?? '';
  const kind = UNSUBSCRIBE_KINDS.find((k) => k === params.get('kind'));
  // The carpool email's link says so (`kind=carpool`): that button turns « Trouver des familles près de chez moi » off.
  const carpool = kind === 'carpool';
  const texts = kind ? `messages.unsubscribe.${kind}` : 'messages.unsubscribe';
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
    <PageFrame title={t(`${texts}.title`)}>
      <Container>
        <SpaceBetween size="m">
          {state.done ? (
            <Alert type="success">{t(`messages.unsubscribe.done.${state.done.category}`)}</Alert>
          ) : (
            <>
              <Box>{t(`${texts}.explain`)}</Box>
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
