import { compactToken } from '../../../shared/import-values';
import type { EntityMeta } from '../../../shared/schemas/common';
import type { Committee, OtherMember } from '../../../shared/schemas/committee';
import type { Parent } from '../../../shared/schemas/parent';
import type { SchoolClass } from '../../../shared/schemas/school-class';
import type { SchoolSettings } from '../../../shared/schemas/settings';
import type { Staff } from '../../../shared/schemas/staff';
import type { Student } from '../../../shared/schemas/student';
import type { EntityType } from '../../common/keys';
import type { DirectoryData } from '../../directory/directory-items';
import { derivedId, idForKey, isId } from './ids';
import type { IssueCollector, RowSource } from './issues';
import { matchRows, type Candidate, type Match } from './match';
import type { ClassRow, ImportRows, PersonRow, Ref } from './parse-rows';
import { RefIndex } from './ref-index';
import { resolveMemberships, type CommitteeMembers } from './resolve-memberships';

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

type WithKey = EntityMeta & { importKey?: string };

/** Drops undefined fields, so an optional value the file leaves empty is removed from the record. */
function clean<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The record a row describes: the existing one with the row's fields, or a new one (version 1). */
function compose<T extends WithKey>(match: Match<T>, fields: object, now: string): T {
  const key = match.candidate.key;
  const importKey = key !== undefined && !isId(key) ? key : match.existing?.importKey;
  const base = match.existing ?? { id: match.id, version: 1, createdAt: now, updatedAt: now };
  return clean({ ...base, ...fields, importKey }) as T;
}

const fullName = (person: { firstName: string; lastName: string }) => compactToken(`${person.firstName}${person.lastName}`);

function personCandidate<T extends Parent | Staff>(
  type: EntityType,
  row: PersonRow,
  existing: readonly T[],
  issues: IssueCollector,
): Candidate<T> {
  const identity = row.key !== undefined ? `key:${row.key}` : `email:${row.email}|${compactToken(row.firstName)}`;
  return {
    source: row.source,
    identity,
    label: row.key ?? row.email!,
    field: row.key !== undefined ? 'key' : 'email',
    key: row.key,
    id: row.key !== undefined ? idForKey(type, row.key) : derivedId(type, identity),
    fuzzy: row.email
      ? (free) => {
          const same = free(existing.filter((person) => person.email === row.email));
          const named = same.filter((person) => fullName(person) === fullName(row));
          return same.length > 1 && named.length > 0 ? named : same;
        }
      : undefined,
    onAmbiguous: (count) => issues.cell(row.source, 'email', 'AMBIGUOUS_EMAIL', { value: row.email!, count }),
  };
}

/** Reports a reference that led nowhere; returns the id otherwise. */
function follow(
  index: RefIndex,
  source: RowSource,
  ref: Ref,
  unknown: 'UNKNOWN_PARENT' | 'UNKNOWN_STAFF' | 'UNKNOWN_STUDENT' | 'UNKNOWN_CLASS' | 'UNKNOWN_COMMITTEE',
  issues: IssueCollector,
): string | undefined {
  const result = index.resolve(ref.value);
  if ('id' in result) return result.id;
  if (result.code === 'AMBIGUOUS') issues.cell(source, ref.field, 'AMBIGUOUS_EMAIL', { value: ref.value, count: result.count });
  else issues.cell(source, ref.field, unknown, { value: ref.value });
  return undefined;
}

/** Registers existing records in an index, then lets matched rows replace what their record was known by. */
function indexPeople<T extends Parent | Staff>(
  index: RefIndex,
  existing: readonly T[],
  matches: Match<T>[],
  rows: Map<RowSource, PersonRow>,
): void {
  for (const person of existing) index.add(person.id, { keys: [person.importKey], email: person.email });
  for (const { candidate, existing: before, id } of matches) {
    if (before) index.remove(before.id, { email: before.email });
    index.add(id, { keys: [candidate.key], email: rows.get(candidate.source)?.email });
  }
}

