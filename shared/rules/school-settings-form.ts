import type { SettingsIssue, SettingsLevelInput, SettingsUpdate } from '../contracts/school-settings-api';
import { phoneDigits } from '../format/phone';
import { normalizePostalCode } from '../format/postal-code';
import { LevelCodeSchema, SchoolYearSchema } from '../schemas/common';
import { SCHOOL_LEVELS_MAX, SCHOOL_SETTINGS_MAX_LENGTHS as MAX } from '../schemas/settings';
import { isValidEmail, normalizeEmail } from './email';
import type { ImportIssueCode } from './import-issues';
import { compactToken } from './import-values';

/**
 * The settings screen's cells checked as the school file's reader checks them (lambdas/admin/import/school-settings.ts,
 * docs/data-onboarding.md, "School settings"): same limits, same rule functions, same issue codes and parameters, at
 * the form's paths (`schoolName`, `levels.2.levelFr`, `levels`). The browser runs it before sending, the server
 * again before reading the cells as the import does, so the two never disagree. Whether a dropped level is still
 * used needs the directory: that check is the server's alone (`SETTINGS_LEVEL_IN_USE`).
 */
export function checkSettingsForm(form: Omit<SettingsUpdate, 'version'>): SettingsIssue[] {
  const issues: SettingsIssue[] = [];
  const add = (path: string, code: ImportIssueCode, params?: SettingsIssue['params']) => {
    issues.push({ path, code, ...(params ? { params } : {}) });
  };
  /** Free text: false when empty (REQUIRED if it must be there) or past its limit (TOO_LONG). */
  const text = (path: string, value: string, max: number, required = false) => {
    if (value === '') {
      if (required) add(path, 'REQUIRED');
      return false;
    }
    if (value.length > max) {
      add(path, 'TOO_LONG', { max });
      return false;
    }
    return true;
  };

  const schoolYear = form.schoolYear.trim();
  text('schoolName', form.schoolName.trim(), MAX.schoolName, true);
  if (text('schoolYear', schoolYear, MAX.schoolYear, true) && !SchoolYearSchema.safeParse(schoolYear).success) {
    add('schoolYear', 'INVALID_SCHOOL_YEAR', { value: schoolYear });
  }
  const email = form.email.trim();
  if (email && !isValidEmail(normalizeEmail(email))) add('email', 'INVALID_EMAIL', { value: email.slice(0, 80) });
  const phone = form.phone.trim();
  if (phone && !phoneDigits(phone)) add('phone', 'INVALID_PHONE', { value: phone.slice(0, 40) });
  checkAddress(form, text, add);
  checkLevels(form.levels, text, add);
  const graduating = form.graduatingLevel.trim();
  if (graduating && !form.levels.some((level) => namesLevel(level, graduating))) add('graduatingLevel', 'UNKNOWN_LEVEL', { value: graduating });
  return issues;
}

type Text = (path: string, value: string, max: number, required?: boolean) => boolean;
type Add = (path: string, code: ImportIssueCode, params?: SettingsIssue['params']) => void;

/** Street, city and postal code go together: all three or none. */
function checkAddress(form: Omit<SettingsUpdate, 'version'>, text: Text, add: Add): void {
  const fields = ['street', 'city', 'postalCode'] as const;
  text('street', form.street.trim(), MAX.street);
  text('city', form.city.trim(), MAX.city);
  const postalCode = form.postalCode.trim();
  if (postalCode && !normalizePostalCode(postalCode)) add('postalCode', 'INVALID_POSTAL_CODE', { value: postalCode.slice(0, 20) });
  const filled = fields.filter((field) => form[field].trim() !== '');
  if (filled.length > 0 && filled.length < fields.length) {
    for (const field of fields) if (!filled.includes(field)) add(field, 'ADDRESS_INCOMPLETE');
  }
}

/** At most SCHOOL_LEVELS_MAX levels; each with a unique code and its names in both languages. */
function checkLevels(levels: readonly SettingsLevelInput[], text: Text, add: Add): void {
  if (levels.length > SCHOOL_LEVELS_MAX) add('levels', 'TOO_MANY', { max: SCHOOL_LEVELS_MAX });
  const lines = new Map<string, number>();
  levels.forEach((level, index) => {
    const at = (field: keyof SettingsLevelInput) => `levels.${index}.${field}`;
    const cell = level.levelCode.trim();
    if (text(at('levelCode'), cell, MAX.levelCode, true)) {
      const code = cell.toUpperCase();
      if (!LevelCodeSchema.safeParse(code).success) add(at('levelCode'), 'INVALID_LEVEL_CODE', { value: code });
      else if (lines.has(code)) add(at('levelCode'), 'DUPLICATE_KEY', { key: code, line: lines.get(code)! });
      else lines.set(code, index + 1);
    }
    text(at('levelFr'), level.levelFr.trim(), MAX.levelFr, true);
    text(at('levelEn'), level.levelEn.trim(), MAX.levelEn, true);
    text(at('shortFr'), level.shortFr.trim(), MAX.shortFr);
    text(at('shortEn'), level.shortEn.trim(), MAX.shortEn);
  });
}

/** Whether the graduating level's cell names this level, by code or by name (as the import reads it). */
function namesLevel(level: SettingsLevelInput, named: string): boolean {
  const token = compactToken(named);
  return [level.levelCode, level.levelFr, level.levelEn].some((name) => name.trim() !== '' && compactToken(name) === token);
}

/**
 * How many classes and students hold each level code: each class once per level it hosts, each student once. The
 * server refuses to drop a level still held (LEVEL_IN_USE, lambdas/admin/import/school-settings.ts), and the settings
 * screen greys out its « Retirer » from the same count (features/admin-settings/model/settings-form.ts).
 */
export function countLevelUses(holders: Iterable<readonly string[]>): Map<string, number> {
  const uses = new Map<string, number>();
  for (const levels of holders) for (const code of new Set(levels)) uses.set(code, (uses.get(code) ?? 0) + 1);
  return uses;
}
