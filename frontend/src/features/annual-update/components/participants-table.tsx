import { useState, type CSSProperties } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import { Pagination } from '../../../components/pagination/pagination';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import Cards from '@cloudscape-design/components/cards';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { listedBySendMode, type CampaignView, type ParticipantView, type SendRequest } from '@shared/contracts/annual-update-api';
import type { Language } from '@shared/schemas/common';
import { isMobileBreakpoint } from '../../../components/layout/breakpoints';
import { useBreakpoint } from '../../../components/layout/use-breakpoint';
import { currentLocale } from '../../../i18n/i18n';
import { formatCount } from '../../../lib/number-format';
import { useParticipants } from '../hooks/use-participants';
import { formatDateTime, formatTimeAgo } from '../../../lib/date-time';
import { formatPercent } from '../../../lib/percent';
import { STATUS_FILTERS, type RowsSummary, type StatusFilter } from '../model/participants';
import { ParticipantHistory } from './participant-history';
import { KindFilterControl } from './kind-filter';
import { WholeWordsStatus } from '../../../components/status/whole-words-status';

function Status({ type, text }: { type: StatusIndicatorProps.Type; text: string }) {
  return <WholeWordsStatus type={type}>{text}</WholeWordsStatus>;
}

function RowStatus({ row }: { row: ParticipantView }) {
  const { t } = useTranslation();
  const key = 'annualUpdateAdmin.rowStatus';
  // The address comes first: nothing reaches the parent until it is corrected (docs/annual-update.md).
  if (row.suppression) return <SuppressedStatus suppression={row.suppression} />;
  if (row.optedOut) return <Status type="stopped" text={t(`${key}.optedOut`)} />;
  if (row.submitted) return <Status type="success" text={t(`${key}.submitted`)} />;
  if (row.unreachable) return <Status type="warning" text={t(`${key}.unreachable`)} />;
  if (row.sendFailures > 0 && !row.emailSent) return <Status type="error" text={t(`${key}.failed`)} />;
  if (row.emailSent) return <Status type="pending" text={t(`${key}.sent`, { count: row.emailsSent })} />;
  return <Status type="stopped" text={t(`${key}.notSent`)} />;
}

/** "Address bounced since ..." or "Complaint since ...", with how to fix it. */
function SuppressedStatus({ suppression }: { suppression: NonNullable<ParticipantView['suppression']> }) {
  const { t, i18n } = useTranslation();
  const date = formatDateTime(suppression.at, currentLocale(i18n));
  return (
    <SpaceBetween size="xxxs">
      <Status type="error" text={t(`annualUpdateAdmin.bounces.${suppression.reason}`, { date })} />
      <Box variant="small">{t('annualUpdateAdmin.bounces.hint')}</Box>
    </SpaceBetween>
  );
}

type ParticipantsState = ReturnType<typeof useParticipants>;

/** The campaign's progress and, when a filter is on, the summary of the rows shown. */
function ProgressSummary({ campaign, state }: { campaign: CampaignView; state: ParticipantsState }) {
  const { t, i18n } = useTranslation();
  const lang = currentLocale(i18n);
  const { filtered, shown } = state;
  const number = (value: number) => formatCount(value, lang);
  const { progress } = campaign;
  return (
    <>
      <span data-testid="campaign-progress">
        {t('annualUpdateAdmin.card.progressInfo', {
          completed: number(progress.completed),
          total: number(progress.total),
          percentage: formatPercent(progress.percentage, lang),
        })}
      </span>
      {filtered && (
        <span data-testid="shown-summary" style={{ display: 'block' }} aria-live="polite">
          {shownSummary(shown, whoIsShown(state), t, lang, number)}
        </span>
      )}
    </>
  );
}

type Shown = 'parents' | 'staff' | 'people';
/** Who the rows shown are: by the rows themselves, or by the filters when none is left. */
function whoIsShown({ shown, kind, hasStaff }: ParticipantsState): Shown {
  if (shown.shown === 0) return kind === 'staff' ? 'staff' : kind === 'all' && hasStaff ? 'people' : 'parents';
  return shown.staff === 0 ? 'parents' : shown.staff === shown.shown ? 'staff' : 'people';
}

/**
 * The rows a filter leaves, in words (docs/annual-update.md, "Participants manager"): who they are (parents, staff
 * members, or people when both are shown), then only the counts that are not zero (« retirés 0 » read oddly), then
 * the share answered in the app's one percentage format: « 40 parents affichés : 8 formulaires soumis, 32 en
 * attente — 20 % de réponses ».
 */
