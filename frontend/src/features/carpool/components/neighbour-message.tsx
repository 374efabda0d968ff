import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { CarpoolSendResponseSchema, type CarpoolResponse, type Neighbour } from '@shared/contracts/carpool-api';
import { MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX, pastedText } from '@shared/contracts/messages-api';
import { carpoolKey } from '../../../components/carpool/carpool-choice';
import { useModalDismiss } from '../../../components/confirm-dialog/modal-dismiss';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { currentLocale } from '../../../i18n/i18n';
import { apiRequest } from '../../../lib/api/api-client';
import { useErrorText } from '../../../lib/api/use-error-text';
import { charactersLeft } from '../../../lib/number-format';
import { useTooLongText } from '../../../lib/text-limit';
import { useApiMutation } from '../../../lib/query/use-api-mutation';

/**
 * Writing to one family near me (docs/messages.md, "Families near me"): one email to that parent, from the school's
 * sender, without their address or mine unless I choose to share mine for replies. One key per message written, so
 * a double click or a retry sends it once.
 */
export function NeighbourMessage({ neighbour, quota, onClose, onSent }: {
  neighbour: Neighbour;
  quota: CarpoolResponse['quota'];
  onClose: () => void;
  onSent: (name: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { apiBaseUrl } = useRuntimeConfig();
  const errorText = useErrorText('carpool.write.failed');
  const name = `${neighbour.firstName} ${neighbour.lastName}`;
  const [subject, setSubject] = useState(() => t('carpool.write.defaultSubject'));
  const [body, setBody] = useState('');
  const [share, setShare] = useState(false);
  const [clientKey] = useState(() => crypto.randomUUID());
  const send = useApiMutation({
    mutationFn: () =>
      apiRequest(apiBaseUrl, '/carpool/messages', CarpoolSendResponseSchema, {
        method: 'POST',
        body: { to: neighbour.id, clientKey, subject, body, language: currentLocale(i18n), shareReplyTo: share },
      }),
    invalidates: [carpoolKey],
    onSuccess: () => onSent(name),
  });
  const tooLong = useTooLongText();
  const over = { subject: tooLong(subject, MESSAGE_SUBJECT_MAX), body: tooLong(body, MESSAGE_BODY_MAX) };
  const ready = subject.trim() !== '' && body.trim() !== '' && !over.subject && !over.body;
  const dismiss = useModalDismiss(true, onClose);
  return (
    <Modal
      visible
      onDismiss={dismiss}
      header={t('carpool.write.title', { name })}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>{t('carpool.write.cancel')}</Button>
            <Button variant="primary" loading={send.isPending} disabled={!ready} onClick={() => send.mutate()}>
              {t('carpool.write.send')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box color="text-body-secondary">{t('carpool.write.how', { used: quota.used, limit: quota.limit, days: quota.days })}</Box>
        <FormField label={t('carpool.write.subject')} errorText={over.subject}>
          <Input value={subject} onChange={({ detail }) => setSubject(pastedText(detail.value))} />
        </FormField>
        <FormField label={t('carpool.write.body')} constraintText={charactersLeft(t, 'carpool.write.left', MESSAGE_BODY_MAX - body.length, currentLocale(i18n))} errorText={over.body}>
          <Textarea rows={6} value={body} onChange={({ detail }) => setBody(pastedText(detail.value))} />
        </FormField>
        <Checkbox checked={share} onChange={({ detail }) => setShare(detail.checked)} description={t('carpool.write.shareHint')}>
          {t('carpool.write.share')}
        </Checkbox>
        {send.isError && <Alert type="error">{errorText(send.error)}</Alert>}
      </SpaceBetween>
    </Modal>
  );
}
