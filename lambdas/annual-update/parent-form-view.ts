import { audiencesOf } from '@shared/rules/visibility';
import { signUpRole } from '@shared/rules/committee-sign-ups';
import { maySaveAddressFor } from '@shared/rules/household';
import { childrenOf, getEntity, getSettings, listEntities, membershipsOf, parentsOf } from '../directory/public';
import type { ParentForm } from '@shared/rules/parent-form';
import type { Campaign, Participant } from '@shared/schemas/annual-update';
import type { Committee } from '@shared/schemas/committee';
import type { Parent } from '@shared/schemas/parent';
import type { SchoolClass } from '@shared/schemas/school-class';
import type { Student } from '@shared/schemas/student';
import { frenchCompare } from '@shared/format/collation';

/**
 * Reads what the parent form shows: GetItems and Queries only (opening an update link must never write).
 * Children, classes and committees are read by key: a handful of items, not the whole directory.
 */
export async function readParentForm(
  parent: Parent,
  campaign?: Campaign,
  participant?: Participant,
): Promise<ParentForm> {
  const [childIds, seats, settings, allCommittees] = await Promise.all([
    childrenOf(parent.id),
    membershipsOf('PARENT', parent.id),
    getSettings(),
    listEntities('COMMITTEE'),
  ]);
  const students = (await Promise.all(childIds.map((id) => getEntity('STUDENT', id, { consistent: false })))).filter(
    (s): s is Student => s !== undefined,
  );
  const classIds = [...new Set(students.map((s) => s.classId))];
  const committeeIds = [...new Set(seats.map((s) => s.committeeId))];
  const [classes, committees, coParents] = await Promise.all([
    Promise.all(classIds.map((id) => getEntity('CLASS', id, { consistent: false }))),
    Promise.all(committeeIds.map((id) => getEntity('COMMITTEE', id, { consistent: false }))),
    coParentsOf(parent, childIds),
  ]);
  const classById = new Map(classes.filter((c): c is SchoolClass => !!c).map((c) => [c.id, c]));
  const committeeById = new Map(committees.filter((c): c is Committee => !!c).map((c) => [c.id, c]));

  return {
    parent: {
      id: parent.id,
      version: parent.version,
      firstName: parent.firstName,
      lastName: parent.lastName,
      ...(parent.email ? { email: parent.email } : {}),
      ...(parent.phone ? { phone: parent.phone } : {}),
      ...(parent.address ? { address: parent.address } : {}),
      interests: parent.interests,
      skills: parent.skills,
      participation: parent.participation,
      audiences: audiencesOf(parent),
      preferredLanguage: parent.preferredLanguage,
    },
    children: students
      .map((s) => {
        const schoolClass = classById.get(s.classId);
        return {
          firstName: s.firstName,
          lastName: s.lastName,
          level: s.level,
          ...(schoolClass ? { classCode: schoolClass.code, className: schoolClass.name } : {}),
        };
      })
      .sort((a, b) => frenchCompare(a.firstName, b.firstName)),
    // A seat whose committee no longer exists is a dangling link (gsi1 lag, data-model.md): not shown.
    committees: seats.flatMap((seat) => {
      const committee = committeeById.get(seat.committeeId);
      return committee ? [{ committeeId: committee.id, name: committee.name, kind: committee.kind, role: seat.role }] : [];
    }),
    openCommittees: allCommittees
      .filter((c) => c.openToSignUps === true)
      .map((c) => ({
        committeeId: c.id,
        name: c.name,
        kind: c.kind,
        ...(c.description ? { description: c.description } : {}),
        role: signUpRole(c.kind),
      }))
      .sort((a, b) => frenchCompare(a.name.fr, b.name.fr)),
    coParents: coParents
      .filter((other) => maySaveAddressFor(parent, other))
      .map((other) => ({ id: other.id, firstName: other.firstName, lastName: other.lastName, version: other.version })),
    school: {
      name: settings?.schoolName ?? '',
      ...(settings?.contact.email ? { contactEmail: settings.contact.email } : {}),
      ...(settings?.contact.phone ? { contactPhone: settings.contact.phone } : {}),
    },
    ...(campaign
      ? { campaign: { schoolYear: campaign.schoolYear, ...(campaign.deadline ? { deadline: campaign.deadline } : {}) } }
      : {}),
    ...(participant?.submittedAt ? { submittedAt: participant.submittedAt } : {}),
  };
}

/**
 * The other parents of this parent's children (gsi1, eventually consistent), read by key. The submit re-reads
 * them consistently before writing (parent-form-service.ts).
 */
export async function coParentsOf(parent: Parent, childIds?: string[]): Promise<Parent[]> {
  const children = childIds ?? (await childrenOf(parent.id));
  const ids = new Set((await Promise.all(children.map((id) => parentsOf(id)))).flat());
  ids.delete(parent.id);
  const found = await Promise.all([...ids].map((id) => getEntity('PARENT', id, { consistent: false })));
  return found.filter((p): p is Parent => p !== undefined).sort((a, b) => frenchCompare(a.firstName, b.firstName));
}
