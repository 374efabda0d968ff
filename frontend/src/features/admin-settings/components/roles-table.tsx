import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import type { RoleView } from '@shared/contracts/admin-roles-api';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { formatDate } from '../../../lib/date-time';
import { useIsMobile } from '../../../lib/use-language';

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

/** A day as one piece: « 2026-11-30 » is never broken at its hyphens in a narrow column. */
const Day = ({ children }: { children: string }) => <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;

/**
 * Current, future and past administrator roles with their dates; a current or future role can be ended. A table on
 * wide screens, cards on phones (docs/product-rules.md): six columns do not fit 375 px (a trial saw the dates broken
 * in two and « Mettre fin » off the screen).
 */
export function RolesTable({ roles, ending, onEnd }: RolesTableProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [asked, setAsked] = useState<RoleView | null>(null);
  const who = (role: RoleView) => role.name ?? role.email;
  const columns = [
    { id: 'who', header: t('adminRoles.columns.who'), cell: (r: RoleView) => <SpaceBetween size="xxxs"><span>{who(r)}{r.mine ? ` (${t('adminRoles.you')})` : ''}</span><Box variant="small">{r.email}</Box></SpaceBetween> },
    { id: 'title', header: t('adminRoles.columns.title'), cell: (r: RoleView) => r.title ?? '—' },
    { id: 'from', header: t('adminRoles.columns.from'), cell: (r: RoleView) => <Day>{r.from}</Day> },
    { id: 'until', header: t('adminRoles.columns.until'), cell: (r: RoleView) => { const last = lastDayOf(r); return last ? <Day>{last}</Day> : t('adminRoles.openEnded'); } },
    { id: 'status', header: t('adminRoles.columns.status'), cell: (r: RoleView) => <StatusIndicator type={STATUS[r.status]}>{t(`adminRoles.status.${r.status}`)}{r.revokedAt ? ` · ${t('adminRoles.revoked')}` : ''}</StatusIndicator> },
    {
      id: 'actions',
      header: t('adminRoles.columns.actions'),
      cell: (r: RoleView) =>
        r.status === 'past' ? '—' : (
          <Button ariaLabel={`${t('adminRoles.end')} ${who(r)}`} disabled={ending} onClick={() => setAsked(r)}>{t('adminRoles.end')}</Button>
        ),
    },
  ];
  const shared = {
    header: <Header variant="h2" description={t('adminRoles.listDescription')}>{t('adminRoles.listTitle')}</Header>,
    loading: roles === null,
    loadingText: t('adminRoles.loading'),
    items: roles ?? [],
    empty: t('adminRoles.noRoles'),
  };
  return (
    <>
      {mobile ? (
        <Cards
          {...shared}
          ariaLabels={{ itemSelectionLabel: () => '', selectionGroupLabel: t('adminRoles.listTitle') }}
          cardDefinition={{
            header: (r) => columns[0]!.cell(r),
            sections: columns
              .filter((c) => c.id !== 'who')
              .map((c) => ({ id: c.id, header: c.header, content: c.cell })),
          }}
        />
      ) : (
        <Table {...shared} wrapLines columnDefinitions={columns} />
      )}
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
