import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { PageFrame } from '../../../components/page/page-frame';
import { RouterLink } from '../../../components/router-link/router-link';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { adminCommitteesApi, type AdminCommittees } from '../../../lib/api/admin-committees-client';
import { useErrorText } from '../../../lib/api/use-error-text';
import { committeeRows, type CommitteeRow } from '../../../lib/committees/committee-rows';
import { useLanguage } from '../../../lib/use-language';
import { CommitteePanel } from '../components/committee-panel';

/** Loads the committees, and opens or closes one to sign-ups (then reads them again: the version moved). */
function useAdminCommittees() {
  const { apiBaseUrl } = useRuntimeConfig();
  const [data, setData] = useState<AdminCommittees | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const load = useCallback(
    () => adminCommitteesApi.load(apiBaseUrl).then((d) => (setData(d), setError(null)), setError),
    [apiBaseUrl],
  );
  useEffect(() => void load(), [load]);
  const toggle = useCallback(
    async (row: CommitteeRow, open: boolean): Promise<boolean> => {
      if (!data) return false;
      setSaving(row.committee.id);
      try {
        await adminCommitteesApi.setOpen(apiBaseUrl, row.committee, data.memberships, open);
        await load();
        return true;
      } catch (e) {
        setError(e);
        return false;
      } finally {
        setSaving(null);
      }
    },
    [apiBaseUrl, data, load],
  );
  return { data, error, saving, toggle, reload: load };
}

/**
 * `/admin/committees` (docs/frontend.md, "Committees"): every committee with its kind, its members and their
 * roles, and the switch that opens it to parents' sign-ups from the update form and My Profile. Members and roles
 * are edited in the data editor, linked from here. The admin check is AdminGate's.
 */
export function AdminCommitteesPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const errorText = useErrorText('adminCommittees.loadError');
  const { data, error, saving, toggle, reload } = useAdminCommittees();
  const [flash, setFlash] = useState<FlashbarProps.MessageDefinition[]>([]);
  const rows = useMemo(() => (data ? committeeRows(data, lang) : []), [data, lang]);
  const openCount = rows.filter((row) => row.open).length;
  const onToggle = (row: CommitteeRow, open: boolean) =>
    void toggle(row, open).then((done) => {
      if (!done) return;
      const content = t(open ? 'adminCommittees.opened' : 'adminCommittees.closedDone', { name: row.committee.name[lang] });
      setFlash([{ id: `${Date.now()}`, type: 'success', content, dismissible: true, dismissLabel: t('common.dismiss'), onDismiss: () => setFlash([]) }]);
    });
  return (
    <PageFrame title={t('adminCommittees.title')} description={t('adminCommittees.description')}>
      <SpaceBetween size="l">
        <Flashbar items={flash} />
        {error !== null && (
          <Alert type="error" action={<Button onClick={() => void reload()}>{t('adminCommittees.retry')}</Button>}>
            {errorText(error)}
          </Alert>
        )}
        {!data && error === null && <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>}
        {data && rows.length === 0 && (
          <Box>
            {t('adminCommittees.empty')} <RouterLink href="/admin/data">{t('adminCommittees.editLink')}</RouterLink>
          </Box>
        )}
        {data && rows.length > 0 && (
          <Alert type={openCount === 0 ? 'warning' : 'info'}>
            <span data-testid="committees-open-count">
              {openCount === 0 ? t('adminCommittees.noneOpen') : t('adminCommittees.openCount', { count: openCount, total: rows.length })}
            </span>{' '}
            <RouterLink href="/admin/data">{t('adminCommittees.editLink')}</RouterLink>
          </Alert>
        )}
        {rows.map((row) => (
          <CommitteePanel key={row.committee.id} row={row} saving={saving === row.committee.id} onToggle={(open) => onToggle(row, open)} />
        ))}
      </SpaceBetween>
    </PageFrame>
  );
}
