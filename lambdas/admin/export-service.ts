import { writeCsv, type CsvSeparator } from '@shared/format/csv';
import { fileNameOf, IMPORT_ENTITIES, IMPORT_FORMATS, templateRows, type ImportEntity } from '@shared/rules/import-columns';
import type { CsvFile } from '@shared/contracts/import-api';
import { formatPhone } from '@shared/format/phone';
import {
  AUDIENCE_LABELS,
  CLASS_STRUCTURE_LABELS,
  COMMITTEE_KIND_LABELS,
  YES_NO_LABELS,
  DEPARTMENT_LABELS,
  INTEREST_VALUE_LABELS,
  LANGUAGE_LABELS,
  LIST_SEPARATOR,
  MEMBER_TYPE_LABELS,
  PARTICIPATION_LABELS,
  ROLE_LABELS,
} from '@shared/rules/import-values';
import type { Language } from '@shared/schemas/common';
import type { SchoolSettings } from '@shared/schemas/settings';
import type { DirectoryData } from '../directory/public';
import { VISIBILITY_FIELDS } from '@shared/rules/visibility';
import { frenchCompare, frenchNumericCompare, languageCompare } from '@shared/format/collation';

/**
 * Exports in the import's own format, so an export is a valid import: the same columns with headers in the
 * admin's language, labels for coded values, each record's import key (or its id when it has none) as its key,
 * and references written as those keys. References to records that no longer exist are left out (the same rule
 * as the directory screens). Files use `;` in French and `,` in English, as each locale's Excel expects.
 */
export const separatorFor = (lang: Language): CsvSeparator => (lang === 'fr' ? ';' : ',');

const keyOf = (record: { id: string; importKey?: string }) => record.importKey ?? record.id;
const byName = <T extends { lastName: string; firstName: string; id: string }>(a: T, b: T) =>
  frenchCompare(a.lastName, b.lastName) || frenchCompare(a.firstName, b.firstName) || a.id.localeCompare(b.id);

function file(entity: ImportEntity, lang: Language, rows: string[][]): CsvFile {
  const header = IMPORT_FORMATS[entity].columns.map((column) => column.header[lang]);
  return { name: fileNameOf(entity, lang), entity, text: writeCsv([header, ...rows], { separator: separatorFor(lang) }) };
}

/** The students file: each student with their class's code and up to four parents by key. */
function studentRowsOf(
  data: DirectoryData,
  parentKeys: Map<string, string>,
  classes: Map<string, DirectoryData['classes'][number]>,
  levelLabel: (code: string) => string,
): string[][] {
  const parentsOf = new Map<string, string[]>();
  for (const link of data.families) {
    const key = parentKeys.get(link.parentId);
    if (key !== undefined) parentsOf.set(link.studentId, [...(parentsOf.get(link.studentId) ?? []), key]);
  }
  return [...data.students]
    .filter((s) => classes.has(s.classId))
    .sort(byName)
    .map((s) => {
      const parents = parentsOf.get(s.id) ?? [];
      return [
        keyOf(s),
        s.firstName,
        s.lastName,
        levelLabel(s.level),
        classes.get(s.classId)!.code,
        ...[0, 1, 2, 3].map((i) => parents[i] ?? ''),
        s.staffNote ?? '',
      ];
    });
}

/**
 * The memberships file: committees in the committees file's order; their parent and staff members by key, then
 * the members without a record in their stored order (the committee keeps that order, so a round trip does not
 * reshuffle it).
 */
function memberRowsOf(
  data: DirectoryData,
  lang: Language,
  { parentKeys, staffKeys, committeeKeys }: Record<'parentKeys' | 'staffKeys' | 'committeeKeys', Map<string, string>>,
): string[][] {
  const memberRows: string[][] = [];
  const committeeOrder = (a: (typeof data.committees)[number], b: (typeof data.committees)[number]) =>
    languageCompare(lang)(a.name[lang], b.name[lang]) || a.id.localeCompare(b.id);
  for (const committee of [...data.committees].sort(committeeOrder)) {
    const committeeKey = committeeKeys.get(committee.id)!;
    const seats: string[][] = [];
    for (const m of data.memberships) {
      if (m.committeeId !== committee.id) continue;
      const member = (m.personType === 'PARENT' ? parentKeys : staffKeys).get(m.personId);
      if (member === undefined) continue;
      const type = MEMBER_TYPE_LABELS[m.personType === 'PARENT' ? 'parent' : 'staff'][lang];
      seats.push([committeeKey, type, member, ROLE_LABELS[m.role][lang], '', '', '']);
    }
    seats.sort((a, b) => a[1]!.localeCompare(b[1]!) || a[2]!.localeCompare(b[2]!));
    memberRows.push(...seats);
    for (const o of committee.otherMembers) {
      memberRows.push([
        committeeKey,
        MEMBER_TYPE_LABELS.other[lang],
        '',
        ROLE_LABELS[o.role][lang],
        o.firstName,
        o.lastName,
        o.affiliation ?? '',
      ]);
    }
  }
  return memberRows;
}