function shownSummary(shown: RowsSummary, who: Shown, t: TFunction, lang: Language, number: (value: number) => string): string {
  const key = 'annualUpdateAdmin.table.shown';
  const head = t(`${key}.${who}`, { count: shown.shown, n: number(shown.shown) });
  if (shown.shown === 0) return head;
  const parts = (['submitted', 'optedOut', 'pending'] as const)
    .filter((part) => shown[part] > 0)
    .map((part) => t(`${key}.${part}`, { count: shown[part], n: number(shown[part]) }))
    .join(', ');
  return t(`${key}.line`, { head, parts, percentage: formatPercent(shown.percentage, lang) });
}

/**
 * How many rows are selected and how many of them the search and filters hide (they are still sent to), with a
 * way to clear the selection. The line stays in the page, empty, so a screen reader hears each change.
 */
function SelectionSummary({ state }: { state: ParticipantsState }) {
  const { t } = useTranslation();
  const { selected, hiddenSelected: hidden } = state;
  const key = 'annualUpdateAdmin.table';
  const count = selected.length;
  const text =
    hidden === 0 ? t(`${key}.selectedCount`, { count })
    : hidden === count ? t(`${key}.selectedAllHidden`, { count })
    : t(`${key}.selectedSomeHidden`, { count: hidden, selected: count });
  return (
    <span style={{ display: 'block' }}>
      <span data-testid="selection-summary" aria-live="polite">{count > 0 ? text : ''}</span>
      {count > 0 && (
        <>
          {' '}
          <Button variant="inline-link" onClick={state.clearSelection}>{t(`${key}.clearSelection`)}</Button>
        </>
      )}
    </span>
  );
}

const FILTER_WIDTH: CSSProperties = { minWidth: '8rem' };

/** The search, the status filter and the class filter. */
function ParticipantFilters({ state }: { state: ParticipantsState }) {
  const { t } = useTranslation();
  const { status, setStatus, classId, setClassId, classes } = state;
  const { filterProps, filteredItemsCount } = state.collection;
  const option = (value: StatusFilter): SelectProps.Option => ({ value, label: t(`annualUpdateAdmin.filters.${value}`) });
  const classOptions: SelectProps.Option[] = [
    { value: '', label: t('annualUpdateAdmin.filters.allClasses') },
    ...classes.map((c) => ({ value: c.id, label: c.code, description: c.name })),
  ];
  return (
    <SpaceBetween direction="horizontal" size="xs">
      <KindFilterControl state={state} />
      <TextFilter
        {...filterProps}
        // Short enough to show whole in the field at 375 and 1,440 px; the field's name says it in full.
        filteringPlaceholder={t('annualUpdateAdmin.table.search')}
        filteringAriaLabel={t('annualUpdateAdmin.table.searchLabel')}
        countText={t('annualUpdateAdmin.table.matches', { count: filteredItemsCount ?? 0 })}
      />
      {/* Wide enough for its inline label: with the short "All", "Status" broke inside the word ("Statu / s"). */}
      <div style={FILTER_WIDTH}>
        <Select
          selectedOption={option(status)}
          options={STATUS_FILTERS.map(option)}
          onChange={({ detail }) => setStatus(detail.selectedOption.value as StatusFilter)}
          inlineLabelText={t('annualUpdateAdmin.table.status')}
          ariaLabel={t('annualUpdateAdmin.table.status')}
        />
      </div>
      <Select
        selectedOption={classOptions.find((o) => o.value === classId) ?? classOptions[0]!}
        options={classOptions}
        filteringType={classes.length > 10 ? 'auto' : 'none'}
        onChange={({ detail }) => setClassId(detail.selectedOption.value ?? '')}
        inlineLabelText={t('annualUpdateAdmin.table.class')}
        ariaLabel={t('annualUpdateAdmin.table.class')}
      />
    </SpaceBetween>
  );
}

/**
 * What a send would do, counted from the rows the page has when its button is pressed. The job lists the rows the
 * mode picks (`listedBySendMode`, the server's own rule, shared), then writes only to those with a usable address (send-worker.ts skips a missing email, a person who left,
 * an address that bounced or complained) and picks the kind of email: an invitation for a first email, a reminder
 * after one. Only a parent's row carries the bounce (views.ts), so a staff address that bounced still counts.
 */
