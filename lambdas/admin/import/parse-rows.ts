import type { Address, Language, LocalizedText } from '@shared/schemas/common';
import type { CommitteeKind } from '@shared/schemas/committee';
import type { CommitteeRole } from '@shared/schemas/committee-roles';
import type { InterestCode } from '@shared/schemas/interests';
import type { Participation } from '@shared/schemas/parent';
import type { StaffDepartment } from '@shared/schemas/staff';
import { STAFF_NOTE_MAX_LENGTH } from '@shared/schemas/student';
import type { MemberType } from '@shared/rules/import-values';
import type { IssueCollector, RowSource } from './issues';
import type { ImportTables } from './read-files';
import { RowReader } from './row-reader';
import { VISIBILITY_FIELDS, type FieldAudiences } from '@shared/rules/visibility';

/** Rows with typed, validated values; references (keys, emails, codes) are still text: resolve.ts follows them. */

interface Row {
  source: RowSource;
}
/** A reference cell: its field (for error places) and its text. */
export interface Ref {
  field: string;
  value: string;
}

export interface ClassRow extends Row {
  key?: string;
  code: string;
  name: string;
  levels: string[];
  teacher?: Ref;
  parentRepresentatives: Ref[];
  studentRepresentatives: Ref[];
}

export interface PersonRow extends Row {
  key?: string;
  firstName: string;
  lastName: string;
  email?: string;
  phone?: string;
  interests: InterestCode[];
}

export interface StaffRow extends PersonRow {
  title: LocalizedText;
  department: StaffDepartment;
}

export interface ParentRow extends PersonRow {
  address?: Address;
  skills: string;
  participation: Participation;
  /** False when the file leaves participation blank: no choice on file (privacy by default applies to new parents). */
  participationGiven: boolean;
  /** The audiences the file gives (blank cells absent). */
  audiences: Partial<FieldAudiences>;
  preferredLanguage: Language;
  /** The parents this one is hidden from (safety restriction); undefined when the file has no such column. */
  hiddenFrom?: Ref[];
}

export interface StudentRow extends Row {
  key?: string;
  firstName: string;
  lastName: string;
  level: string;
  classRef: Ref;
  parents: Ref[];
  /** The note for staff (blank: none); absent when the file has no such column (the stored note stays). */
  staffNote?: { value: string | undefined };
}

export interface CommitteeRow extends Row {
  key?: string;
  name: LocalizedText;
  kind: CommitteeKind;
  description?: LocalizedText;
  /** Yes, no, or blank (not set); absent when the file has no such column (the stored value stays). */
  openToSignUps?: { value: boolean | undefined };
}

export interface MembershipRow extends Row {
  committee: Ref;
  memberType: MemberType;
  member?: Ref;
  role: CommitteeRole;
  other?: { firstName: string; lastName: string; affiliation?: string };
}

export interface ImportRows {
  classes?: ClassRow[];
  staff?: StaffRow[];
  parents?: ParentRow[];
  students?: StudentRow[];
  committees?: CommitteeRow[];
  memberships?: MembershipRow[];
  /**
   * The keys of rows left out for their own errors, by table: a reference to one is reported as such (« P901 » is on
   * a line of parents.csv that has an error), not as an unknown key (a trial: « Parent inconnu » for a key there).
   */
  refused?: Partial<Record<'staff' | 'parents' | 'students' | 'committees', Map<string, RefusedRow>>>;
}

export type RefusedRow = { file: string; line: number };

/** Class representatives per class (the schema's limit). */
const MAX_REPRESENTATIVES = 10;
/** Households one parent is hidden from (SafetyRestrictionSchema's limit). */
const MAX_HIDDEN_FROM = 20;

