import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { MyPrivacyRequest } from '@shared/contracts/privacy-requests-api';
import { PrivacyRequestForm } from '../../../components/privacy/privacy-request-form';
import { formatLongDate } from '../../../lib/date-time';
import { useLanguage } from '../../../lib/use-language';
import { useFilePrivacyRequest, useMyPrivacyRequests } from '../api/profile-queries';

/** Where one request stands, in a sentence: its answer's due date while open, the day it was answered, or closed. */
function RequestLine({ request }: { request: MyPrivacyRequest }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const kind = t(`privacyRequests.kinds.${request.kind}`);
  const status =
    request.status === 'answered' && request.answeredAt
      ? t('privacyRequests.mine.answered', { date: formatLongDate(request.answeredAt, lang) })
      : request.status === 'closed'
        ? t('privacyRequests.statuses.closed')
        : t('privacyRequests.mine.due', { status: t(`privacyRequests.statuses.${request.status}`), date: formatLongDate(request.dueAt, lang) });
  return (
    <li>
      <Box variant="strong">{t('privacyRequests.mine.line', { kind, reference: request.reference, date: formatLongDate(request.receivedAt, lang) })}</Box>
      <Box color="text-body-secondary">{status}</Box>
    </li>
  );
}

/** The parent's own requests, newest first, above the form: none, nothing shown. */
function MyRequests() {
  const { t } = useTranslation();
  const requests = useMyPrivacyRequests().data?.requests ?? [];
  if (requests.length === 0) return null;
  return (
    <SpaceBetween size="xs">
      <Box variant="h3">{t('privacyRequests.mine.title')}</Box>
      <ul data-testid="my-privacy-requests" style={{ margin: 0, paddingInlineStart: 20 }}>
        {requests.map((request) => (
          <RequestLine key={request.reference} request={request} />
        ))}
      </ul>
    </SpaceBetween>
  );
}

/**
 * My Profile's privacy requests (docs/privacy.md): those the parent filed and where each stands (after a reload
 * too), and the form, filed for the person's (first) parent record, signed in.
 */
export function ProfilePrivacyRequest({ parentId }: { parentId: string }) {
  const submit = useFilePrivacyRequest(parentId);
  return <PrivacyRequestForm submit={submit} filed={<MyRequests />} />;
}

