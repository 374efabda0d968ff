import type { MeChild, MeCommittee, MeParentProfile } from '@shared/contracts/auth-api';
import type { Level } from '@shared/schemas/common';
import type { Committee, Membership } from '@shared/schemas/committee';
import type { Parent } from '@shared/schemas/parent';
import type { SchoolClass } from '@shared/schemas/school-class';
import type { Staff } from '@shared/schemas/staff';
import type { Student } from '@shared/schemas/student';
import { roleRank } from '@shared/schemas/committee-roles';
import { childrenOf, getEntity, getSettings, membershipsOf } from '../directory/public';
import type { RegisteredPerson } from '../common/claims';
import { frenchCompare } from '@shared/format/collation';

/**
 * My Profile's data for GET /api/me: the caller's own parent record with children (class, level, teacher) and
 * committee seats. A handful of GetItems and two small Queries per parent, instead of the whole-directory read:
 * /api/me runs on every sign-in, the directory only when a directory screen opens.
 *
 * No participation rule applies here: the caller reads their own data (spec: a parent always sees their own).
 */

/** What `buildParentProfile` needs, already read. Missing entities (a race with a delete) are simply absent. */
export interface ParentProfileInput {
  parent: Parent;
  children: Student[];
  classes: Map<string, SchoolClass>;
  teachers: Map<string, Staff>;
  memberships: Membership[];
  committees: Map<string, Committee>;
  levels: readonly Level[];
}

/** Pure: turns the records into the response shape, children in level order then by first name. */
export function buildParentProfile(input: ParentProfileInput): MeParentProfile {
  const { parent, levels } = input;
  const order = (code: string) => levels.find((level) => level.code === code)?.order ?? Number.MAX_SAFE_INTEGER;
  const children = [...input.children]
    .sort((a, b) => order(a.level) - order(b.level) || frenchCompare(a.firstName, b.firstName))
    .map((student): MeChild => {
      const schoolClass = input.classes.get(student.classId);
      const teacher = schoolClass?.teacherId ? input.teachers.get(schoolClass.teacherId) : undefined;
      const label = levels.find((level) => level.code === student.level)?.label;
      return {
        id: student.id,
        firstName: student.firstName,
        lastName: student.lastName,
        level: student.level,
        ...(label ? { levelLabel: { fr: label.fr, en: label.en } } : {}),
        ...(schoolClass
          ? { class: { id: schoolClass.id, code: schoolClass.code, name: schoolClass.name, levels: [...schoolClass.levels] } }
          : {}),
        ...(teacher
          ? {
              teacher: {
                id: teacher.id,
                firstName: teacher.firstName,
                lastName: teacher.lastName,
                ...(teacher.email ? { email: teacher.email } : {}),
              },
            }
          : {}),
      };
    });
  const committees = input.memberships
    .filter((membership) => input.committees.has(membership.committeeId))
    .sort((a, b) => roleRank(a.role) - roleRank(b.role))
    .map((membership): MeCommittee => {
      const committee = input.committees.get(membership.committeeId)!;
      return {
        committeeId: committee.id,
        kind: committee.kind,
        name: { fr: committee.name.fr, en: committee.name.en },
        role: membership.role,
      };
    });
  const { address } = parent;
  return {
    id: parent.id,
    firstName: parent.firstName,
    lastName: parent.lastName,
    ...(parent.email ? { email: parent.email } : {}),
    ...(parent.phone ? { phone: parent.phone } : {}),
    ...(address ? { address: { street: address.street, city: address.city, postalCode: address.postalCode } } : {}),
    participation: parent.participation,
    ...(parent.audiences ? { audiences: { ...parent.audiences } } : {}),
    preferredLanguage: parent.preferredLanguage,
    interests: [...parent.interests],
    skills: parent.skills,
    children,
    committees,
  };
}

/** Reads each id once, even when two children share a class or two classes share a teacher. */
async function readAll<T>(ids: Iterable<string>, read: (id: string) => Promise<T | undefined>): Promise<Map<string, T>> {
  const found = new Map<string, T>();
  await Promise.all(
    [...new Set(ids)].map(async (id) => {
      const entity = await read(id);
      if (entity !== undefined) found.set(id, entity);
    }),
  );
  return found;
}

const defined = <T>(values: (T | undefined)[]): T[] => values.filter((value): value is T => value !== undefined);

async function readParentProfile(parentId: string, levels: readonly Level[]): Promise<MeParentProfile | undefined> {
  const [parent, childIds, memberships] = await Promise.all([
    getEntity('PARENT', parentId),
    childrenOf(parentId),
    membershipsOf('PARENT', parentId),
  ]);
  if (!parent) return undefined;
  const [children, committees] = await Promise.all([
    Promise.all(childIds.map((id) => getEntity('STUDENT', id))).then(defined),
    readAll(
      memberships.map((m) => m.committeeId),
      (id) => getEntity('COMMITTEE', id),
    ),
  ]);
  const classes = await readAll(
    children.map((child) => child.classId),
    (id) => getEntity('CLASS', id),
  );
  const teachers = await readAll(
    defined([...classes.values()].map((schoolClass) => schoolClass.teacherId)),
    (id) => getEntity('STAFF', id),
  );
  return buildParentProfile({ parent, children, classes, teachers, memberships, committees, levels });
}

/** The profiles of every parent registered under the caller's email (a missing record is left out). */
export async function readParentProfiles(people: RegisteredPerson[]): Promise<MeParentProfile[]> {
  const parentIds = people.filter((person) => person.personType === 'PARENT').map((person) => person.personId);
  if (parentIds.length === 0) return [];
  const settings = await getSettings();
  const profiles = await Promise.all(parentIds.map((id) => readParentProfile(id, settings?.levels ?? [])));
  return defined(profiles);
}