/** One text in both languages from two cells; an empty one takes the other's value. */
function bilingual(reader: RowReader, frField: string, enField: string, required: boolean): LocalizedText | undefined {
  const fr = reader.text(frField, { max: 200 });
  const en = reader.text(enField, { max: 200 });
  if (fr === undefined && en === undefined) {
    if (required) reader.issue(frField, 'REQUIRED');
    return undefined;
  }
  return { fr: fr ?? en!, en: en ?? fr! };
}

function ref(reader: RowReader, field: string): Ref | undefined {
  const value = reader.raw(field);
  return value === '' ? undefined : { field, value };
}

function parsePerson(reader: RowReader): PersonRow | undefined {
  const key = reader.key();
  const firstName = reader.name('firstName');
  const lastName = reader.name('lastName');
  const email = reader.email();
  const phone = reader.phone();
  const interests = reader.codes('interests', 'interest');
  if (!reader.ok || firstName === undefined || lastName === undefined) return undefined;
  if (!key && !email) {
    reader.issue('key', 'KEY_REQUIRED');
    return undefined;
  }
  return { source: reader.source, key, firstName, lastName, email, phone, interests };
}

function parseParent(reader: RowReader): ParentRow | undefined {
  const person = parsePerson(reader);
  const address = reader.address();
  const skills = reader.text('skills', { max: 1000 }) ?? '';
  const participation = reader.code('participation', 'participation', 'full');
  const preferredLanguage = reader.code('language', 'language', 'fr');
  if (participation === 'nameOnly') {
    for (const field of ['phone', 'street', 'city', 'postalCode', 'interests', 'skills']) {
      if (reader.raw(field) !== '') reader.issue(field, 'NAME_ONLY_DETAILS');
    }
  }
  const hiddenFrom = reader.source.table.columns.has('hiddenFrom')
    ? reader.list('hiddenFrom', MAX_HIDDEN_FROM).map((value) => ({ field: 'hiddenFrom', value }))
    : undefined;
  if (!person || !reader.ok || !participation || !preferredLanguage) return undefined;
  const participationGiven = reader.raw('participation') !== '';
  const audiences: Partial<FieldAudiences> = {};
  for (const field of VISIBILITY_FIELDS) {
    const column = `${field}Audience`;
    const audience = reader.raw(column) === '' ? undefined : reader.code(column, 'audience');
    if (audience) audiences[field] = audience;
  }
  return { ...person, address, skills, participation, participationGiven, audiences, preferredLanguage, hiddenFrom };
}

function parseStaff(reader: RowReader): StaffRow | undefined {
  const person = parsePerson(reader);
  const title = bilingual(reader, 'titleFr', 'titleEn', true);
  const department = reader.code('department', 'department');
  if (!person || !reader.ok || !title || !department) return undefined;
  return { ...person, title, department };
}

function parseClass(reader: RowReader): ClassRow | undefined {
  const key = reader.key();
  const code = reader.text('code', { required: true, max: 10 });
  const name = reader.text('name', { required: true, max: 100 });
  const levels = reader.list('levels', 4);
  if (levels.length === 0 && reader.raw('levels') === '') reader.issue('levels', 'REQUIRED');
  const teacher = ref(reader, 'teacher');
  const parentRepresentatives = reader.list('parentRepresentatives', MAX_REPRESENTATIVES);
  const studentRepresentatives = reader.list('studentRepresentatives', MAX_REPRESENTATIVES);
  if (!reader.ok || !code || !name) return undefined;
  const refs = (field: string, values: string[]) => values.map((value) => ({ field, value }));
  return {
    source: reader.source,
    key,
    code,
    name,
    levels,
    teacher,
    parentRepresentatives: refs('parentRepresentatives', parentRepresentatives),
    studentRepresentatives: refs('studentRepresentatives', studentRepresentatives),
  };
}

