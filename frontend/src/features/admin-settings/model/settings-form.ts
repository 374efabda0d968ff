import { countLevelUses } from '@shared/rules/school-settings-form';
import { formatPhone } from '@shared/format/phone';
import { formatIssueMessage, IMPORT_ISSUE_CODES, type ImportIssueCode } from '@shared/rules/import-issues';
import {
  settingsFormOf,
  SettingsInvalidBodySchema,
  type SettingsIssue,
  type SettingsLevelInput,
  type SettingsUpdate,
} from '@shared/contracts/school-settings-api';
import type { DirectoryResponse } from '@shared/contracts/directory-api';
import type { Language } from '@shared/schemas/common';
import type { SchoolSettings } from '@shared/schemas/settings';
import { ApiError } from '../../../lib/api/api-client';

/** The settings form's state: the body the server checks (shared/contracts/school-settings-api.ts), cells as text. */
export type SettingsForm = SettingsUpdate;

export const emptyLevel = () => ({ levelCode: '', levelFr: '', levelEn: '', shortFr: '', shortEn: '' });

/**
 * The form the screen starts from: the stored settings' cells, the phone as it is shown everywhere
 * (`514 555-0100`, not the stored digits; the server reads either).
 */
export function formOfSettings(settings: SchoolSettings, version: number): SettingsForm {
  const form = settingsFormOf(settings);
  return { ...form, phone: formatPhone(form.phone), version };
}

/** The graduating level's choices: "the last level", then each level by code and its name in the reader's language. */
export function graduatingLevelOptions(levels: readonly SettingsLevelInput[], lastLabel: string, lang: Language): { value: string; label: string }[] {
  const name = (l: SettingsLevelInput) => (lang === 'fr' ? l.levelFr.trim() || l.levelEn.trim() : l.levelEn.trim() || l.levelFr.trim());
  const named = levels.filter((l) => l.levelCode.trim());
  return [
    { value: '', label: lastLabel },
    ...named.map((l) => {
      const code = l.levelCode.trim().toUpperCase();
      return { value: code, label: name(l) ? `${code} · ${name(l)}` : code };
    }),
  ];
}

/** How many classes and how many students hold a level. */
export interface LevelHolders {
  classes: number;
  students: number;
}

/**
 * How many classes and students hold each level code, counted as the server counts them before it refuses to drop a
 * level still in use (`LEVEL_IN_USE`, lambdas/admin/import/school-settings.ts): each class once per level it hosts,
 * each student once, kept apart so the screen can say « 4 classes et 42 élèves ». The directory lists every class and
 * every student, with their level codes.
 */
export function levelUses(directory: Pick<DirectoryResponse, 'classes' | 'students'>): Map<string, LevelHolders> {
  const classes = countLevelUses(directory.classes.map((schoolClass) => schoolClass.levels));
  const students = countLevelUses(directory.students.map((student) => [student.level]));
  const uses = new Map<string, LevelHolders>();
  for (const code of new Set([...classes.keys(), ...students.keys()])) uses.set(code, { classes: classes.get(code) ?? 0, students: students.get(code) ?? 0 });
  return uses;
}

/**
 * The classes and students that still hold the level of row `index`, which then cannot be removed (undefined: it
 * can). A code another row of the form also has stays in the settings without this row: that row can go.
 */
export function usesOfRow(levels: readonly SettingsLevelInput[], index: number, uses: ReadonlyMap<string, LevelHolders>): LevelHolders | undefined {
  const code = (level: SettingsLevelInput | undefined) => level?.levelCode.trim().toUpperCase() ?? '';
  const own = code(levels[index]);
  if (!own || levels.some((level, i) => i !== index && code(level) === own)) return undefined;
  return uses.get(own);
}

/** The server's issues of a refused save (400 VALIDATION_FAILED), or none for any other error. */
export function issuesOf(error: unknown): SettingsIssue[] {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return [];
  const parsed = SettingsInvalidBodySchema.safeParse(error.body);
  return parsed.success ? parsed.data.issues : [];
}

/**
 * One issue as the import says it (the same sentences: shared/rules/import-issues.ts), `field` being the form's label
 * for the cell; undefined for a code this build does not know.
 */
export function issueText(issue: SettingsIssue, fieldLabel: string, lang: Language): string | undefined {
  if (!(IMPORT_ISSUE_CODES as string[]).includes(issue.code)) return undefined;
  return formatIssueMessage(issue.code as ImportIssueCode, { ...issue.params, field: fieldLabel }, lang);
}

/** The issues still standing once the form went from `before` to `after`: those of a changed field go. */
export function issuesStill(issues: SettingsIssue[], before: SettingsForm, after: SettingsForm): SettingsIssue[] {
  const at = (form: SettingsForm, path: string) =>
    JSON.stringify(path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], form));
  return issues.filter((issue) => at(before, issue.path) === at(after, issue.path));
}

export const sameForm = (a: SettingsForm, b: SettingsForm) => JSON.stringify(a) === JSON.stringify(b);
