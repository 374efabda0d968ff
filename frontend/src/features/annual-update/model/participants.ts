import type { ParticipantView } from '@shared/contracts/annual-update-api';
import { matchesSearch, parseSearchQuery, prepareSearchText } from '@shared/rules/search';
import { frenchNumericCompare } from '@shared/format/collation';

/**
 * The participants manager's filters and the summary of the rows it shows (docs/annual-update.md), kept apart from the
 * table so they can be tested without a browser.
 */
export type StatusFilter = 'all' | 'notSent' | 'emailed' | 'sent' | 'submitted' | 'optedOut' | 'unreachable' | 'failed' | 'suppressed';
export const STATUS_FILTERS: StatusFilter[] = ['all', 'notSent', 'emailed', 'sent', 'submitted', 'optedOut', 'unreachable', 'failed', 'suppressed'];

export function matchesStatus(row: ParticipantView, filter: StatusFilter): boolean {
  switch (filter) {
    case 'notSent': return !row.unreachable && !row.emailSent;
    /** Emailed at least once, whatever the answer. */
    case 'emailed': return row.emailSent;
    /** Emailed, no answer yet. */
    case 'sent': return row.emailSent && !row.submitted;
    case 'submitted': return row.submitted;
    case 'optedOut': return row.optedOut;
    case 'unreachable': return row.unreachable;
    case 'failed': return row.sendFailures > 0;
    /** The address bounced or complained (docs/annual-update.md, "Bounces and complaints"). */
    case 'suppressed': return row.suppression !== undefined;
    default: return true;
  }
}

/**
 * The manager's search, the directory's rule (shared/rules/search.ts): every word of the query in the name, the email or a
 * class, in any order, blind to case, accents and punctuation, so « Beaudoin, Minh » (as the table writes a name),
 * « Minh Beaudoin » and « beaudoin » all find Minh Beaudoin.
 */
export function matchesSearchText(row: ParticipantView, text: string): boolean {
  const query = parseSearchQuery(text);
  if (query.words.length === 0) return true;
  return matchesSearch(prepareSearchText(row.firstName, row.lastName, row.email, ...row.classes.map((c) => `${c.code} ${c.name}`)), query);
}

/** `''` = every class. A parent matches when one of their children is in the class. */
export function matchesClass(row: ParticipantView, classId: string): boolean {
  return classId === '' || row.classes.some((c) => c.id === classId);
}

/** The children's classes present among the participants, by code. */
export function classesOf(rows: readonly ParticipantView[]): ParticipantView['classes'] {
  const byId = new Map<string, ParticipantView['classes'][number]>();
  for (const row of rows) for (const c of row.classes) byId.set(c.id, c);
  return [...byId.values()].sort((a, b) => frenchNumericCompare(a.code, b.code));
}

export interface RowsSummary {
  shown: number;
  /** Staff members among the rows shown (a campaign that includes staff): the summary then names who it counts. */
  staff: number;
  /** Answered and still in the directory (full or limited). */
  submitted: number;
  /** Answered name only. */
  optedOut: number;
  /** No answer yet (emailed or not). */
  pending: number;
  /**
   * Answered (submitted + opted out) over shown, to a tenth of a percent as the campaign's own progress (server,
   * lambdas/annual-update/views.ts) so the two lines of the manager round alike; 0 for no rows.
   */
  percentage: number;
}

/** The three answers of the shown rows add up to the rows shown; an opt-out is an answer (as on the server). */
export function summarize(rows: readonly ParticipantView[]): RowsSummary {
  const optedOut = rows.filter((row) => row.submitted && row.optedOut).length;
  const submitted = rows.filter((row) => row.submitted && !row.optedOut).length;
  const shown = rows.length;
  const answered = submitted + optedOut;
  const staff = rows.filter((row) => row.kind === 'staff').length;
  return { shown, staff, submitted, optedOut, pending: shown - answered, percentage: shown ? Math.round((answered / shown) * 1000) / 10 : 0 };
}
