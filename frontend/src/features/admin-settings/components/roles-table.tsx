import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import type { RoleView } from '@shared/contracts/admin-roles-api';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { formatDate } from '../../../lib/date-time';

const STATUS = { current: 'success', future: 'pending', past: 'stopped' } as const;

/**
 * The role's last day as the table shows it: a role ended at once (« Mettre fin ») keeps no `until`, only the
 * moment it was revoked (`revokedAt`): its last day is that moment's school day, unless it had ended earlier.
 */
function lastDayOf(role: RoleView): string | undefined {
  if (!role.revokedAt) return role.until;
  const revokedOn = formatDate(role.revokedAt);
  return role.until !== undefined && role.until < revokedOn ? role.until : revokedOn;
}

export interface RolesTableProps {
  roles: RoleView[] | null;
  ending: boolean;
  onEnd: (role: RoleView) => void;
}

/** Current, future and past administrator roles with their dates; a current or future role can be ended. */
export function RolesTable({ roles, ending, onEnd }: RolesTableProps) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState<RoleView | null>(null);
  const who = (role: RoleView) => role.name ?? role.email;
  return (
    <>
      <Table
        header={<Header variant="h2" description={t('adminRoles.listDescription')}>{t('adminRoles.listTitle')}</Header>}
        loading={roles === null}
        loadingText={t('adminRoles.loading')}
        items={roles ?? []}
        wrapLines
        empty={t('adminRoles.noRoles')}
        columnDefinitions={[
          { id: 'who', header: t('adminRoles.columns.who'), cell: (r) => <SpaceBetween size="xxxs"><span>{who(r)}{r.mine ? ` (${t('adminRoles.you')})` : ''}</span><Box variant="small">{r.email}</Box></SpaceBetween> },
          { id: 'title', header: t('adminRoles.columns.title'), cell: (r) => r.title ?? '-' },
          { id: 'from', header: t('adminRoles.columns.from'), cell: (r) => r.from },
          { id: 'until', header: t('adminRoles.columns.until'), cell: (r) => lastDayOf(r) ?? t('adminRoles.openEnded') },
          { id: 'status', header: t('adminRoles.columns.status'), cell: (r) => <StatusIndicator type={STATUS[r.status]}>{t(`adminRoles.status.${r.status}`)}{r.revokedAt ? ` · ${t('adminRoles.revoked')}` : ''}</StatusIndicator> },
          {
            id: 'actions',
            header: t('adminRoles.columns.actions'),
            cell: (r) =>
              r.status === 'past' ? '-' : (
                <Button ariaLabel={`${t('adminRoles.end')} ${who(r)}`} disabled={ending} onClick={() => setAsked(r)}>{t('adminRoles.end')}</Button>
              ),
          },
        ]}
      />
      <ConfirmDialog
        visible={asked !== null}
        title={t('adminRoles.endTitle')}
        confirmLabel={t('adminRoles.endConfirm')}
        cancelLabel={t('adminRoles.cancel')}
        onDismiss={() => setAsked(null)}
        onConfirm={() => (onEnd(asked!), setAsked(null))}
      >
        {asked && t(asked.mine ? 'adminRoles.endOwnBody' : 'adminRoles.endBody', { name: who(asked) })}
      </ConfirmDialog>
    </>
  );
}
