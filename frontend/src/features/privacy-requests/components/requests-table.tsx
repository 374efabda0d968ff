import { useTranslation } from 'react-i18next';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import type { PrivacyRequestStatus, PrivacyRequestView } from '@shared/contracts/privacy-requests-api';
import { schoolDay } from '@shared/rules/school-calendar';

export const STATUS_TYPE: Record<PrivacyRequestStatus, StatusIndicatorProps.Type> = {
  received: 'pending',
  inProgress: 'in-progress',
  answered: 'success',
  closed: 'stopped',
};

/** The due date, with a red "Overdue" badge once it has passed on a request still open. */
export function DueDate({ request }: { request: PrivacyRequestView }) {
  const { t } = useTranslation();
  return (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      <span>{schoolDay(new Date(request.dueAt))}</span>
      {request.overdue && <Badge color="red">{t('privacyRequests.queue.overdue')}</Badge>}
    </SpaceBetween>
  );
}

/** The queue, newest first; choosing a row opens it below. */
export function RequestsTable({ requests, selectedId, onSelect }: {
  requests: PrivacyRequestView[];
  selectedId?: string;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  const selected = requests.filter((r) => r.id === selectedId);
  return (
    <Table
      data-testid="privacy-requests-table"
      variant="container"
      ariaLabels={{
        tableLabel: t('privacyRequests.queue.tableLabel'),
        itemSelectionLabel: (_data, item) => t('privacyRequests.queue.selectionLabel', { name: item.requester.name }),
        selectionGroupLabel: t('privacyRequests.queue.tableLabel'),
      }}
      selectionType="single"
      trackBy="id"
      selectedItems={selected}
      onSelectionChange={({ detail }) => detail.selectedItems[0] && onSelect(detail.selectedItems[0].id)}
      items={requests}
      wrapLines
      empty={
        <Box textAlign="center" color="inherit" padding="m">
          <b>{t('privacyRequests.queue.empty')}</b>
          <Box variant="p" color="inherit">{t('privacyRequests.queue.emptyBody')}</Box>
        </Box>
      }
      columnDefinitions={[
        { id: 'requester', header: t('privacyRequests.queue.requester'), cell: (r) => r.requester.name, isRowHeader: true },
        { id: 'kind', header: t('privacyRequests.queue.kind'), cell: (r) => t(`privacyRequests.kinds.${r.kind}`) },
        {
          id: 'status',
          header: t('privacyRequests.queue.status'),
          cell: (r) => <StatusIndicator type={STATUS_TYPE[r.status]}>{t(`privacyRequests.statuses.${r.status}`)}</StatusIndicator>,
        },
        { id: 'due', header: t('privacyRequests.queue.due'), cell: (r) => <DueDate request={r} /> },
        { id: 'received', header: t('privacyRequests.queue.received'), cell: (r) => schoolDay(new Date(r.receivedAt)) },
      ]}
    />
  );
}
