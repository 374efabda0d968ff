import type { ParticipantView } from '@shared/contracts/annual-update-api';

/**
 * The participants manager's "Parents / Staff" filter (docs/annual-update.md, "Staff"): shown when the campaign
 * includes staff. A staff row carries `kind: 'staff'`; a parent's has no kind.
 */
export type KindFilter = 'all' | 'parents' | 'staff';
export const KIND_FILTERS: KindFilter[] = ['all', 'parents', 'staff'];

export function matchesKind(row: ParticipantView, filter: KindFilter): boolean {
  if (filter === 'staff') return row.kind === 'staff';
  if (filter === 'parents') return row.kind !== 'staff';
  return true;
}

/** Whether any row is a staff member's (the filter is shown only then). */
export const hasStaffRows = (rows: readonly ParticipantView[]) => rows.some((row) => row.kind === 'staff');
