import { compactToken } from '@shared/rules/import-values';
import type { Committee, OtherMember } from '@shared/schemas/committee';
import type { Parent } from '@shared/schemas/parent';
import type { SchoolClass } from '@shared/schemas/school-class';
import type { SchoolSettings } from '@shared/schemas/settings';
import type { Staff } from '@shared/schemas/staff';
import type { Student } from '@shared/schemas/student';
import { initialPrivacy, presetOf, PRESET_AUDIENCES, type PrivacyChoice } from '@shared/rules/visibility';
import type { DirectoryData } from '../../directory/public';
import { ulid } from 'ulid';
import { derivedId, idForKey } from './ids';
import type { IssueCollector, RowSource } from './issues';
import { matchRows, type Candidate, type Match } from './match';
import type { ImportRows, ParentRow } from './parse-rows';
import { RefIndex } from './ref-index';
import { resolveMemberships, type CommitteeMembers } from './resolve-memberships';
import { checkClassCodes, compose, follow, fullName, indexPeople, personCandidate } from './resolve-support';

/** What the files say each record should be, next to the record as it is (absent for a new one). */
export interface Target<T> {
  entity: T;
  existing?: T;
  source: RowSource;
}

export interface ImportTargets {
  staff: Target<Staff>[];
  parents: Target<Parent>[];
  committees: Target<Committee>[];
  classes: Target<SchoolClass>[];
  students: Target<Student>[];
  /** Parents of each student of the students file (the file is the truth for them). */
  studentParents: Map<string, string[]>;
  /** Members of each committee the memberships file names (the file is the truth for them). */
  committeeMembers: Map<string, CommitteeMembers>;
}

/** What every step of resolveTargets reads. */
interface ResolveContext {
  rows: ImportRows;
  data: DirectoryData;
  now: string;
  issues: IssueCollector;
}

/**
 * Follows every key, email and code of the rows: which record each row is, what it refers to, and what every
 * record of the files will be. Reports unknown and ambiguous references on their cells.
 */
export function resolveTargets(
  rows: ImportRows,
  data: DirectoryData,
  settings: SchoolSettings,
  now: string,
  issues: IssueCollector,
): ImportTargets {
  const context: ResolveContext = { rows, data, now, issues };
  // People first: everything else refers to them.
  const people = resolvePeople(context);
  const levelCodes = levelCodesOf(settings);
  const classDrafts = resolveClassDrafts(context, levelCodes, people);
  const studentResult = resolveStudents(context, levelCodes, people, classDrafts);
  const classes = finishClasses(context, classDrafts, studentResult.studentIndex);
  const { committees, committeeMembers } = resolveCommittees(context, people);
  return {
    staff: people.staff,
    parents: people.parents,
    committees,
    classes,
    students: studentResult.students,
    studentParents: studentResult.studentParents,
    committeeMembers,
  };
}

interface ResolvedPeople {
  staff: Target<Staff>[];
  parents: Target<Parent>[];
  staffIndex: RefIndex;
  parentIndex: RefIndex;
  /** Every parent as it will be after the import (stored ones, replaced by the file's). */
  finalParents: Map<string, Parent>;
}

