import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PageFrame } from '../../../components/page/page-frame';
import { ApiErrorAlert, QueryState } from '../../../components/query-state/query-state';
import { RouterLink } from '../../../components/router-link/router-link';
import type { AdminCommittees } from '../../../lib/api/admin-committees-client';
import { useAdminCommittees, useSetCommitteeOpen } from '../../../lib/committees/admin-committees-queries';
import { committeeRows, type CommitteeRow } from '../../../lib/committees/committee-rows';
import { useLanguage } from '../../../lib/use-language';
import { CommitteePanel } from '../components/committee-panel';

const LOAD_ERROR = 'adminCommittees.loadError';

/**
 * `/admin/committees` (docs/frontend.md, "Committees"): every committee with its kind, its members and their
 * roles, and the switch that opens it to parents' sign-ups from the update form and My Profile. Members and roles
 * are edited in the data editor, linked from here. The admin check is AdminGate's.
 */
export function AdminCommitteesPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const committees = useAdminCommittees();
  const setOpen = useSetCommitteeOpen();
  const [flash, setFlash] = useState<FlashbarProps.MessageDefinition[]>([]);
  // Saved, then read again (the version moved): the mutation resolves once the list on screen is the new one.
  const onToggle = (data: AdminCommittees, row: CommitteeRow, open: boolean, settled: () => void) =>
    setOpen.mutate(
      { committee: row.committee, memberships: data.memberships, open },
      {
        onSettled: settled,
        onSuccess: () => {
          const content = t(open ? 'adminCommittees.opened' : 'adminCommittees.closedDone', { name: row.committee.name[lang] });
          setFlash([{ id: `${Date.now()}`, type: 'success', content, dismissible: true, dismissLabel: t('common.dismiss'), onDismiss: () => setFlash([]) }]);
        },
      },
    );
  const retry = () => {
    setOpen.reset();
    void committees.refetch();
  };
  return (
    <PageFrame title={t('adminCommittees.title')} description={t('adminCommittees.description')}>
      <SpaceBetween size="l">
        <Flashbar items={flash} />
        {setOpen.isError && <ApiErrorAlert error={setOpen.error} genericKey={LOAD_ERROR} onRetry={retry} retrying={committees.isFetching} />}
        <QueryState query={committees} genericKey={LOAD_ERROR}>
          {(data) => <CommitteeList data={data} saving={setOpen.isPending ? setOpen.variables?.committee.id : undefined} onToggle={onToggle} />}
        </QueryState>
      </SpaceBetween>
    </PageFrame>
  );
}

/** The count of committees open to sign-ups, then one panel per committee (or a word when there is none). */
function CommitteeList({ data, saving, onToggle }: {
  data: AdminCommittees;
  saving: string | undefined;
  onToggle: (data: AdminCommittees, row: CommitteeRow, open: boolean, settled: () => void) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const rows = committeeRows(data, lang);
  const openCount = rows.filter((row) => row.open).length;
  return (
    <SpaceBetween size="l">
        {rows.length === 0 && (
          <Box>
            {t('adminCommittees.empty')} <RouterLink href="/admin/data">{t('adminCommittees.editLink')}</RouterLink>
          </Box>
        )}
        {rows.length > 0 && (
          <Alert type={openCount === 0 ? 'warning' : 'info'}>
            <span data-testid="committees-open-count">
              {openCount === 0 ? t('adminCommittees.noneOpen') : t('adminCommittees.openCount', { count: openCount, total: rows.length })}
            </span>{' '}
            <RouterLink href="/admin/data">{t('adminCommittees.editLink')}</RouterLink>
          </Alert>
        )}
        {rows.map((row) => (
          <CommitteePanel key={row.committee.id} row={row} saving={saving === row.committee.id} onToggle={(open, settled) => onToggle(data, row, open, settled)} />
        ))}
    </SpaceBetween>
  );
}
