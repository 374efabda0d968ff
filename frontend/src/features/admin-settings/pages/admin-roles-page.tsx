import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { RoleView } from '@shared/contracts/admin-roles-api';
import { PageFrame } from '../../../components/page/page-frame';
import { ApiErrorAlert, QueryState } from '../../../components/query-state/query-state';
import { useEndRole, useRoles } from '../api/admin-roles-queries';
import { HandoverForm } from '../components/handover-form';
import { RolesTable } from '../components/roles-table';

/**
 * `/admin/roles` (docs/operations.md, "Handing over"): hand the administration over to another member, and the
 * list of administrator roles. After a change the list is read again: if the caller's own access ended, that read
 * is refused and the app hides the admin menu at once. The admin check is AdminGate's.
 */
export function AdminRolesPage() {
  const { t } = useTranslation();
  const roles = useRoles();
  const endRole = useEndRole();
  const [flash, setFlash] = useState<FlashbarProps.MessageDefinition[]>([]);
  const notify = useCallback(
    (content: string) => setFlash([{ id: `${Date.now()}`, type: 'success', content, dismissible: true, dismissLabel: t('common.dismiss'), onDismiss: () => setFlash([]) }]),
    [t],
  );
  // The list is read again by the mutation (it names rolesKey) before the message shows.
  const end = (role: RoleView) =>
    endRole.mutate({ email: role.email }, { onSuccess: () => notify(t('adminRoles.ended', { name: role.name ?? role.email })) });

  return (
    <PageFrame title={t('adminRoles.title')} description={t('adminRoles.description')}>
      <SpaceBetween size="l">
        <Flashbar items={flash} />
        {endRole.isError && <ApiErrorAlert error={endRole.error} genericKey="adminRoles.loadError" />}
        <QueryState query={roles} genericKey="adminRoles.loadError">
          {(data) => (
            // Its own spacing: the outer SpaceBetween sees one child here (a trial saw « Passer la main » touch the list).
            <SpaceBetween size="l">
              <HandoverForm key={data.today} today={data.today} members={data.members} ownEmail={data.roles.find((r) => r.mine)?.email} onDone={notify} />
              <RolesTable roles={data.roles} ending={endRole.isPending} onEnd={end} />
            </SpaceBetween>
          )}
        </QueryState>
      </SpaceBetween>
    </PageFrame>
  );
}