function resolvePeople({ rows, data, now, issues }: ResolveContext): ResolvedPeople {
  const staffMatches = matchRows(
    (rows.staff ?? []).map((row) => personCandidate('STAFF', row, data.staff, issues)),
    data.staff,
    issues,
  );
  const parentMatches = matchRows(
    (rows.parents ?? []).map((row) => personCandidate('PARENT', row, data.parents, issues)),
    data.parents,
    issues,
  );
  const staffRows = new Map((rows.staff ?? []).map((row) => [row.source, row]));
  const parentRows = new Map((rows.parents ?? []).map((row) => [row.source, row]));
  const staffIndex = new RefIndex('STAFF').setRefused(rows.refused?.staff);
  const parentIndex = new RefIndex('PARENT').setRefused(rows.refused?.parents);
  indexPeople(staffIndex, data.staff, staffMatches, staffRows);
  indexPeople(parentIndex, data.parents, parentMatches, parentRows);
  const staff = staffMatches.map((match): Target<Staff> => {
    const row = staffRows.get(match.candidate.source)!;
    warnIfRenamed(match, row, issues);
    const { firstName, lastName, email, phone, title, department, interests } = row;
    const fields = { firstName, lastName, email, phone, title, department, interests };
    return { entity: compose(match, fields, now), existing: match.existing, source: row.source };
  });
  const parents = parentMatches.map((match): Target<Parent> => {
    const row = parentRows.get(match.candidate.source)!;
    warnIfRenamed(match, row, issues);
    const { firstName, lastName, email, phone, address, interests, skills, preferredLanguage } = row;
    const privacy = importedPrivacy(row, match.existing);
    const restriction = importedRestriction(row, match.id, match.existing, parentIndex, issues);
    const fields = { firstName, lastName, email, phone, address, interests, skills, ...privacy, preferredLanguage, ...restriction };
    return { entity: compose(match, fields, now), existing: match.existing, source: row.source };
  });
  const finalParents = new Map(data.parents.map((parent) => [parent.id, parent]));
  for (const target of parents) finalParents.set(target.entity.id, target.entity);
  return { staff, parents, staffIndex, parentIndex, finalParents };
}

/**
 * A row found by its email whose name is another's: applied, the stored person takes the row's name (a trial's row
 * renamed « Marie-Hélène Haddad » to « Luc Doublon », and the check said only « 1 to update »). Said before applying;
 * a row with a key names its record on purpose, and a name written differently (accents, case) is the same one.
 */
function warnIfRenamed<T extends Parent | Staff>(match: Match<T>, row: { firstName: string; lastName: string; source: RowSource }, issues: IssueCollector): void {
  const stored = match.existing;
  if (!stored || match.candidate.field !== 'email' || fullName(stored) === fullName(row)) return;
  issues.cell(row.source, 'lastName', 'RENAMED_BY_EMAIL', {
    value: `${stored.firstName} ${stored.lastName}`,
    name: `${row.firstName} ${row.lastName}`,
  });
}

/**
 * The privacy choice an imported row leads to (docs/decisions/privacy-by-default-name-and-email-for-others-nothing.md, "Privacy by default"). A participation or an
 * audience given in the file is the choice on file: blank audiences take the participation's preset, or the
 * parent's own adjustments while the participation does not change. A row giving neither keeps an existing
 * parent's choice, and starts a new parent at PRIVATE_BY_DEFAULT.
 */
function importedPrivacy(row: ParentRow, existing: Parent | undefined): PrivacyChoice {
  const audiencesGiven = Object.keys(row.audiences).length > 0;
  if (!row.participationGiven && !audiencesGiven) {
    return existing ? { participation: existing.participation, audiences: existing.audiences } : initialPrivacy();
  }
  const participation = row.participationGiven ? row.participation : (existing?.participation ?? 'limited');
  if (participation === 'nameOnly') return { participation };
  const kept = existing?.participation === participation ? existing.audiences : undefined;
  if (!audiencesGiven) return { participation, audiences: kept };
  const audiences = { ...(kept ?? PRESET_AUDIENCES[participation]), ...row.audiences };
  return { participation, audiences: presetOf(audiences) === participation ? undefined : audiences };
}

/**
 * The safety restriction a row leads to (docs/privacy.md, "Safety restrictions"): without the column, nothing (the
 * stored restriction stays); with it, the parents its keys name (never the row's own parent), and a blank cell
 * lifts a stored restriction, with a warning so the administrator sees it before applying.
 */