function parseStudent(reader: RowReader): StudentRow | undefined {
  const key = reader.key();
  const firstName = reader.name('firstName');
  const lastName = reader.name('lastName');
  const level = reader.text('level', { required: true, max: 100 });
  const classRef = ref(reader, 'class');
  if (!classRef) reader.issue('class', 'REQUIRED');
  const parents = ['parent1', 'parent2', 'parent3', 'parent4']
    .map((field) => ref(reader, field))
    .filter((value): value is Ref => value !== undefined);
  if (parents.length === 0) reader.issue('parent1', 'REQUIRED');
  const note = reader.text('staffNote', { max: STAFF_NOTE_MAX_LENGTH });
  const staffNote = reader.source.table.columns.has('staffNote') ? { staffNote: { value: note } } : {};
  if (!reader.ok || !firstName || !lastName || !level || !classRef) return undefined;
  return { source: reader.source, key, firstName, lastName, level, classRef, parents, ...staffNote };
}

function parseCommittee(reader: RowReader): CommitteeRow | undefined {
  const key = reader.key();
  const name = bilingual(reader, 'nameFr', 'nameEn', true);
  const kind = reader.code('kind', 'committeeKind');
  const description = bilingual(reader, 'descriptionFr', 'descriptionEn', false);
  const signUps = reader.raw('openToSignUps') === '' ? undefined : reader.code('openToSignUps', 'yesNo');
  const openToSignUps = reader.source.table.columns.has('openToSignUps') ? { value: signUps && signUps === 'yes' } : undefined;
  if (!reader.ok || !name || !kind) return undefined;
  return { source: reader.source, key, name, kind, description, ...(openToSignUps ? { openToSignUps } : {}) };
}

function parseMembership(reader: RowReader): MembershipRow | undefined {
  const committee = ref(reader, 'committee');
  if (!committee) reader.issue('committee', 'REQUIRED');
  const memberType = reader.code('memberType', 'memberType');
  const role = reader.code('role', 'role');
  const member = ref(reader, 'member');
  let other: MembershipRow['other'];
  if (memberType === 'other') {
    const firstName = reader.name('firstName');
    const lastName = reader.name('lastName');
    const affiliation = reader.text('affiliation', { max: 200 });
    if (firstName && lastName) other = { firstName, lastName, ...(affiliation ? { affiliation } : {}) };
  } else if (memberType && !member) {
    reader.issue('member', 'REQUIRED');
  }
  if (!reader.ok || !committee || !memberType || !role) return undefined;
  return { source: reader.source, committee, memberType, role, ...(member ? { member } : {}), ...(other ? { other } : {}) };
}

const PARSERS = {
  classes: parseClass,
  staff: parseStaff,
  parents: parseParent,
  students: parseStudent,
  committees: parseCommittee,
  memberships: parseMembership,
} as const;

/**
 * Typed rows of every table; a row with any bad cell is reported and left out. A key already given on an earlier
 * row of the table is reported here, whether either row has other errors or not: checked only among the valid rows,
 * a duplicate whose rows also had a bad email surfaced at the next check, after those were fixed (a trial).
 */
export function parseRows(tables: ImportTables, issues: IssueCollector): ImportRows {
  const rows: ImportRows = {};
  for (const [entity, parse] of Object.entries(PARSERS) as [keyof typeof PARSERS, (r: RowReader) => Row | undefined][]) {
    const table = tables[entity];
    if (!table) continue;
    const parsed: Row[] = [];
    const keyLines = new Map<string, number>();
    for (const row of table.rows) {
      const reader = new RowReader({ table, row }, issues);
      const key = reader.raw('key');
      const first = key === '' ? undefined : keyLines.get(key);
      if (first !== undefined) reader.issue('key', 'DUPLICATE_KEY', { key, line: first });
      else if (key !== '') keyLines.set(key, row.line);
      const result = parse(reader);
      if (result && reader.ok) parsed.push(result);
      else if (key !== '' && entity !== 'classes' && entity !== 'memberships') {
        rows.refused ??= {};
        (rows.refused[entity] ??= new Map()).set(key, { file: table.file, line: row.line });
      }
    }
    (rows as Record<string, Row[]>)[entity] = parsed;
  }
  return rows;
}
