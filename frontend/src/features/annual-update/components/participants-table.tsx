import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import type { ParticipantView } from '../../../../../shared/annual-update-api';
import type { SendRequest } from '../../../../../shared/annual-update-api';

type StatusFilter = 'all' | 'notSent' | 'sent' | 'submitted' | 'optedOut' | 'unreachable' | 'failed';
const FILTERS: StatusFilter[] = ['all', 'notSent', 'sent', 'submitted', 'optedOut', 'unreachable', 'failed'];

function matches(row: ParticipantView, filter: StatusFilter): boolean {
  switch (filter) {
    case 'notSent': return !row.unreachable && !row.emailSent;
    case 'sent': return row.emailSent && !row.submitted;
    case 'submitted': return row.submitted;
    case 'optedOut': return row.optedOut;
    case 'unreachable': return row.unreachable;
    case 'failed': return row.sendFailures > 0;
    default: return true;
  }
}

function RowStatus({ row }: { row: ParticipantView }) {
  const { t } = useTranslation();
  const key = 'annualUpdateAdmin.rowStatus';
  if (row.optedOut) return <StatusIndicator type="stopped">{t(`${key}.optedOut`)}</StatusIndicator>;
  if (row.submitted) return <StatusIndicator type="success">{t(`${key}.submitted`)}</StatusIndicator>;
  if (row.unreachable) return <StatusIndicator type="warning">{t(`${key}.unreachable`)}</StatusIndicator>;
  if (row.sendFailures > 0 && !row.emailSent) return <StatusIndicator type="error">{t(`${key}.failed`)}</StatusIndicator>;
  if (row.emailSent) return <StatusIndicator type="pending">{t(`${key}.sent`, { count: row.emailsSent })}</StatusIndicator>;
  return <StatusIndicator type="stopped">{t(`${key}.notSent`)}</StatusIndicator>;
}

/** Every parent of the campaign, with filters, selection and the three send actions (issue 5 §3). */
export function ParticipantsTable({ participants, loading, canSend, onSend }: {
  participants: ParticipantView[];
  loading: boolean;
  /** False while a job runs or once the campaign is not active. */
  canSend: boolean;
  onSend: (request: SendRequest) => void;
}) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<StatusFilter>('all');
  const rows = participants.filter((row) => matches(row, status));
  const { items, collectionProps, filterProps, filteredItemsCount } = useCollection(rows, {
    filtering: {
      filteringFunction: (row, text) => {
        const needle = text.trim().toLocaleLowerCase(i18n.language);
        const hay = [row.firstName, row.lastName, row.email, ...row.classes.map((c) => `${c.code} ${c.name}`)];
        return hay.some((value) => value?.toLocaleLowerCase(i18n.language).includes(needle));
      },
    },
    sorting: {},
    selection: { keepSelection: false, trackBy: 'parentId' },
  });
  const selected = collectionProps.selectedItems ?? [];
  const option = (value: StatusFilter): SelectProps.Option => ({ value, label: t(`annualUpdateAdmin.filters.${value}`) });
  const date = (iso?: string) => (iso ? new Date(iso).toLocaleString(i18n.language) : '—');
  return (
    <Table
      {...collectionProps}
      items={items}
      loading={loading}
      loadingText={t('common.loading')}
      selectionType="multi"
      trackBy="parentId"
      variant="container"
      ariaLabels={{
        selectionGroupLabel: t('annualUpdateAdmin.table.selection'),
        itemSelectionLabel: (_, row) => `${row.firstName ?? ''} ${row.lastName ?? ''}`,
        allItemsSelectionLabel: () => t('annualUpdateAdmin.table.selectAll'),
      }}
      header={
        <Header
          counter={`(${participants.length})`}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button
                disabled={!canSend || selected.length === 0}
                onClick={() => onSend({ mode: 'selected', parentIds: selected.map((row) => row.parentId) })}
              >
                {t('annualUpdateAdmin.send.selected', { count: selected.length })}
              </Button>
              <Button disabled={!canSend} onClick={() => onSend({ mode: 'notSent' })}>{t('annualUpdateAdmin.send.notSent')}</Button>
              <Button disabled={!canSend} onClick={() => onSend({ mode: 'remind' })}>{t('annualUpdateAdmin.send.remind')}</Button>
            </SpaceBetween>
          }
        >
          {t('annualUpdateAdmin.table.title')}
        </Header>
      }
      filter={
        <SpaceBetween direction="horizontal" size="xs">
          <TextFilter
            {...filterProps}
            filteringPlaceholder={t('annualUpdateAdmin.table.search')}
            countText={t('annualUpdateAdmin.table.matches', { count: filteredItemsCount ?? 0 })}
          />
          <Select
            selectedOption={option(status)}
            options={FILTERS.map(option)}
            onChange={({ detail }) => setStatus(detail.selectedOption.value as StatusFilter)}
            inlineLabelText={t('annualUpdateAdmin.table.status')}
          />
        </SpaceBetween>
      }
      empty={<Box textAlign="center" color="inherit">{t('annualUpdateAdmin.table.empty')}</Box>}
      columnDefinitions={[
        {
          id: 'name',
          header: t('annualUpdateAdmin.table.name'),
          cell: (row) => (row.lastName ? `${row.lastName}, ${row.firstName ?? ''}` : t('annualUpdateAdmin.table.removed')),
          sortingField: 'lastName',
        },
        { id: 'email', header: t('annualUpdateAdmin.table.email'), cell: (row) => row.email ?? '—' },
        { id: 'classes', header: t('annualUpdateAdmin.table.classes'), cell: (row) => row.classes.map((c) => c.code).join(', ') },
        { id: 'status', header: t('annualUpdateAdmin.table.status'), cell: (row) => <RowStatus row={row} /> },
        { id: 'activity', header: t('annualUpdateAdmin.table.lastActivity'), cell: (row) => date(row.lastActivityAt), sortingField: 'lastActivityAt' },
      ]}
    />
  );
}