export interface SendPlan {
  request: SendRequest;
  /** Recipients emailed for the first time. */
  invitations: number;
  /** Recipients emailed before. */
  reminders: number;
  /** Listed by the job, emailed nothing: no usable address. */
  skipped: number;
  /** A staff member is among the recipients: the dialog says "people", not "parents". */
  people: boolean;
  /**
   * Recipients already emailed within the last RECENT_EMAIL_HOURS before `asOf` (the button's press), and when the
   * latest of those emails left: a new email replaces the link of the one just sent, so the dialog says so (a
   * reminder sent twice in a row by mistake).
   */
  recent?: { count: number; latestAt: string; asOf: string };
}

/** An email sent less than this many hours ago is "recent" for the send dialog (the same working day, roughly). */
export const RECENT_EMAIL_HOURS = 24;

/** When the participant's last email left (an invitation or a reminder), from their history. */
function lastEmailAt(row: ParticipantView): string | undefined {
  let latest: string | undefined;
  for (const { at, event } of row.history) if ((event === 'emailSent' || event === 'reminderSent') && (!latest || at > latest)) latest = at;
  return latest;
}

export function sendPlan(request: SendRequest, participants: readonly ParticipantView[], now: Date = new Date()): SendPlan {
  const ids = new Set(request.mode === 'selected' ? request.parentIds : []);
  const listed = participants.filter((row) => (request.mode === 'selected' ? ids.has(row.parentId) : listedBySendMode(request.mode, row)));
  const emailed = listed.filter((row) => !row.unreachable && row.email !== undefined && row.suppression === undefined);
  const reminders = emailed.filter((row) => row.emailsSent > 0).length;
  const since = new Date(now.getTime() - RECENT_EMAIL_HOURS * 3_600_000).toISOString();
  const recent = emailed.map(lastEmailAt).filter((at): at is string => at !== undefined && at > since).sort();
  return {
    request,
    invitations: emailed.length - reminders,
    reminders,
    skipped: listed.length - emailed.length,
    people: emailed.some((row) => row.kind === 'staff'),
    ...(recent.length > 0 ? { recent: { count: recent.length, latestAt: recent.at(-1)!, asOf: now.toISOString() } } : {}),
  };
}

/** Asks before a send (emails cannot be taken back): who gets what, and why nobody would, if so. */
function SendConfirmModal({ plan, canSend, onDismiss, onConfirm }: {
  plan: SendPlan;
  canSend: boolean;
  onDismiss: () => void;
  onConfirm: () => void;
}) {
  const { t, i18n } = useTranslation();
  const key = 'annualUpdateAdmin.sendConfirm';
  const count = plan.invitations + plan.reminders;
  const noun = plan.people ? 'People' : '';
  const line = (text: string) => <Box variant="p">{text}</Box>;
  if (count === 0) {
    // Nothing to confirm: the dialog only says why nobody would get an email.
    return (
      <ConfirmDialog visible title={t(`${key}.titleNobody`)} cancelLabel={t(`${key}.close`)} onDismiss={onDismiss}>
        {line(t(`${key}.nobody.${plan.request.mode}`))}
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      visible
      title={t(`${key}.title`)}
      confirmLabel={t(`${key}.submit${noun}`, { count })}
      cancelLabel={t('annualUpdateAdmin.cancel')}
      disabled={!canSend}
      onDismiss={onDismiss}
      onConfirm={onConfirm}
    >
      {plan.invitations > 0 && line(t(`${key}.invitations${noun}`, { count: plan.invitations }))}
      {plan.reminders > 0 && line(t(`${key}.reminders${noun}`, { count: plan.reminders }))}
      {plan.recent &&
        line(t(`${key}.recent${noun}`, {
          count: plan.recent.count,
          hours: RECENT_EMAIL_HOURS,
          ago: formatTimeAgo(plan.recent.latestAt, plan.recent.asOf, currentLocale(i18n)),
        }))}
      {plan.skipped > 0 && line(t(`${key}.skipped`, { count: plan.skipped }))}
      {line(t(`${key}.final`))}
    </ConfirmDialog>
  );
}

/** The three send actions (the selected parents, everyone not sent yet, a reminder), each confirmed in a dialog. */
function SendActions({ participants, selected, canSend, onSend, onSentSelection }: {
  participants: readonly ParticipantView[];
  /** The whole selection, rows the search and filters hide included. */
  selected: readonly ParticipantView[];
  canSend: boolean;
  onSend: (request: SendRequest) => void;
  /** The selection was sent: it is cleared, so a later pick starts afresh and nobody is sent to twice by mistake. */
  onSentSelection: () => void;
}) {
  const { t } = useTranslation();
  const [plan, setPlan] = useState<SendPlan | null>(null);
  const ask = (request: SendRequest) => setPlan(sendPlan(request, participants));
  const confirm = (request: SendRequest) => {
    setPlan(null);
    onSend(request);
    if (request.mode === 'selected') onSentSelection();
  };
  return (
    <>
      <SpaceBetween direction="horizontal" size="xs">
        <Button
          disabled={!canSend || selected.length === 0}
          onClick={() => ask({ mode: 'selected', parentIds: selected.map((row) => row.parentId) })}
        >
          {t('annualUpdateAdmin.send.selected', { count: selected.length })}
        </Button>
        <Button disabled={!canSend} onClick={() => ask({ mode: 'notSent' })}>{t('annualUpdateAdmin.send.notSent')}</Button>
        <Button disabled={!canSend} onClick={() => ask({ mode: 'remind' })}>{t('annualUpdateAdmin.send.remind')}</Button>
      </SpaceBetween>
      {plan && <SendConfirmModal plan={plan} canSend={canSend} onDismiss={() => setPlan(null)} onConfirm={() => confirm(plan.request)} />}
    </>
  );
}

/**
 * An address that breaks before its "@", or anywhere when one part is still too long: unbroken, the longest address
 * set the column's width and pushed the History column off a 1,280 px screen with the navigation open.
 */
function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  return (
    <span style={{ overflowWrap: 'anywhere' }}>
      {at > 0 ? email.slice(0, at) : email}
      {at > 0 && <wbr />}
      {at > 0 && email.slice(at)}
    </span>
  );
}