/** Class codes stay unique: students and imports name classes by code. */
function checkClassCodes(
  matches: Match<SchoolClass>[],
  rows: Map<RowSource, ClassRow>,
  existing: readonly SchoolClass[],
  issues: IssueCollector,
): void {
  const claimed = new Set(matches.map((match) => match.existing?.id));
  // code -> the row that takes it (line), or an existing class no row is about (no line).
  const owners = new Map<string, { line?: number }>();
  for (const c of existing) if (!claimed.has(c.id)) owners.set(c.code.toUpperCase(), {});
  for (const match of matches) {
    const row = rows.get(match.candidate.source)!;
    const owner = owners.get(row.code.toUpperCase());
    if (!owner) owners.set(row.code.toUpperCase(), { line: row.source.row.line });
    else if (owner.line === undefined) issues.cell(row.source, 'code', 'CODE_IN_USE', { value: row.code });
    else issues.cell(row.source, 'code', 'DUPLICATE_KEY', { key: row.code, line: owner.line });
  }
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
  // People first: everything else refers to them.
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
  const staffIndex = new RefIndex('STAFF');
  const parentIndex = new RefIndex('PARENT');
  indexPeople(staffIndex, data.staff, staffMatches, staffRows);
  indexPeople(parentIndex, data.parents, parentMatches, parentRows);
  const staff = staffMatches.map((match): Target<Staff> => {
    const row = staffRows.get(match.candidate.source)!;
    const { firstName, lastName, email, phone, title, department, interests } = row;
    const fields = { firstName, lastName, email, phone, title, department, interests };
    return { entity: compose(match, fields, now), existing: match.existing, source: row.source };
  });
  const parents = parentMatches.map((match): Target<Parent> => {
    const row = parentRows.get(match.candidate.source)!;
    const { firstName, lastName, email, phone, address, interests, skills, participation, preferredLanguage } = row;
    const fields = { firstName, lastName, email, phone, address, interests, skills, participation, preferredLanguage };
    return { entity: compose(match, fields, now), existing: match.existing, source: row.source };
  });
  const finalParents = new Map(data.parents.map((parent) => [parent.id, parent]));
  for (const target of parents) finalParents.set(target.entity.id, target.entity);

  // Classes: the code is the key. Levels, teacher and parent representatives now; student representatives once
  // students are known.
  const levelCodes = new Map<string, string>();
  for (const level of settings.levels) {
    for (const text of [level.code, level.label.fr, level.label.en]) levelCodes.set(compactToken(text), level.code);
  }
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
  const classDrafts = classMatches.map((match) => {
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
    const teacherId = row.teacher ? follow(staffIndex, row.source, row.teacher, 'UNKNOWN_STAFF', issues) : undefined;
    const parentRepresentativeIds = row.parentRepresentatives
      .map((ref) => follow(parentIndex, row.source, ref, 'UNKNOWN_PARENT', issues))
      .filter((id): id is string => id !== undefined);
    return { match, row, levels, teacherId, parentRepresentativeIds };
  });

  // Students: parents and class first, since a student without a key is recognised by parent and name.
  const studentParents = new Map<string, string[]>();
  const familiesByStudent = new Map<string, Set<string>>();
  for (const link of data.families) {
    const set = familiesByStudent.get(link.studentId) ?? new Set<string>();
    set.add(link.parentId);
    familiesByStudent.set(link.studentId, set);
  }
  const studentDrafts = new Map<RowSource, { parentIds: string[]; classId: string; level: string }>();
  const studentCandidates: Candidate<Student>[] = [];
  for (const row of rows.students ?? []) {
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
    const classId = follow(classIndex, row.source, row.classRef, 'UNKNOWN_CLASS', issues);
    const level = levelCodes.get(compactToken(row.level));
    if (!level) issues.cell(row.source, 'level', 'UNKNOWN_LEVEL', { value: row.level });
    else if (classId && !classLevels.get(classId)?.includes(level)) {
      issues.cell(row.source, 'level', 'LEVEL_NOT_IN_CLASS', { level: row.level, class: row.classRef.value });
      ok = false;
    }
    if (!ok || !classId || !level) continue;
    studentDrafts.set(row.source, { parentIds, classId, level });
    const identity =
      row.key !== undefined
        ? `key:${row.key}`
        : `parent:${parentIds[0]}|${compactToken(row.firstName)}|${compactToken(row.lastName)}`;
    studentCandidates.push({
      source: row.source,
      identity,
      label: row.key ?? `${row.firstName} ${row.lastName}`,
      field: row.key !== undefined ? 'key' : 'firstName',
      key: row.key,
      id: row.key !== undefined ? idForKey('STUDENT', row.key) : derivedId('STUDENT', identity),
      fuzzy: (free) =>
        free(
          data.students.filter(
            (student) =>
              fullName(student) === fullName(row) &&
              parentIds.some((id) => familiesByStudent.get(student.id)?.has(id)),
          ),
        ),
    });
  }
  const studentMatches = matchRows(studentCandidates, data.students, issues);
  const studentIndex = new RefIndex('STUDENT');
  for (const student of data.students) studentIndex.add(student.id, { keys: [student.importKey] });
  const studentRows = new Map((rows.students ?? []).map((row) => [row.source, row]));
  const students = studentMatches.map((match): Target<Student> => {
    const row = studentRows.get(match.candidate.source)!;
    const draft = studentDrafts.get(row.source)!;
    studentIndex.add(match.id, { keys: [row.key] });
    studentParents.set(match.id, draft.parentIds);
    const fields = { firstName: row.firstName, lastName: row.lastName, level: draft.level, classId: draft.classId };
    return { entity: compose(match, fields, now), existing: match.existing, source: row.source };
  });

  const classes = classDrafts.map(({ match, row, levels, teacherId, parentRepresentativeIds }): Target<SchoolClass> => {
    const studentRepresentativeIds = row.studentRepresentatives
      .map((ref) => follow(studentIndex, row.source, ref, 'UNKNOWN_STUDENT', issues))
      .filter((id): id is string => id !== undefined);
    const fields = { code: row.code, name: row.name, levels, teacherId, parentRepresentativeIds, studentRepresentativeIds };
    return { entity: compose(match, fields, now), existing: match.existing, source: row.source };
  });

  // Committees, then who sits on them.
  const committeeMatches = matchRows(
    (rows.committees ?? []).map(
      (row): Candidate<Committee> => {
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
      },
    ),
    data.committees,
    issues,
  );
  const committeeIndex = new RefIndex('COMMITTEE');
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
    parents: parentIndex,
    staff: staffIndex,
    finalParents,
    follow: (index, source, ref, unknown) => follow(index, source, ref, unknown, issues),
    issues,
  });
  const committees = committeeDrafts.map(({ match, row }): Target<Committee> => {
    const others: OtherMember[] = committeeMembers.get(match.id)?.others ?? match.existing?.otherMembers ?? [];
    const fields = { name: row.name, kind: row.kind, description: row.description, otherMembers: others };
    return { entity: compose(match, fields, now), existing: match.existing, source: row.source };
  });

  return { staff, parents, committees, classes, students, studentParents, committeeMembers };
}