function importedRestriction(
  row: ParentRow,
  id: string,
  existing: Parent | undefined,
  parentIndex: RefIndex,
  issues: IssueCollector,
): Pick<Parent, 'safetyRestriction'> {
  if (row.hiddenFrom === undefined) return {};
  const hiddenFrom: string[] = [];
  for (const ref of row.hiddenFrom) {
    const other = follow(parentIndex, row.source, ref, 'UNKNOWN_PARENT', issues);
    if (other === id) issues.cell(row.source, ref.field, 'RESTRICTION_SELF', { value: ref.value });
    else if (other !== undefined && !hiddenFrom.includes(other)) hiddenFrom.push(other);
  }
  if (row.hiddenFrom.length === 0 && existing?.safetyRestriction) issues.cell(row.source, 'hiddenFrom', 'RESTRICTION_LIFTED');
  return { safetyRestriction: hiddenFrom.length > 0 ? { hiddenFrom } : undefined };
}

/** A level's code, French label or English label (compacted) -> its code. */
function levelCodesOf(settings: SchoolSettings): Map<string, string> {
  const levelCodes = new Map<string, string>();
  for (const level of settings.levels) {
    for (const text of [level.code, level.label.fr, level.label.en]) levelCodes.set(compactToken(text), level.code);
  }
  return levelCodes;
}

type ClassRow = NonNullable<ImportRows['classes']>[number];
interface ClassDrafts {
  drafts: { match: Match<SchoolClass>; row: ClassRow; levels: string[]; teacherId?: string; parentRepresentativeIds: string[] }[];
  classIndex: RefIndex;
  classLevels: Map<string, string[]>;
}

/**
 * Classes: the code is the key. Levels, teacher and parent representatives now; student representatives once
 * students are known (finishClasses).
 */
function resolveClassDrafts({ rows, data, issues }: ResolveContext, levelCodes: Map<string, string>, people: ResolvedPeople): ClassDrafts {
  const classMatches = matchRows(
    (rows.classes ?? []).map((row): Candidate<SchoolClass> => {
      const code = row.code.toUpperCase();
      return {
        source: row.source,
        identity: row.key !== undefined ? `key:${row.key}` : `code:${code}`,
        label: row.key ?? row.code,
        field: row.key !== undefined ? 'key' : 'code',
        key: row.key,
        // Without a key, the code is the key (a class created from code `A` gets the same id either way).
        id: row.key !== undefined ? idForKey('CLASS', row.key) : derivedId('CLASS', code),
        fuzzy: (free) => free(data.classes.filter((c) => c.code.toUpperCase() === code)),
      };
    }),
    data.classes,
    issues,
  );
  const classRows = new Map((rows.classes ?? []).map((row) => [row.source, row]));
  checkClassCodes(classMatches, classRows, data.classes, issues);
  const classIndex = new RefIndex('CLASS');
  const classLevels = new Map<string, string[]>();
  for (const schoolClass of data.classes) {
    classIndex.add(schoolClass.id, { names: [schoolClass.code] });
    classLevels.set(schoolClass.id, schoolClass.levels);
  }
  const drafts = classMatches.map((match) => {
    const row = classRows.get(match.candidate.source)!;
    if (match.existing) classIndex.remove(match.existing.id, { names: [match.existing.code] });
    classIndex.add(match.id, { names: [row.code] });
    const levels: string[] = [];
    for (const token of row.levels) {
      const code = levelCodes.get(compactToken(token));
      if (code) levels.push(code);
      else issues.cell(row.source, 'levels', 'UNKNOWN_LEVEL', { value: token });
    }
    classLevels.set(match.id, levels);
    const teacherId = row.teacher ? follow(people.staffIndex, row.source, row.teacher, 'UNKNOWN_STAFF', issues) : undefined;
    const parentRepresentativeIds = row.parentRepresentatives
      .map((ref) => follow(people.parentIndex, row.source, ref, 'UNKNOWN_PARENT', issues))
      .filter((id): id is string => id !== undefined);
    return { match, row, levels, teacherId, parentRepresentativeIds };
  });
  return { drafts, classIndex, classLevels };
}

