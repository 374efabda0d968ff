import type { Language, LocalizedText } from '../schemas/common';
import type { CommitteeKind } from '../schemas/committee';
import { COMMITTEE_ROLES, type CommitteeRole } from '../schemas/committee-roles';
import { INTEREST_LABELS, type InterestCode } from '../schemas/interests';
import type { Participation } from '../schemas/parent';
import type { Audience } from './visibility';
import type { ClassStructure } from '../schemas/settings';
import { STAFF_DEPARTMENTS, type StaffDepartment } from '../schemas/staff';
import { normalizeSearchText } from './search';

/**
 * Values of the import and export files. Enumerations are written as labels in the admin's language (a
 * volunteer reads "Président ou présidente", not "chair") and read back from a code or a label in either language, compared
 * without case, accents, spaces or punctuation. test/shared/import-columns.test.ts checks that no two values of
 * one enumeration normalise alike, so reading is never ambiguous.
 */

/** Lowercase, no accents, letters and digits only: `Titre (français)` -> `titrefrancais`. */
export function compactToken(text: string): string {
  return normalizeSearchText(text).replace(/ /g, '');
}

/** Separator of several values in one cell (levels, interests, representatives): `1re année|2e année`. */
export const LIST_SEPARATOR = '|';

/** Splits a list cell. `;` and `,` are accepted too: people type them, and no code or label contains one. */
export function splitList(cell: string): string[] {
  return cell
    .split(/[|;,\n]/)
    .map((value) => value.trim())
    .filter(Boolean);
}

export type LabelTable<C extends string> = Readonly<Record<C, LocalizedText>>;

export const PARTICIPATION_LABELS: LabelTable<Participation> = {
  full: { fr: 'Complète', en: 'Full' },
  limited: { fr: 'Limitée', en: 'Limited' },
  nameOnly: { fr: 'Nom seulement', en: 'Name only' },
};

/** Who sees a field (shared/rules/visibility.ts), as the parents file writes it. */
export const AUDIENCE_LABELS: LabelTable<Audience> = {
  school: { fr: "Toute l'école", en: 'Whole school' },
  classes: { fr: 'Classes des enfants', en: "Children's classes" },
  admins: { fr: 'Administrateurs seulement', en: 'Administrators only' },
};

export const LANGUAGE_LABELS: LabelTable<Language> = {
  fr: { fr: 'Français', en: 'French' },
  en: { fr: 'Anglais', en: 'English' },
};

export const COMMITTEE_KIND_LABELS: LabelTable<CommitteeKind> = {
  ce: { fr: "Conseil d'établissement", en: 'Governing board' },
  opp: { fr: 'Organisme de participation des parents', en: 'Parent participation organization' },
  foundation: { fr: 'Fondation', en: 'Foundation' },
  volunteer: { fr: 'Comité de bénévoles', en: 'Volunteer committee' },
};

export const CLASS_STRUCTURE_LABELS: LabelTable<ClassStructure> = {
  singleGrade: { fr: 'Une année par classe', en: 'One grade per class' },
  multiGrade: { fr: 'Classes multiniveaux', en: 'Multi-grade classes' },
};

/** Who a committee member row is about: a parent, a staff member, or someone with no record (`other`). */
export const MEMBER_TYPES = ['parent', 'staff', 'other'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];
export const MEMBER_TYPE_LABELS: LabelTable<MemberType> = {
  parent: { fr: 'Parent', en: 'Parent' },
  staff: { fr: 'Personnel', en: 'Staff' },
  other: { fr: 'Autre', en: 'Other' },
};

export const ROLE_LABELS: LabelTable<CommitteeRole> = Object.fromEntries(
  Object.entries(COMMITTEE_ROLES).map(([code, role]) => [code, role.label]),
) as LabelTable<CommitteeRole>;
export const DEPARTMENT_LABELS: LabelTable<StaffDepartment> = STAFF_DEPARTMENTS;
export const INTEREST_VALUE_LABELS: LabelTable<InterestCode> = INTEREST_LABELS;

/** A yes-or-no cell (a committee open to sign-ups). */
export const YES_NO_LABELS: LabelTable<'yes' | 'no'> = {
  yes: { fr: 'Oui', en: 'Yes' },
  no: { fr: 'Non', en: 'No' },
};

/** Every enumeration a file may hold, by name (the `allowed` parameter of INVALID_VALUE names one). */
export const VALUE_TABLES = {
  participation: PARTICIPATION_LABELS,
  audience: AUDIENCE_LABELS,
  language: LANGUAGE_LABELS,
  committeeKind: COMMITTEE_KIND_LABELS,
  memberType: MEMBER_TYPE_LABELS,
  role: ROLE_LABELS,
  department: DEPARTMENT_LABELS,
  interest: INTEREST_VALUE_LABELS,
  classStructure: CLASS_STRUCTURE_LABELS,
  yesNo: YES_NO_LABELS,
} as const;
export type ValueTableName = keyof typeof VALUE_TABLES;

/** Labels a file written before a label changed may still hold: they still name the code (never written again). */
const FORMER_LABELS = new Map<object, Record<string, readonly string[]>>([
  [
    ROLE_LABELS,
    {
      coordinator: ['Coordonnateur(trice)'],
      treasurer: ['Trésorier(ère)'],
      director: ['Administrateur(trice)'],
      chair: ['Président(e)'],
      coChair: ['Coprésident(e)'],
      viceChair: ['Vice-président(e)'],
      communityRepresentative: ['Représentant(e) de la communauté'],
    },
  ],
]);

const lookups = new Map<object, Map<string, string>>();

/** The code a cell names (by code or by label in either language), or undefined. */
export function resolveCode<C extends string>(table: LabelTable<C>, cell: string): C | undefined {
  let lookup = lookups.get(table);
  if (!lookup) {
    lookup = new Map();
    for (const [code, label] of Object.entries(table) as [C, LocalizedText][]) {
      for (const text of [code, label.fr, label.en]) lookup.set(compactToken(text), code);
    }
    for (const [code, texts] of Object.entries(FORMER_LABELS.get(table) ?? {})) {
      for (const text of texts) lookup.set(compactToken(text), code as C);
    }
    lookups.set(table, lookup);
  }
  return lookup.get(compactToken(cell)) as C | undefined;
}

/** Whether the compact tokens of a table's codes and labels are unambiguous (a test runs it on every table). */
export function ambiguousTokens(table: LabelTable<string>): string[] {
  const owner = new Map<string, string>();
  const clashes: string[] = [];
  for (const [code, label] of Object.entries(table)) {
    for (const text of [code, label.fr, label.en]) {
      const token = compactToken(text);
      const previous = owner.get(token);
      if (previous !== undefined && previous !== code) clashes.push(token);
      owner.set(token, code);
    }
  }
  return clashes;
}
