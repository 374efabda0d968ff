import { useTranslation } from 'react-i18next';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { requestReference, type PrivacyRequestStatus, type PrivacyRequestView } from '@shared/contracts/privacy-requests-api';
import { formatDate } from '../../../lib/date-time';
import { useIsMobile } from '../../../lib/use-language';

export const STATUS_TYPE: Record<PrivacyRequestStatus, StatusIndicatorProps.Type> = {
  received: 'pending',
  inProgress: 'in-progress',
  answered: 'success',
  closed: 'stopped',
};

/**
 * The narrowest the queue's short columns get on a wide screen, in px: « En traitement » with its icon, a date with
 * « En retard » beside it, a date (with the cells' padding).
 */
export const QUEUE_MIN_WIDTHS = { reference: 110, status: 160, due: 190, received: 120 } as const;

/** The due date, with a red "Overdue" badge once it has passed on a request still open. */
export function DueDate({ request }: { request: PrivacyRequestView }) {
  const { t } = useTranslation();
  return (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      <span>{formatDate(request.dueAt)}</span>
      {request.overdue && <Badge color="red">{t('privacyRequests.queue.overdue')}</Badge>}
    </SpaceBetween>
  );
}

/**
 * The queue, newest first; choosing a request opens it below. A table on wide screens; below 1280 px one card per
 * request with every field stacked (at 375 px the table cut off its Status column), as the other admin lists do,
 * opened by its requester's name: not selectable cards, whose selected background left a coloured status (« Répondue »
 * in green) below the contrast a reader needs (axe, test/e2e/privacy-requests.test.ts).
 */
export function RequestsTable({ requests, selectedId, onSelect }: {
  requests: PrivacyRequestView[];
  selectedId?: string;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const selected = requests.filter((r) => r.id === selectedId);
  const fields = [
    {
      id: 'requester',
      header: t('privacyRequests.queue.requester'),
      // May break inside a long word (a compound name without spaces): the name alone gives way, not the other columns.
      cell: (r: PrivacyRequestView) => <span style={{ overflowWrap: 'anywhere' }}>{r.requester.name}</span>,
    },
    { id: 'kind', header: t('privacyRequests.queue.kind'), cell: (r: PrivacyRequestView) => t(`privacyRequests.queue.kinds.${r.kind}`) },
    // The reference the requester's receipt and the office's notice give (a trial could not find it in the list).
    { id: 'reference', header: t('privacyRequests.queue.reference'), cell: (r: PrivacyRequestView) => requestReference(r.id) },
    {
      id: 'status',
      header: t('privacyRequests.queue.status'),
      cell: (r: PrivacyRequestView) => <StatusIndicator type={STATUS_TYPE[r.status]}>{t(`privacyRequests.statuses.${r.status}`)}</StatusIndicator>,
    },
    { id: 'due', header: t('privacyRequests.queue.due'), cell: (r: PrivacyRequestView) => <DueDate request={r} /> },
    { id: 'received', header: t('privacyRequests.queue.received'), cell: (r: PrivacyRequestView) => formatDate(r.receivedAt) },
  ];
  /**
   * The table's lines wrap, and a long requester's name took the room of the short columns until « En traitement »
   * and the dates wrapped letter by letter (1,440 px), or pushed « Reçue le » out of the table. The short columns
   * keep the width of their longest value on one line; the name (anywhere, if a word is too long) and the type
   * (between words) wrap in what is left.
   */
  const minWidth = (id: string): number | undefined => QUEUE_MIN_WIDTHS[id as keyof typeof QUEUE_MIN_WIDTHS];
  const shared = {
    'data-testid': 'privacy-requests-table',
    trackBy: 'id',
    items: requests,
    empty: (
      <Box textAlign="center" color="inherit" padding="m">
        <b>{t('privacyRequests.queue.empty')}</b>
        <Box variant="p" color="inherit">{t('privacyRequests.queue.emptyBody')}</Box>
      </Box>
    ),
  };
  if (mobile) {
    return (
      <Cards
        {...shared}
        ariaLabels={{
          cardsLabel: t('privacyRequests.queue.tableLabel'),
          // Required by the type; read only by selectable cards, which these are not.
          itemSelectionLabel: (_data, item) => t('privacyRequests.queue.selectionLabel', { name: item.requester.name }),
          selectionGroupLabel: t('privacyRequests.queue.tableLabel'),
        }}
        cardDefinition={{
          header: (r) => (
            <Button
              variant="inline-link"
              ariaLabel={t('privacyRequests.queue.openLabel', { name: r.requester.name })}
              ariaExpanded={r.id === selectedId}
              onClick={() => onSelect(r.id)}
            >
              {r.requester.name}
            </Button>
          ),
          sections: fields.filter((f) => f.id !== 'requester').map((f) => ({ id: f.id, header: f.header, content: f.cell })),
        }}
      />
    );
  }
  return (
    <Table
      {...shared}
      variant="container"
      selectionType="single"
      selectedItems={selected}
      onSelectionChange={({ detail }) => detail.selectedItems[0] && onSelect(detail.selectedItems[0].id)}
      // A click anywhere on the row opens the request, not only its radio button (a trial clicked the name).
      onRowClick={({ detail }) => onSelect(detail.item.id)}
      ariaLabels={{
        tableLabel: t('privacyRequests.queue.tableLabel'),
        itemSelectionLabel: (_data, item) => t('privacyRequests.queue.selectionLabel', { name: item.requester.name }),
        selectionGroupLabel: t('privacyRequests.queue.tableLabel'),
      }}
      wrapLines
      columnDefinitions={fields.map((f) => ({ ...f, ...(f.id === 'requester' ? { isRowHeader: true } : {}), minWidth: minWidth(f.id) }))}
    />
  );
}