/** The columns of the table (the cards show the same fields, the name as their header). */
function participantColumns(t: TFunction, lang: Language, onHistory: (row: ParticipantView) => void): TableProps.ColumnDefinition<ParticipantView>[] {
  const date = (iso?: string) => (iso ? formatDateTime(iso, lang) : '—');
  return [
    {
      id: 'name',
      header: t('annualUpdateAdmin.table.name'),
      cell: (row) => (row.lastName ? `${row.lastName}, ${row.firstName ?? ''}` : t('annualUpdateAdmin.table.removed')),
      sortingField: 'lastName',
    },
    { id: 'email', header: t('annualUpdateAdmin.table.email'), cell: (row) => (row.email ? <BreakableEmail email={row.email} /> : '—') },
    { id: 'classes', header: t('annualUpdateAdmin.table.classes'), cell: (row) => row.classes.map((c) => c.code).join(', ') },
    // Wide enough for "Non envoyé" on one line once the cells wrap.
    { id: 'status', header: t('annualUpdateAdmin.table.status'), cell: (row) => <RowStatus row={row} />, minWidth: 150 },
    { id: 'activity', header: t('annualUpdateAdmin.table.lastActivity'), cell: (row) => date(row.lastActivityAt), sortingField: 'lastActivityAt' },
    {
      id: 'history',
      header: t('annualUpdateAdmin.table.history'),
      // "Historique (12)" on one line: narrower, the link broke mid-word at 1,440 px.
      minWidth: 140,
      cell: (row) => <HistoryButton row={row} variant="inline-link" onHistory={onHistory} />,
    },
  ];
}

/** "Historique (3)", opening the parent's history; the visible text starts its name, the parent's name ends it. */
function HistoryButton({ row, variant, onHistory }: {
  row: ParticipantView;
  variant: 'inline-link' | 'link';
  onHistory: (row: ParticipantView) => void;
}) {
  const { t } = useTranslation();
  const button = t('annualUpdateAdmin.history.button', { events: row.history.length });
  // The visible text starts the accessible name (WCAG 2.5.3), the parent's name tells the rows apart.
  const name = row.lastName ? `${row.firstName ?? ''} ${row.lastName}`.trim() : t('annualUpdateAdmin.table.removed');
  return (
    <Button variant={variant} ariaLabel={t('annualUpdateAdmin.history.open', { button, name })} onClick={() => onHistory(row)}>
      {button}
    </Button>
  );
}

const CARD_STATUS_LINE: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  columnGap: 8,
};

/**
 * A participant's card on a phone, below its header (the name): the status with the history beside it (one tap, the
 * button's own words, no label above it), then the address, then the classes and the last activity in one small line.
 * The table's six labelled sections made a card 340 px tall at 375 px, « Historique » above « Historique (0) ».
 */