type StudentRow = NonNullable<ImportRows['students']>[number];
interface StudentDraft {
  parentIds: string[];
  classId: string;
  level: string;
}

/** A student row's parents, class and level, or undefined when one of them cannot be used (reported). */
function studentDraftOf(
  row: StudentRow,
  { issues }: ResolveContext,
  levelCodes: Map<string, string>,
  parentIndex: RefIndex,
  classes: ClassDrafts,
): StudentDraft | undefined {
  let ok = true;
  const parentIds: string[] = [];
  for (const ref of row.parents) {
    const id = follow(parentIndex, row.source, ref, 'UNKNOWN_PARENT', issues);
    if (id === undefined) ok = false;
    else if (parentIds.includes(id)) {
      issues.cell(row.source, ref.field, 'DUPLICATE_REFERENCE', { value: ref.value });
      ok = false;
    } else parentIds.push(id);
  }
  const classId = follow(classes.classIndex, row.source, row.classRef, 'UNKNOWN_CLASS', issues);
  const level = levelCodes.get(compactToken(row.level));
  if (!level) issues.cell(row.source, 'level', 'UNKNOWN_LEVEL', { value: row.level });
  else if (classId && !classes.classLevels.get(classId)?.includes(level)) {
    issues.cell(row.source, 'level', 'LEVEL_NOT_IN_CLASS', { level: row.level, class: row.classRef.value });
    ok = false;
  }
  return ok && classId && level ? { parentIds, classId, level } : undefined;
}

/** Students: parents and class first, since a student without a key is recognised by parent and name. */
function resolveStudents(
  context: ResolveContext,
  levelCodes: Map<string, string>,
  people: ResolvedPeople,
  classes: ClassDrafts,
): { students: Target<Student>[]; studentParents: Map<string, string[]>; studentIndex: RefIndex } {
  const { rows, data, now, issues } = context;
  const familiesByStudent = new Map<string, Set<string>>();
  for (const link of data.families) {
    const set = familiesByStudent.get(link.studentId) ?? new Set<string>();
    set.add(link.parentId);
    familiesByStudent.set(link.studentId, set);
  }
  const studentDrafts = new Map<RowSource, StudentDraft>();
  const studentCandidates: Candidate<Student>[] = [];
  for (const row of rows.students ?? []) {
    const draft = studentDraftOf(row, context, levelCodes, people.parentIndex, classes);
    if (!draft) continue;
    studentDrafts.set(row.source, draft);
    const identity =
      row.key !== undefined
        ? `key:${row.key}`
        : `parent:${draft.parentIds[0]}|${compactToken(row.firstName)}|${compactToken(row.lastName)}`;
    studentCandidates.push({
      source: row.source,
      identity,
      label: row.key ?? `${row.firstName} ${row.lastName}`,
      field: row.key !== undefined ? 'key' : 'firstName',
      key: row.key,
      // Without a key, a fresh id (never one derived from names): a re-run finds the student by parent and name.
      id: row.key !== undefined ? idForKey('STUDENT', row.key) : ulid(),
      fuzzy: (free) =>
        free(
          data.students.filter(
            (student) =>
              fullName(student) === fullName(row) &&
              draft.parentIds.some((id) => familiesByStudent.get(student.id)?.has(id)),
          ),
        ),
    });
  }
  const studentMatches = matchRows(studentCandidates, data.students, issues);
  const studentIndex = new RefIndex('STUDENT').setRefused(rows.refused?.students);
  for (const student of data.students) studentIndex.add(student.id, { keys: [student.importKey] });
  const studentRows = new Map((rows.students ?? []).map((row) => [row.source, row]));
  const studentParents = new Map<string, string[]>();
  const students = studentMatches.map((match): Target<Student> => {
    const row = studentRows.get(match.candidate.source)!;
    const draft = studentDrafts.get(row.source)!;
    studentIndex.add(match.id, { keys: [row.key] });
    studentParents.set(match.id, draft.parentIds);
    const note = row.staffNote ? { staffNote: row.staffNote.value } : {};
    const fields = { firstName: row.firstName, lastName: row.lastName, level: draft.level, classId: draft.classId, ...note };
    return { entity: compose(match, fields, now), existing: match.existing, source: row.source };
  });
  return { students, studentParents, studentIndex };
}

