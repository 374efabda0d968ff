import { createHash } from 'node:crypto';
import type {
  DirectoryClass,
  DirectoryCommittee,
  DirectoryResponse,
  DirectorySchool,
} from '@shared/contracts/directory-api';
import { COMMITTEE_KINDS, type Committee, type Membership } from '@shared/schemas/committee';
import { roleRank, type CommitteeRole } from '@shared/schemas/committee-roles';
import type { Parent } from '@shared/schemas/parent';
import type { SchoolClass } from '@shared/schemas/school-class';
import type { SchoolSettings } from '@shared/schemas/settings';
import type { Student } from '@shared/schemas/student';
import {
  listsRoles,
  relationTo,
  visibleParent,
  visibleStaff,
  visibleStudent,
  type ViewerRelation,
} from '@shared/rules/visibility';
import type { RegisteredPerson } from '../common/claims';
import type { DirectoryData } from './directory-items';
import { frenchCompare, frenchNumericCompare } from '@shared/format/collation';

/**
 * Builds GET /api/directory (shared/contracts/directory-api.ts) from the stored directory. Pure: no AWS, no clock, so the
 * same data always gives the same bytes, which the ETag relies on.
 *
 * Privacy rule: every output object is built field by field from an allow-list. Nothing is copied with a
 * spread and then trimmed, so a field added to a stored entity later never reaches the browser by accident.
 */

/**
 * Who is reading: their own parent records and whether they are staff. Administrators read the directory as the
 * member they also are; what only administrators see is on the administration screens (docs/privacy.md).
 * Without a viewer, every parent is shown as to a parent of another class.
 */
export interface DirectoryViewer {
  parentIds: ReadonlySet<string>;
  staff: boolean;
}

const NOBODY: DirectoryViewer = { parentIds: new Set(), staff: false };

/** The reader as the visibility rule needs them: their parent records and whether they are staff. */
export function viewerOf(people: readonly RegisteredPerson[]): DirectoryViewer {
  return {
    parentIds: new Set(people.filter((p) => p.personType === 'PARENT').map((p) => p.personId)),
    staff: people.some((p) => p.personType === 'STAFF'),
  };
}

export type DirectoryInput = Omit<DirectoryData, 'settings'> & { settings?: SchoolSettings };

/** Bumped whenever buildDirectoryResponse's output changes for the same data: browsers' copies then revalidate. */
export const RESPONSE_FORMAT = 1;

/**
 * The ETag of GET /api/directory without building it: the body is a pure function of the directory at one
 * version and of the viewer (all the visibility rule asks of the caller: their parent records and whether they
 * are staff), so the tag is the version plus a digest of exactly that. Two viewers whose rule inputs differ get
 * different tags; equal inputs get equal bodies.
 */
export function directoryTag(version: { epoch: string; n: number }, viewer: DirectoryViewer): string {
  return `"d${RESPONSE_FORMAT}.${version.epoch}.${version.n}.${viewerDigest(viewer)}"`;
}

/** Viewer digests already computed (the same readers come back on every read), bounded, oldest out first. */
const digests = new Map<string, string>();
const MAX_DIGESTS = 1_000;

function viewerDigest(viewer: DirectoryViewer): string {
  const who = JSON.stringify([[...viewer.parentIds].sort(), viewer.staff]);
  let digest = digests.get(who);
  if (digest === undefined) {
    digest = createHash('sha256').update(who, 'utf8').digest('base64url').slice(0, 22);
    if (digests.size >= MAX_DIGESTS) digests.delete(digests.keys().next().value!);
    digests.set(who, digest);
  }
  return digest;
}

export function buildDirectoryResponse(input: DirectoryInput, viewer: DirectoryViewer = NOBODY): DirectoryResponse {
  const classes = [...input.classes].sort(compareClasses);
  const committees = [...input.committees].sort(compareCommittees);
  const { students, parents, staff } = input;
  const classAt = positions(classes);
  const studentAt = positions(students);
  const parentAt = positions(parents);
  const staffAt = positions(staff);
  // Links whose two ends exist: an item the read skipped must not leave a dangling position.
  const childIndexes = parents.map((): number[] => []);
  for (const { parentId, studentId } of input.families) {
    const parentIndex = parentAt.get(parentId);
    const studentIndex = studentAt.get(studentId);
    if (parentIndex !== undefined && studentIndex !== undefined) childIndexes[parentIndex]!.push(studentIndex);
  }
  const relations = viewerRelations(parents, childIndexes, students, viewer);
  // Position of a parent whose committee and class-representative roles this viewer may see.
  const listedParent = (id: string) => {
    const index = parentAt.get(id);
    return index !== undefined && listsRoles(parents[index]!, relations[index]!) ? index : undefined;
  };

  const classIndexes = staff.map((): number[] => []);
  classes.forEach((schoolClass, classIndex) => {
    const teacher = schoolClass.teacherId === undefined ? undefined : staffAt.get(schoolClass.teacherId);
    if (teacher !== undefined) classIndexes[teacher]!.push(classIndex);
  });

  const seats = new Map<string, Membership[]>();
  const ceRoles = new Map<string, CommitteeRole>();
  const ceIds = new Set(committees.filter((c) => c.kind === 'ce').map((c) => c.id));
  for (const membership of input.memberships) {
    const shown =
      membership.personType === 'PARENT'
        ? listedParent(membership.personId) !== undefined
        : staffAt.has(membership.personId);
    if (!shown) continue;
    seats.set(membership.committeeId, [...(seats.get(membership.committeeId) ?? []), membership]);
    if (membership.personType === 'STAFF' && ceIds.has(membership.committeeId)) {
      const current = ceRoles.get(membership.personId);
      if (!current || roleRank(membership.role) < roleRank(current)) ceRoles.set(membership.personId, membership.role);
    }
  }

  return {
    ...(input.settings ? { school: schoolOf(input.settings) } : {}),
    classes: classes.map((schoolClass) => classOf(schoolClass, staffAt, studentAt, listedParent)),
    students: students.map((student) => visibleStudent(student, viewer, classAt.get(student.classId))),
    parents: parents.map((parent, i) => visibleParent(parent, relations[i]!, childIndexes[i]!)),
    staff: staff.map((member, i) => {
      const ceRole = ceRoles.get(member.id);
      return visibleStaff(member, { classIndexes: classIndexes[i]!, ...(ceRole ? { ceRole, ceRank: roleRank(ceRole) } : {}) });
    }),
    committees: committees.map((committee) => {
      const members = seats.get(committee.id) ?? [];
      return committeeOf(committee, members, (m) =>
        m.personType === 'PARENT' ? listedParent(m.personId)! : staffAt.get(m.personId)!,
      );
    }),
  };
}

