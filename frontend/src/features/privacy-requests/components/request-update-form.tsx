import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import {
  PRIVACY_REQUEST_ANSWER_MAX,
  PRIVACY_REQUEST_NOTE_MAX,
  PRIVACY_REQUEST_TRANSITIONS,
  type PrivacyRequestStatus,
  type PrivacyRequestView,
} from '@shared/contracts/privacy-requests-api';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { ApiError } from '../../../lib/api/api-client';
import { useTooLongText } from '../../../lib/text-limit';
import { useUpdatePrivacyRequest } from '../api/privacy-requests-queries';

/** « Envoyer la réponse? »: to whom, and that an email sent cannot be taken back. */
function ConfirmAnswer({ visible, request, saving, onConfirm, onDismiss }: {
  visible: boolean;
  request: PrivacyRequestView;
  saving: boolean;
  onConfirm: () => Promise<void>;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      visible={visible}
      title={t('privacyRequests.detail.confirmTitle')}
      confirmLabel={t('privacyRequests.detail.sendAnswer')}
      onConfirm={onConfirm}
      onDismiss={onDismiss}
      busy={saving}
    >
      {t('privacyRequests.detail.confirmBody', { name: request.requester.name, email: request.requester.email })}
    </ConfirmDialog>
  );
}

/** Status, note and (when it becomes answered) the answer; saving the answer emails it to the requester. */
export function RequestUpdateForm({ request, onSaved }: {
  request: PrivacyRequestView;
  onSaved: (saved: PrivacyRequestView, answered: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<PrivacyRequestStatus>(request.status);
  const [note, setNote] = useState('');
  const [answer, setAnswer] = useState('');
  const [tried, setTried] = useState(false);
  const { mutateAsync: update, isPending: saving } = useUpdatePrivacyRequest();
  const [failure, setFailure] = useState<string | null>(null);
  const answering = status === 'answered' && request.status !== 'answered';
  const options = PRIVACY_REQUEST_TRANSITIONS[request.status].map((value) => ({ value, label: t(`privacyRequests.statuses.${value}`) }));
  const tooLong = useTooLongText();
  // Saving an answer emails it, which cannot be taken back: asked first, as a message's send is (a trial's answer left
  // on a plain « Enregistrer »). Without an address on file, nothing is emailed and nothing is asked.
  const [confirming, setConfirming] = useState(false);
  const emailsAnswer = answering && !!request.requester.email;
  const check = () => {
    setTried(true);
    if (answering && answer.trim() === '') return;
    if ((answering && tooLong(answer, PRIVACY_REQUEST_ANSWER_MAX)) || tooLong(note, PRIVACY_REQUEST_NOTE_MAX)) return;
    if (emailsAnswer) setConfirming(true);
    else void save();
  };
  const save = async () => {
    setConfirming(false);
    setFailure(null);
    try {
      const saved = await update({
        id: request.id,
        update: {
          version: request.version,
          status,
          ...(note.trim() ? { note: note.trim() } : {}),
          ...(answering ? { answer: answer.trim() } : {}),
        },
      });
      onSaved(saved, answering);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      setFailure(code && i18n.exists(`errors.${code}`) ? t(`errors.${code}`) : t('errors.INTERNAL'));
    }
  };
  return (
    <form onSubmit={(event) => { event.preventDefault(); check(); }}>
      <ConfirmAnswer visible={confirming} request={request} saving={saving} onConfirm={save} onDismiss={() => setConfirming(false)} />
      <Form
        errorText={failure}
        actions={<Button variant="primary" loading={saving}>{t(emailsAnswer ? 'privacyRequests.detail.sendAnswer' : 'privacyRequests.detail.save')}</Button>}
      >
        <SpaceBetween size="m">
          <FormField label={t('privacyRequests.detail.newStatus')}>
            <Select
              selectedOption={options.find((o) => o.value === status) ?? null}
              options={options}
              onChange={({ detail }) => setStatus(detail.selectedOption.value as PrivacyRequestStatus)}
            />
          </FormField>
          {/* Closing never tells the requester: a request closed unanswered leaves the parent without a word (a trial). */}
          {status === 'closed' && request.status !== 'closed' && !request.answer && (
            <Alert type="warning">{t('privacyRequests.detail.closingUnanswered')}</Alert>
          )}
          {answering && (
            <FormField
              label={t('privacyRequests.detail.answerText')}
              // The email around the answer is in the requester's language: the answer should be too (a trial's French
              // answer reached an English parent inside an English email).
              description={`${t(`privacyRequests.detail.answerHint.${request.requester.language}`)}${request.kind === 'access' ? ` ${t('privacyRequests.detail.accessHint')}` : ''}`}
              errorText={tried && answer.trim() === '' ? t('privacyRequests.detail.answerRequired') : tooLong(answer, PRIVACY_REQUEST_ANSWER_MAX)}
            >
              <Textarea value={answer} rows={6} onChange={({ detail }) => setAnswer(detail.value)} />
            </FormField>
          )}
          <FormField label={t('privacyRequests.detail.note')} errorText={tooLong(note, PRIVACY_REQUEST_NOTE_MAX)}>
            <Textarea value={note} rows={2} onChange={({ detail }) => setNote(detail.value)} />
          </FormField>
        </SpaceBetween>
      </Form>
    </form>
  );
}
