import { levelLabel, levelsLabel } from '@shared/format/levels';
import type { DirectoryResponse } from '@shared/contracts/directory-api';
import type { Language, LocalizedText } from '@shared/schemas/common';
import { COMMITTEE_ROLES, type CommitteeRole } from '@shared/schemas/committee-roles';
import { INTEREST_LABELS } from '@shared/schemas/interests';
import { STAFF_DEPARTMENTS } from '@shared/schemas/staff';

/**
 * Labels of the codes the directory sends. The fr/en texts live in ONE place each: levels in the school's
 * settings, interests, roles and departments in shared/schemas (the server and the forms use the same maps).
 * An unknown code is shown as is, never blank.
 */
export const localized = (text: LocalizedText, lang: Language): string => text[lang];

export function interestLabel(code: string, lang: Language): string {
  return (INTEREST_LABELS as Record<string, LocalizedText>)[code]?.[lang] ?? code;
}

export function roleLabel(role: CommitteeRole | string, lang: Language): string {
  return (COMMITTEE_ROLES as Record<string, { label: LocalizedText }>)[role]?.label[lang] ?? role;
}

export function departmentLabel(code: string, lang: Language): string {
  return (STAFF_DEPARTMENTS as Record<string, LocalizedText>)[code]?.[lang] ?? code;
}

export function studentLevelLabel(directory: DirectoryResponse, code: string, lang: Language): string {
  return levelLabel(directory.school?.levels ?? [], code, lang);
}

export function classLevelsLabel(directory: DirectoryResponse, codes: readonly string[], lang: Language): string {
  return levelsLabel(directory.school?.levels ?? [], codes, lang);
}