function ParticipantCardBody({ row, lang, onHistory }: { row: ParticipantView; lang: Language; onHistory: (row: ParticipantView) => void }) {
  const { t } = useTranslation();
  const key = 'annualUpdateAdmin.table.card';
  const classes = row.classes.map((c) => c.code).join(', ');
  const details = [
    classes && t(`${key}.classes`, { count: row.classes.length, classes }),
    row.lastActivityAt && t(`${key}.lastActivity`, { date: formatDateTime(row.lastActivityAt, lang) }),
  ].filter(Boolean);
  return (
    <div data-testid="participant-card">
      <div style={CARD_STATUS_LINE}>
        <RowStatus row={row} />
        <HistoryButton row={row} variant="link" onHistory={onHistory} />
      </div>
      <Box color={row.email ? 'inherit' : 'text-body-secondary'}>
        {row.email ? <BreakableEmail email={row.email} /> : t(`${key}.noEmail`)}
      </Box>
      {details.length > 0 && <Box variant="small" color="text-body-secondary">{details.join(' · ')}</Box>}
    </div>
  );
}

/**
 * Every parent of the campaign, in pages, with filters (status, class, search), selection (kept from page to page
 * and through the filters, which say how many selected rows they hide),
 * the three send actions (each confirmed in a dialog), each parent's history, and the campaign's progress beside the
 * summary of the rows shown (docs/annual-update.md).
 */
export function ParticipantsTable({ campaign, participants, loading, canSend, onSend }: {
  campaign: CampaignView;
  participants: ParticipantView[];
  loading: boolean;
  /** False while a job runs or once the campaign is not active. */
  canSend: boolean;
  onSend: (request: SendRequest) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = currentLocale(i18n);
  const state = useParticipants(participants);
  const { items, collectionProps, paginationProps } = state.collection;
  const mobile = isMobileBreakpoint(useBreakpoint());
  const [historyOf, setHistoryOf] = useState<ParticipantView | null>(null);
  const columns = participantColumns(t, lang, setHistoryOf);
  const shared = {
    items,
    loading,
    loadingText: t('common.loading'),
    // Row checkboxes only where a bulk action applies: a closed campaign sends nothing.
    selectionType: campaign.status === 'active' ? ('multi' as const) : undefined,
    trackBy: 'parentId',
    selectedItems: collectionProps.selectedItems,
    onSelectionChange: collectionProps.onSelectionChange,
    empty: <Box textAlign="center" color="inherit">{t('annualUpdateAdmin.table.empty')}</Box>,
    header: (
      <Header
        // No « (0) » while the rows load: the card above already says « 0/382 ».
        counter={loading ? undefined : `(${participants.length})`}
        description={
          <>
            <ProgressSummary campaign={campaign} state={state} />
            {campaign.status === 'active' && <SelectionSummary state={state} />}
          </>
        }
        // A closed campaign sends nothing: no send buttons at all (docs/annual-update.md, "Campaign lifecycle").
        actions={
          campaign.status === 'active' ? (
            <SendActions participants={participants} selected={state.selected} canSend={canSend} onSend={onSend} onSentSelection={state.clearSelection} />
          ) : undefined
        }
      >
        {t('annualUpdateAdmin.table.title')}
      </Header>
    ),
    filter: <ParticipantFilters state={state} />,
    pagination: <Pagination {...paginationProps} />,
  };
  const itemSelectionLabel = (_: unknown, row: ParticipantView) => `${row.firstName ?? ''} ${row.lastName ?? ''}`;
  return (
    <>
      <ParticipantHistory participant={historyOf} onDismiss={() => setHistoryOf(null)} />
      {mobile ? (
        // Below 1280 px: one card per parent, no sideways scrolling (docs/product-rules.md, "Constants"): the name,
        // then what the administrator looks for at a glance, without the table's column labels.
        <Cards
          {...shared}
          variant="container"
          ariaLabels={{ selectionGroupLabel: t('annualUpdateAdmin.table.selection'), itemSelectionLabel }}
          cardDefinition={{
            header: (row) => columns[0]!.cell(row),
            sections: [{ id: 'summary', content: (row) => <ParticipantCardBody row={row} lang={lang} onHistory={setHistoryOf} /> }],
          }}
          cardsPerRow={[{ cards: 1 }, { minWidth: 700, cards: 2 }]}
        />
      ) : (
        <Table
          {...collectionProps}
          {...shared}
          variant="container"
          // Cells wrap so the columns fit the page (at 1,440 px, History went off the right edge with one line each).
          wrapLines
          ariaLabels={{
            selectionGroupLabel: t('annualUpdateAdmin.table.selection'),
            itemSelectionLabel,
            allItemsSelectionLabel: () => t('annualUpdateAdmin.table.selectAll'),
          }}
          columnDefinitions={columns}
        />
      )}
    </>
  );
}
