import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { RolesResponse, RoleView } from '../../../../../shared/admin-roles-api';
import { PageFrame } from '../../../components/page/page-frame';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { useErrorText } from '../../../lib/api/use-error-text';
import { adminSettingsApi } from '../api/admin-settings-client';
import { HandoverForm } from '../components/handover-form';
import { RolesTable } from '../components/roles-table';

/**
 * `/admin/roles` (docs/operations.md, "Handing over"): hand the administration over to another member, and the
 * list of administrator roles. After a change the list is read again: if the caller's own access ended, that read
 * is refused and the app hides the admin menu at once. The admin check is AdminGate's.
 */
export function AdminRolesPage() {
  const { t } = useTranslation();
  const { apiBaseUrl } = useRuntimeConfig();
  const errorText = useErrorText('adminRoles.loadError');
  const [data, setData] = useState<RolesResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [ending, setEnding] = useState(false);
  const [flash, setFlash] = useState<FlashbarProps.MessageDefinition[]>([]);
  const notify = useCallback(
    (content: string) => setFlash([{ id: `${Date.now()}`, type: 'success', content, dismissible: true, dismissLabel: t('common.dismiss'), onDismiss: () => setFlash([]) }]),
    [t],
  );
  const load = useCallback(() => {
    adminSettingsApi.roles(apiBaseUrl).then((d) => (setData(d), setError(null)), setError);
  }, [apiBaseUrl]);
  useEffect(load, [load]);

  const end = (role: RoleView) => {
    setEnding(true);
    adminSettingsApi.endRole(apiBaseUrl, { email: role.email }).then(
      () => (setEnding(false), notify(t('adminRoles.ended', { name: role.name ?? role.email })), load()),
      (e: unknown) => (setEnding(false), setError(e)),
    );
  };
  const own = data?.roles.find((r) => r.mine)?.email;

  return (
    <PageFrame title={t('adminRoles.title')} description={t('adminRoles.description')}>
      <SpaceBetween size="l">
        <Flashbar items={flash} />
        {error !== null && <Alert type="error">{errorText(error)}</Alert>}
        {data && <HandoverForm key={data.today} today={data.today} members={data.members} ownEmail={own} onDone={(message) => (notify(message), load())} />}
        <RolesTable roles={data?.roles ?? null} ending={ending} onEnd={end} />
      </SpaceBetween>
    </PageFrame>
  );
}
