import type { Language } from '@shared/schemas/common';
import { COMMITTEE_KINDS, type Committee, type Membership } from '@shared/schemas/committee';
import { COMMITTEE_ROLES, type CommitteeRole } from '@shared/schemas/committee-roles';
import { seatKey, type AdminCommittees } from '../api/admin-committees-client';
import { languageCompare } from '@shared/format/collation';

/** One person on a committee, as the committees screen lists them. */
export interface Seat {
  key: string;
  name: string;
  role: CommitteeRole;
  /** Parent, staff or other (a community representative with no record). */
  who: 'parent' | 'staff' | 'other';
  /** The parent took the seat themselves through the form. */
  signedUpAt?: string;
}

export interface CommitteeRow {
  committee: Committee;
  open: boolean;
  seats: Seat[];
}

const rank = (role: CommitteeRole) => COMMITTEE_ROLES[role].rank;

/**
 * The committees in the directory's order (the governing board, the OPP, the foundation, then the volunteer
 * committees by name), each with its seats in hierarchy order then by name: who chairs comes first.
 */
export function committeeRows(data: AdminCommittees, lang: Language): CommitteeRow[] {
  const byCommittee = new Map<string, Membership[]>();
  for (const m of data.memberships) byCommittee.set(m.committeeId, [...(byCommittee.get(m.committeeId) ?? []), m]);
  const kindOrder = (c: Committee) => COMMITTEE_KINDS.indexOf(c.kind);
  return [...data.committees]
    .sort((a, b) => kindOrder(a) - kindOrder(b) || languageCompare(lang)(a.name[lang], b.name[lang]))
    .map((committee) => {
      const people: Seat[] = (byCommittee.get(committee.id) ?? []).map((m) => ({
        key: seatKey(m),
        name: data.names.get(seatKey(m)) ?? '?',
        role: m.role,
        who: m.personType === 'PARENT' ? 'parent' : 'staff',
        ...(m.signedUpAt ? { signedUpAt: m.signedUpAt } : {}),
      }));
      const others: Seat[] = committee.otherMembers.map((o, i) => ({ key: `OTHER#${i}`, name: `${o.firstName} ${o.lastName}`, role: o.role, who: 'other' }));
      const seats = [...people, ...others].sort((a, b) => rank(a.role) - rank(b.role) || languageCompare(lang)(a.name, b.name));
      return { committee, open: committee.openToSignUps === true, seats };
    });
}

/** The committees open to sign-ups, by name in the reader's language (the campaign's summary says them). */
export const openCommitteeNames = (rows: readonly CommitteeRow[], lang: Language): string[] =>
  rows.filter((row) => row.open).map((row) => row.committee.name[lang]);
