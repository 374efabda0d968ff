import * as z from 'zod';
import type { LocalizedText } from './common';

/**
 * Role codes of committee members, in hierarchy order: `rank` 1 is the top of a committee's list. The CE
 * "hierarchy" shown for staff is this rank. Labels use inclusive French forms, as Québec school documents do.
 */
export const COMMITTEE_ROLES = {
  chair: { rank: 1, label: { fr: 'Président ou présidente', en: 'Chair' } },
  coChair: { rank: 1, label: { fr: 'Coprésident ou coprésidente', en: 'Co-chair' } },
  viceChair: { rank: 2, label: { fr: 'Vice-président ou vice-présidente', en: 'Vice-chair' } },
  secretary: { rank: 3, label: { fr: 'Secrétaire', en: 'Secretary' } },
  // Spelled out: « Coordonnateur(trice) », « Président(e) » and the like read badly, and a page mixing both forms
  // read worse (a trial's printout); files that still say them import (import-values.ts, FORMER_LABELS).
  treasurer: { rank: 4, label: { fr: 'Trésorier ou trésorière', en: 'Treasurer' } },
  coordinator: { rank: 5, label: { fr: 'Coordonnateur ou coordonnatrice', en: 'Coordinator' } },
  director: { rank: 6, label: { fr: 'Administrateur ou administratrice', en: 'Director' } },
  member: { rank: 7, label: { fr: 'Membre', en: 'Member' } },
  communityRepresentative: {
    rank: 8,
    label: { fr: 'Représentant ou représentante de la communauté', en: 'Community representative' },
  },
  substitute: { rank: 9, label: { fr: 'Substitut', en: 'Substitute' } },
  nonVoting: { rank: 10, label: { fr: 'Membre sans droit de vote', en: 'Non-voting member' } },
  volunteer: { rank: 11, label: { fr: 'Bénévole', en: 'Volunteer' } },
} as const satisfies Record<string, { rank: number; label: LocalizedText }>;

export type CommitteeRole = keyof typeof COMMITTEE_ROLES;
export const COMMITTEE_ROLE_CODES = Object.keys(COMMITTEE_ROLES) as CommitteeRole[];
export const CommitteeRoleSchema = z.enum(COMMITTEE_ROLE_CODES as [CommitteeRole, ...CommitteeRole[]]);

export function roleRank(role: CommitteeRole): number {
  return COMMITTEE_ROLES[role].rank;
}
