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
import { ApiError } from '../../../lib/api/api-client';
import { useTooLongText } from '../../../lib/text-limit';
import { useUpdatePrivacyRequest } from '../api/privacy-requests-queries';

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
  const save = async () => {
    setTried(true);
    if (answering && answer.trim() === '') return;
    if ((answering && tooLong(answer, PRIVACY_REQUEST_ANSWER_MAX)) || tooLong(note, PRIVACY_REQUEST_NOTE_MAX)) return;
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
    <form onSubmit={(event) => { event.preventDefault(); void save(); }}>
      <Form errorText={failure} actions={<Button variant="primary" loading={saving}>{t('privacyRequests.detail.save')}</Button>}>
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