/** The CSV files of a directory (the school's settings and six entity files), in the admin's language. */
export function exportCsvFiles(data: DirectoryData, settings: SchoolSettings | undefined, lang: Language): CsvFile[] {
  const list = (values: string[]) => values.join(LIST_SEPARATOR);
  const staffKeys = new Map(data.staff.map((s) => [s.id, keyOf(s)]));
  const parentKeys = new Map(data.parents.map((p) => [p.id, keyOf(p)]));
  const studentKeys = new Map(data.students.map((s) => [s.id, keyOf(s)]));
  const committeeKeys = new Map(data.committees.map((c) => [c.id, keyOf(c)]));
  const classes = new Map(data.classes.map((c) => [c.id, c]));
  const keysOf = (ids: readonly string[], known: Map<string, string>) =>
    ids.map((id) => known.get(id)).filter((key): key is string => key !== undefined);
  const levelLabel = (code: string) => settings?.levels.find((level) => level.code === code)?.label[lang] ?? code;
  const interests = (codes: readonly (keyof typeof INTEREST_VALUE_LABELS)[]) =>
    list(codes.map((code) => INTEREST_VALUE_LABELS[code][lang]));

  const classRows = [...data.classes]
    .sort((a, b) => frenchNumericCompare(a.code, b.code) || a.id.localeCompare(b.id))
    .map((c) => [
      keyOf(c),
      c.code,
      c.name,
      list(c.levels.map(levelLabel)),
      (c.teacherId && staffKeys.get(c.teacherId)) || '',
      list(keysOf(c.parentRepresentativeIds, parentKeys)),
      list(keysOf(c.studentRepresentativeIds, studentKeys)),
    ]);
  const staffRows = [...data.staff].sort(byName).map((s) => [
    keyOf(s),
    s.firstName,
    s.lastName,
    s.email ?? '',
    s.phone ? formatPhone(s.phone) : '',
    s.title.fr,
    s.title.en,
    DEPARTMENT_LABELS[s.department][lang],
    interests(s.interests),
  ]);
  const parentRows = [...data.parents].sort(byName).map((p) => [
    keyOf(p),
    p.firstName,
    p.lastName,
    p.email ?? '',
    p.phone ? formatPhone(p.phone) : '',
    p.address?.street ?? '',
    p.address?.city ?? '',
    p.address?.postalCode ?? '',
    interests(p.interests),
    p.skills,
    PARTICIPATION_LABELS[p.participation][lang],
    LANGUAGE_LABELS[p.preferredLanguage][lang],
    // Adjusted audiences only: blank cells mean the participation's preset, as on import.
    ...VISIBILITY_FIELDS.map((field) => (p.audiences ? AUDIENCE_LABELS[p.audiences[field]][lang] : '')),
    // The safety restriction by the keys of the parents it hides this one from (docs/privacy.md).
    list(keysOf(p.safetyRestriction?.hiddenFrom ?? [], parentKeys)),
  ]);
  const studentRows = studentRowsOf(data, parentKeys, classes, levelLabel);
  const committeeRows = [...data.committees]
    .sort((a, b) => languageCompare(lang)(a.name[lang], b.name[lang]) || a.id.localeCompare(b.id))
    .map((c) => [
      keyOf(c),
      c.name.fr,
      c.name.en,
      COMMITTEE_KIND_LABELS[c.kind][lang],
      c.description?.fr ?? '',
      c.description?.en ?? '',
      c.openToSignUps === undefined ? '' : YES_NO_LABELS[c.openToSignUps ? 'yes' : 'no'][lang],
    ]);
  const memberRows = memberRowsOf(data, lang, { parentKeys, staffKeys, committeeKeys });

  const rowsOf: Record<ImportEntity, string[][]> = {
    school: settings ? schoolRows(settings, lang) : [],
    classes: classRows,
    staff: staffRows,
    parents: parentRows,
    students: studentRows,
    committees: committeeRows,
    memberships: memberRows,
  };
  // Without settings (a table never set up) there is no school file: importing the others creates default ones.
  const entities = IMPORT_ENTITIES.filter((entity) => settings || entity !== 'school');
  return entities.map((entity) => file(entity, lang, rowsOf[entity]));
}

/** The school file: one row per level, in order, with the school's own columns on the first row. */
function schoolRows(settings: SchoolSettings, lang: Language): string[][] {
  const { contact } = settings;
  const school = [
    settings.schoolName,
    settings.schoolYear,
    contact.email ?? '',
    contact.phone ? formatPhone(contact.phone) : '',
    contact.address?.street ?? '',
    contact.address?.city ?? '',
    contact.address?.postalCode ?? '',
    CLASS_STRUCTURE_LABELS[settings.classStructure][lang],
    settings.graduatingLevel,
  ];
  return [...settings.levels]
    .sort((a, b) => a.order - b.order)
    .map((level, i) => [
      ...(i === 0 ? school : school.map(() => '')),
      level.code,
      level.label.fr,
      level.label.en,
      level.shortLabel.fr,
      level.shortLabel.en,
    ]);
}

/** The seven templates: header row and example rows, in the admin's language. */
export function templateFiles(lang: Language): CsvFile[] {
  return IMPORT_ENTITIES.map((entity) => ({
    name: fileNameOf(entity, lang),
    entity,
    text: writeCsv(templateRows(entity, lang), { separator: separatorFor(lang) }),
  }));
}

/** The one-file export: every directory record as stored, with the settings. */
export interface DirectoryExport extends DirectoryData {
  format: 'school-directory-export';
  formatVersion: 1;
  exportedAt: string;
}

export function exportJson(data: DirectoryData, settings: SchoolSettings | undefined, now: Date): DirectoryExport {
  return {
    format: 'school-directory-export',
    formatVersion: 1,
    exportedAt: now.toISOString(),
    ...(settings ? { settings } : {}),
    classes: data.classes,
    students: data.students,
    parents: data.parents,
    staff: data.staff,
    committees: data.committees,
    families: data.families,
    memberships: data.memberships,
  };
}
