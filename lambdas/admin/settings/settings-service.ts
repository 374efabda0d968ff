import type { ImportIssue } from '@shared/contracts/import-api';
import {
  LEVEL_FIELDS_ON_FORM,
  SCHOOL_FIELDS_ON_FORM,
  type SettingsIssue,
  type SettingsResponse,
  type SettingsUpdate,
} from '@shared/contracts/school-settings-api';
import { checkSettingsForm } from '@shared/rules/school-settings-form';
import type { SchoolSettings } from '@shared/schemas/settings';
import { auditPut, type Actor } from '../../common/audit';
import { AppError } from '../../common/errors';
import { conditionalPutItem, transactWrite } from '../../common/transact';
import { settingsItem } from '../../directory/public';
import { getSettings } from '../../directory/public';
import { readDirectoryConsistent } from '../admin-repository';
import { defaultSettings } from '../import/default-settings';
import { IssueCollector, type ImportTable, type RawRow } from '../import/issues';
import type { ImportTargets } from '../import/resolve';
import { checkLevelsInUse, readSchoolSettings } from '../import/school-settings';

/**
 * The school settings screen (docs/data-onboarding.md, "School settings"). The form's cells are laid out as the
 * school file (`school.csv`) would hold them and read by the import's own readers, so both apply one set of
 * rules: same checks, same issue codes. Saved at the version read, with its audit entry, in one transaction.
 */

/** The form as the school file: one row per level, the school's own cells on the first row. */
function asSchoolTable(update: SettingsUpdate): ImportTable {
  const fields = [...SCHOOL_FIELDS_ON_FORM, ...LEVEL_FIELDS_ON_FORM];
  const columns = new Map(fields.map((field, i) => [field, { column: i + 1, header: field }]));
  const rows: RawRow[] = update.levels.map((level, i) => {
    const values: Record<string, string> = Object.fromEntries(LEVEL_FIELDS_ON_FORM.map((f) => [f, level[f].trim()]));
    if (i === 0) for (const field of SCHOOL_FIELDS_ON_FORM) values[field] = update[field].trim();
    return { line: i + 1, values };
  });
  return { file: 'settings', entity: 'school', columns, rows };
}

/** Where an issue of the school file sits on the form. */
function formPath(issue: ImportIssue): string {
  const field = issue.field;
  if (field && (SCHOOL_FIELDS_ON_FORM as readonly string[]).includes(field)) return field;
  if (field && (LEVEL_FIELDS_ON_FORM as readonly string[]).includes(field) && issue.line > 0) return `levels.${issue.line - 1}.${field}`;
  return 'levels';
}

/**
 * The import's codes, but for a level still in use: the import's sentence speaks of the file, which this screen has
 * not (« manque dans ce fichier »); the screen's own says the level cannot be removed from the settings.
 */
const formCode = (code: ImportIssue['code']): SettingsIssue['code'] => (code === 'LEVEL_IN_USE' ? 'SETTINGS_LEVEL_IN_USE' : code);

const asFormIssue = (issue: ImportIssue): SettingsIssue => ({
  path: formPath(issue),
  code: formCode(issue.code),
  ...(issue.params ? { params: issue.params } : {}),
});

/** GET /api/admin/settings: the stored settings, or the defaults an import would start from. */
export async function readSettingsForForm(now: Date = new Date()): Promise<SettingsResponse> {
  const stored = await getSettings();
  return stored ? { settings: stored, stored: true } : { settings: defaultSettings(now), stored: false };
}

export type SettingsOutcome = { ok: true; settings: SchoolSettings } | { ok: false; issues: SettingsIssue[] };

/** The fields whose value changed (the audit records names, never values). */
function changedFields(before: SchoolSettings | undefined, after: SchoolSettings): string[] {
  const keys = ['schoolName', 'schoolYear', 'contact', 'levels', 'graduatingLevel', 'classStructure'] as const;
  return keys.filter((key) => JSON.stringify(before?.[key]) !== JSON.stringify(after[key]));
}

/**
 * PUT /api/admin/settings: checks the cells with the screen's shared check and as the import does, then writes at
 * `version` + 1 (CONFLICT if stale).
 */
export async function updateSettings(update: SettingsUpdate, actor: Actor, now: Date = new Date()): Promise<SettingsOutcome> {
  const [current, data] = await Promise.all([getSettings(), readDirectoryConsistent()]);
  if ((current?.version ?? 0) !== update.version) throw new AppError('CONFLICT');
  // The screen's own check first (the browser ran the same before sending), then the import's reader.
  const formIssues = checkSettingsForm(update);
  if (formIssues.length > 0) return { ok: false, issues: formIssues };
  const table = asSchoolTable(update);
  const issues = new IssueCollector();
  const read = readSchoolSettings(table, current, now.toISOString(), issues);
  // Levels still used by a class or a student cannot go (the import's rule): nothing else changes here.
  const noTargets = { classes: [], students: [] } as unknown as ImportTargets;
  if (read) checkLevelsInUse(read, table, data, noTargets, issues);
  if (!read || issues.errorCount > 0) return { ok: false, issues: issues.errors.map(asFormIssue) };

  const settings: SchoolSettings = { ...read, version: update.version + 1, updatedAt: now.toISOString() };
  const at = now.toISOString();
  await transactWrite([
    conditionalPutItem(settingsItem(settings), current ? { expectedVersion: current.version } : 'create'),
    auditPut({ at, actor, action: 'settings.update', target: { type: 'SETTINGS', id: 'school' }, fields: changedFields(current, settings) }),
  ]);
  return { ok: true, settings };
}
