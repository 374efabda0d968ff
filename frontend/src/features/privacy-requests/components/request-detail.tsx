import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { requestReference, type PrivacyRequestView } from '@shared/contracts/privacy-requests-api';
import { DueDate, STATUS_TYPE } from './requests-table';
import { formatDate } from '../../../lib/date-time';
import { RequestUpdateForm } from './request-update-form';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <div>{children}</div>
    </div>
  );
}

/** Keeps the requester's paragraphs and line breaks, as text. */
const Prose = ({ text }: { text: string }) => <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</div>;

/** One request: who, what, when it is due, its notes and answer, and the form that moves it on. */
export function RequestDetail({ request, onSaved }: {
  request: PrivacyRequestView;
  onSaved: (saved: PrivacyRequestView, answered: boolean) => void;
}) {
  const { t } = useTranslation();
  const { requester } = request;
  const emailFailed = request.emails.receipt === 'failed' || request.emails.answer === 'failed';
  return (
    <div data-testid="privacy-request-detail">
      <Container header={<Header variant="h2">{t('privacyRequests.detail.title', { reference: requestReference(request.id) })}</Header>}>
        <SpaceBetween size="l">
          {emailFailed && <Alert type="warning">{t('privacyRequests.detail.emailFailed')}</Alert>}
          <ColumnLayout columns={3} variant="text-grid" minColumnWidth={150}>
            <Field label={t('privacyRequests.detail.requester')}>
              {requester.name}
              {requester.email && <Box variant="small" display="block">{requester.email}</Box>}
            </Field>
            <Field label={t('privacyRequests.queue.kind')}>{t(`privacyRequests.queue.kinds.${request.kind}`)}</Field>
            <Field label={t('privacyRequests.queue.status')}>
              <StatusIndicator type={STATUS_TYPE[request.status]}>{t(`privacyRequests.statuses.${request.status}`)}</StatusIndicator>
            </Field>
            <Field label={t('privacyRequests.queue.received')}>{formatDate(request.receivedAt)}</Field>
            <Field label={t('privacyRequests.queue.due')}><DueDate request={request} /></Field>
            <Field label={t('privacyRequests.detail.language')}>{t(`privacyRequests.detail.languages.${requester.language}`)}</Field>
            <Field label={t('privacyRequests.detail.via')}>{t(`privacyRequests.detail.vias.${request.via}`)}</Field>
          </ColumnLayout>
          <Field label={t('privacyRequests.detail.details')}><Prose text={request.details} /></Field>
          <Field label={t('privacyRequests.detail.notes')}>
            {request.notes.length === 0 ? (
              <Box color="text-body-secondary">{t('privacyRequests.detail.noNotes')}</Box>
            ) : (
              <SpaceBetween size="xs">
                {request.notes.map((note) => (
                  <div key={note.at}>
                    <Box variant="small" color="text-body-secondary">{formatDate(note.at)}</Box>
                    <Prose text={note.text} />
                  </div>
                ))}
              </SpaceBetween>
            )}
          </Field>
          {request.answer && (
            <Field label={`${t('privacyRequests.detail.answer')} (${formatDate(request.answer.at)})`}>
              <Prose text={request.answer.text} />
            </Field>
          )}
          {request.status === 'closed' ? (
            <Box color="text-body-secondary">{t('privacyRequests.detail.closedInfo')}</Box>
          ) : (
            <RequestUpdateForm key={`${request.id}-${request.version}`} request={request} onSaved={onSaved} />
          )}
        </SpaceBetween>
      </Container>
    </div>
  );
}
