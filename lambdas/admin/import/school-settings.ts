import { countLevelUses } from '@shared/rules/school-settings-form';
import { compactToken } from '@shared/rules/import-values';
import { LevelCodeSchema, SchoolYearSchema, type Level } from '@shared/schemas/common';
import {
  SCHOOL_LEVELS_MAX,
  SCHOOL_SETTINGS_MAX_LENGTHS as MAX,
  SchoolSettingsSchema,
  type SchoolSettings,
} from '@shared/schemas/settings';
import type { DirectoryData } from '../../directory/public';
import type { ImportTable, IssueCollector } from './issues';
import type { ImportTargets } from './resolve';
import { RowReader } from './row-reader';

/**
 * The school file (`ecole.csv` / `school.csv`): one row per level, in order, and the school's own columns (name,
 * school year, contact, class structure, graduating level) on the first row only. Read as the settings it
 * describes, checked cell by cell and then with the settings schema; undefined when anything is wrong. The limits
 * are shared (SCHOOL_SETTINGS_MAX_LENGTHS), and the settings screen checks its cells with the same rules
 * (shared/rules/school-settings-form.ts).
 */
const SCHOOL_FIELDS = [
  'schoolName',
  'schoolYear',
  'email',
  'phone',
  'street',
  'city',
  'postalCode',
  'classStructure',
  'graduatingLevel',
] as const;

export function readSchoolSettings(
  table: ImportTable,
  current: SchoolSettings | undefined,
  now: string,
  issues: IssueCollector,
): SchoolSettings | undefined {
  const [first, ...others] = table.rows;
  if (!first) {
    issues.add({ file: table.file, entity: 'school', line: 0, code: 'EMPTY_FILE' });
    return undefined;
  }
  if (table.rows.length > SCHOOL_LEVELS_MAX) {
    issues.add({ file: table.file, entity: 'school', line: 0, field: 'levelCode', code: 'TOO_MANY', params: { max: SCHOOL_LEVELS_MAX } });
    return undefined;
  }
  const head = new RowReader({ table, row: first }, issues);
  const schoolName = head.text('schoolName', { required: true, max: MAX.schoolName });
  const schoolYear = head.text('schoolYear', { required: true, max: MAX.schoolYear });
  if (schoolYear !== undefined && !SchoolYearSchema.safeParse(schoolYear).success) {
    head.issue('schoolYear', 'INVALID_SCHOOL_YEAR', { value: schoolYear });
  } else if (schoolYear !== undefined && current?.progressedTo && schoolYear < current.progressedTo) {
    // Back before the year a progression moved the school to: the next progression would move the same students up
    // a second time (a trial: « 2026-2027 » put back after the move to 2027-2028, then every grade moved again).
    head.issue('schoolYear', 'SCHOOL_YEAR_BEFORE_PROGRESSION', { value: schoolYear, year: current.progressedTo });
  }
  const email = head.email();
  const phone = head.phone();
  const address = head.address();
  const classStructure = head.code('classStructure', 'classStructure', current?.classStructure ?? 'multiGrade');
  let ok = head.ok;
  for (const row of others) {
    for (const field of SCHOOL_FIELDS) {
      if (row.values[field]) {
        issues.cell({ table, row }, field, 'SCHOOL_VALUE_ELSEWHERE', { line: first.line });
        ok = false;
      }
    }
  }

  const levels = readLevels(table, issues);
  if (!levels) ok = false;
  if (!ok || !levels || !schoolName || !schoolYear || !classStructure) return undefined;

  // Levels are numbered in the file's order; unchanged codes in an unchanged order keep their stored numbers.
  const stored = [...(current?.levels ?? [])].sort((a, b) => a.order - b.order);
  if (stored.length === levels.length && stored.every((level, i) => level.code === levels[i]!.code)) {
    levels.forEach((level, i) => (level.order = stored[i]!.order));
  }
  // The graduating level: a code or label of this file, the last level when empty.
  const named = head.raw('graduatingLevel');
  const graduating = named
    ? levels.find((level) => [level.code, level.label.fr, level.label.en].some((t) => compactToken(t) === compactToken(named)))
    : levels.at(-1);
  if (!graduating) {
    head.issue('graduatingLevel', 'UNKNOWN_LEVEL', { value: named });
    return undefined;
  }
  const parsed = SchoolSettingsSchema.safeParse({
    schoolName,
    schoolYear,
    ...(current?.progressedTo ? { progressedTo: current.progressedTo } : {}),
    contact: { ...(email ? { email } : {}), ...(phone ? { phone } : {}), ...(address ? { address } : {}) },
    levels,
    graduatingLevel: graduating.code,
    classStructure,
    version: current?.version ?? 1,
    updatedAt: current?.updatedAt ?? now,
  });
  if (!parsed.success) {
    // Cells were checked one by one; the schema's own rules still apply (reported on the first row).
    const issue = parsed.error.issues[0];
    head.issue(issue?.path[0] === 'schoolName' ? 'schoolName' : undefined, 'INVALID_VALUE', {
      value: String(issue?.message ?? ''),
    });
    return undefined;
  }
  return parsed.data;
}

/**
 * Levels the new settings drop while a class or student keeps them once the files are applied: refused, or
 * those records would show an unknown level. Reported on the school file.
 */
export function checkLevelsInUse(
  settings: SchoolSettings,
  table: ImportTable,
  data: DirectoryData,
  targets: ImportTargets,
  issues: IssueCollector,
): void {
  const known = new Set(settings.levels.map((level) => level.code));
  const classes = new Map(data.classes.map((c) => [c.id, c.levels]));
  for (const target of targets.classes) classes.set(target.entity.id, target.entity.levels);
  const students = new Map(data.students.map((s) => [s.id, [s.level]]));
  for (const target of targets.students) students.set(target.entity.id, [target.entity.level]);
  for (const [value, count] of countLevelUses([...classes.values(), ...students.values()])) {
    if (known.has(value)) continue;
    issues.add({ file: table.file, entity: 'school', line: 0, code: 'LEVEL_IN_USE', params: { value, count } });
  }
}

/** One level per row, in the file's order; undefined when a row's level is invalid (its issues are reported). */
function readLevels(table: ImportTable, issues: IssueCollector): Level[] | undefined {
  const levels: Level[] = [];
  let ok = true;
  const lines = new Map<string, number>();
  table.rows.forEach((row, index) => {
    const reader = new RowReader({ table, row }, issues);
    const text = reader.text('levelCode', { required: true, max: MAX.levelCode })?.toUpperCase();
    const code = text !== undefined && !LevelCodeSchema.safeParse(text).success ? undefined : text;
    if (text !== undefined && code === undefined) reader.issue('levelCode', 'INVALID_LEVEL_CODE', { value: text });
    if (code !== undefined && lines.has(code)) reader.issue('levelCode', 'DUPLICATE_KEY', { key: code, line: lines.get(code)! });
    if (code !== undefined && !lines.has(code)) lines.set(code, row.line);
    const fr = reader.text('levelFr', { required: true, max: MAX.levelFr });
    const en = reader.text('levelEn', { required: true, max: MAX.levelEn });
    const shortFr = reader.text('shortFr', { max: MAX.shortFr }) ?? fr;
    const shortEn = reader.text('shortEn', { max: MAX.shortEn }) ?? en;
    if (!reader.ok || !code || !fr || !en || !shortFr || !shortEn) ok = false;
    else levels.push({ code, order: index + 1, label: { fr, en }, shortLabel: { fr: shortFr, en: shortEn } });
  });
  return ok ? levels : undefined;
}