/** Each parent's relation to the viewer (shared/rules/visibility.ts), by position. */
function viewerRelations(
  parents: readonly Parent[],
  childIndexes: readonly number[][],
  students: readonly Student[],
  viewer: DirectoryViewer,
): ViewerRelation[] {
  const classesOf = (i: number) => childIndexes[i]!.map((s) => students[s]!.classId);
  const viewerClasses = new Set<string>();
  parents.forEach((parent, i) => {
    if (viewer.parentIds.has(parent.id)) for (const classId of classesOf(i)) viewerClasses.add(classId);
  });
  return parents.map((parent, i) =>
    relationTo(
      parent.id,
      viewer,
      classesOf(i).some((classId) => viewerClasses.has(classId)),
      parent.safetyRestriction?.hiddenFrom,
    ),
  );
}

function classOf(
  schoolClass: SchoolClass,
  staffAt: Map<string, number>,
  studentAt: Map<string, number>,
  listedParent: (id: string) => number | undefined,
): DirectoryClass {
  const teacherIndex = schoolClass.teacherId === undefined ? undefined : staffAt.get(schoolClass.teacherId);
  return {
    id: schoolClass.id,
    code: schoolClass.code,
    name: schoolClass.name,
    levels: [...schoolClass.levels],
    ...(teacherIndex !== undefined ? { teacherIndex } : {}),
    // A class representative is a public role: an opted-out parent is not listed as one.
    parentRepIndexes: defined(schoolClass.parentRepresentativeIds.map(listedParent)),
    studentRepIndexes: defined(schoolClass.studentRepresentativeIds.map((id) => studentAt.get(id))),
  };
}

function committeeOf(
  committee: Committee,
  memberships: Membership[],
  indexOf: (membership: Membership) => number,
): DirectoryCommittee {
  // Stable sort: equal ranks keep the stored order, so the output (and its ETag) is deterministic.
  const byRank = [...memberships].sort((a, b) => roleRank(a.role) - roleRank(b.role));
  return {
    id: committee.id,
    kind: committee.kind,
    name: { fr: committee.name.fr, en: committee.name.en },
    ...(committee.description ? { description: { fr: committee.description.fr, en: committee.description.en } } : {}),
    ...(committee.openToSignUps ? { openToSignUps: true as const } : {}),
    parents: byRank
      .filter((m) => m.personType === 'PARENT')
      .map((m) => ({ parentIndex: indexOf(m), role: m.role })),
    staff: byRank.filter((m) => m.personType === 'STAFF').map((m) => ({ staffIndex: indexOf(m), role: m.role })),
    others: [...committee.otherMembers]
      .sort((a, b) => roleRank(a.role) - roleRank(b.role))
      .map((other) => ({
        firstName: other.firstName,
        lastName: other.lastName,
        role: other.role,
        ...(other.affiliation ? { affiliation: other.affiliation } : {}),
      })),
  };
}

function schoolOf(settings: SchoolSettings): DirectorySchool {
  return {
    name: settings.schoolName,
    year: settings.schoolYear,
    levels: [...settings.levels]
      .sort((a, b) => a.order - b.order)
      .map((level) => ({
        code: level.code,
        order: level.order,
        label: { fr: level.label.fr, en: level.label.en },
        shortLabel: { fr: level.shortLabel.fr, en: level.shortLabel.en },
      })),
    graduatingLevel: settings.graduatingLevel,
    ...(Object.keys(settings.contact).length > 0 ? { contact: settings.contact } : {}),
  };
}

/** Class codes in school order: A ... Z, then AA (shorter codes first), numbers by value (99 < 101). */
function compareClasses(a: { code: string }, b: { code: string }): number {
  return a.code.length - b.code.length || frenchNumericCompare(a.code, b.code);
}

function compareCommittees(a: Committee, b: Committee): number {
  return COMMITTEE_KINDS.indexOf(a.kind) - COMMITTEE_KINDS.indexOf(b.kind) || frenchCompare(a.name.fr, b.name.fr);
}

function positions(list: readonly { id: string }[]): Map<string, number> {
  return new Map(list.map((item, index) => [item.id, index]));
}

const defined = (values: (number | undefined)[]): number[] => values.filter((v): v is number => v !== undefined);