/** The classes' student representatives, now that the students are known. */
function finishClasses({ now, issues }: ResolveContext, classes: ClassDrafts, studentIndex: RefIndex): Target<SchoolClass>[] {
  return classes.drafts.map(({ match, row, levels, teacherId, parentRepresentativeIds }): Target<SchoolClass> => {
    const studentRepresentativeIds = row.studentRepresentatives
      .map((ref) => follow(studentIndex, row.source, ref, 'UNKNOWN_STUDENT', issues))
      .filter((id): id is string => id !== undefined);
    const fields = { code: row.code, name: row.name, levels, teacherId, parentRepresentativeIds, studentRepresentativeIds };
    return { entity: compose(match, fields, now), existing: match.existing, source: row.source };
  });
}

/** Committees, then who sits on them. */
function resolveCommittees(
  { rows, data, now, issues }: ResolveContext,
  people: ResolvedPeople,
): { committees: Target<Committee>[]; committeeMembers: Map<string, CommitteeMembers> } {
  const committeeMatches = matchRows(
    (rows.committees ?? []).map((row): Candidate<Committee> => {
      const identity = row.key !== undefined ? `key:${row.key}` : `name:${compactToken(row.name.fr)}`;
      return {
        source: row.source,
        identity,
        label: row.key ?? row.name.fr,
        field: row.key !== undefined ? 'key' : 'nameFr',
        key: row.key,
        id: row.key !== undefined ? idForKey('COMMITTEE', row.key) : derivedId('COMMITTEE', identity),
        fuzzy: (free) =>
          free(
            data.committees.filter(
              (c) =>
                compactToken(c.name.fr) === compactToken(row.name.fr) ||
                compactToken(c.name.en) === compactToken(row.name.en),
            ),
          ),
      };
    }),
    data.committees,
    issues,
  );
  const committeeIndex = new RefIndex('COMMITTEE').setRefused(rows.refused?.committees);
  for (const c of data.committees) committeeIndex.add(c.id, { keys: [c.importKey], names: [c.name.fr, c.name.en] });
  const committeeRows = new Map((rows.committees ?? []).map((row) => [row.source, row]));
  const committeeDrafts = committeeMatches.map((match) => {
    const row = committeeRows.get(match.candidate.source)!;
    if (match.existing) committeeIndex.remove(match.existing.id, { names: [match.existing.name.fr, match.existing.name.en] });
    committeeIndex.add(match.id, { keys: [row.key], names: [row.name.fr, row.name.en] });
    return { match, row };
  });
  const committeeMembers = resolveMemberships(rows.memberships ?? [], {
    committees: committeeIndex,
    parents: people.parentIndex,
    staff: people.staffIndex,
    finalParents: people.finalParents,
    follow: (index, source, ref, unknown) => follow(index, source, ref, unknown, issues),
    issues,
  });
  const committees = committeeDrafts.map(({ match, row }): Target<Committee> => {
    const others: OtherMember[] = committeeMembers.get(match.id)?.others ?? match.existing?.otherMembers ?? [];
    const signUps = row.openToSignUps ? { openToSignUps: row.openToSignUps.value } : {};
    const fields = { name: row.name, kind: row.kind, description: row.description, otherMembers: others, ...signUps };
    return { entity: compose(match, fields, now), existing: match.existing, source: row.source };
  });
  return { committees, committeeMembers };
}
