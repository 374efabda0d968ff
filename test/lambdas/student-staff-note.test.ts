import { beforeAll, describe, expect, it } from 'vitest';
import { handler as adminHandler } from '../../lambdas/admin/index';
import { handler as formHandler } from '../../lambdas/annual-update/index';
import { handler as authHandler } from '../../lambdas/auth/index';
import { handler as directoryHandler } from '../../lambdas/directory/index';
import { handler as privacyHandler } from '../../lambdas/privacy/index';
import { getEntity } from '../../lambdas/directory/directory-repository';
import type { AdminDirectoryResponse } from '@shared/contracts/admin-responses';
import type { DirectoryResponse } from '@shared/contracts/directory-api';
import { STAFF_NOTE_MAX_LENGTH, type Student } from '@shared/schemas/student';
import { claimsFor } from './auth-support';
import { invoke, seedSmallSchool, type SmallSchool } from './annual-update-support';
import { scanAll, useDirectoryTable } from './directory-support';

/**
 * A student's staff note through the real handlers (docs/privacy.md, "Who sees what"): an administrator writes it
 * in the data editor, staff read it in the directory, and no answer a parent receives carries it, not even the
 * child's own parent's (directory, My Profile, the update form, Download my data).
 */
useDirectoryTable('staff-note');

const NOTE = 'Son grand-père vient la chercher le mercredi.';
let school: SmallSchool;
let student: Student;
let parentEmail: string;
let staffEmail: string;

const parentIdsOf = (studentId: string) => school.families.filter((f) => f.studentId === studentId).map((f) => f.parentId);

async function saveStudent(staffNote: string) {
  const current = (await getEntity('STUDENT', student.id))!;
  const { firstName, lastName, level, classId, version } = current;
  return invoke(adminHandler, {
    method: 'PUT',
    resource: '/api/admin/students/{id}',
    pathParameters: { id: student.id },
    claims: claimsFor(school.adminEmail),
    body: { firstName, lastName, level, classId, staffNote, parentIds: parentIdsOf(student.id), version },
  });
}

async function rawAnswer(handler: typeof directoryHandler, resource: string, email: string) {
  const response = await invoke(handler, { method: 'GET', resource, claims: claimsFor(email) });
  expect({ resource, status: response.status }).toEqual({ resource, status: 200 });
  return { body: response.body, raw: JSON.stringify(response.body) };
}

beforeAll(async () => {
  school = await seedSmallSchool('staff-note');
  // A child of a reachable parent who is not the administrator: that parent reads everything a parent can.
  const parent = school.reachable.find((p) => p.email !== school.adminEmail && school.families.some((f) => f.parentId === p.id))!;
  parentEmail = parent.email!;
  student = school.students.find((s) => parentIdsOf(s.id).includes(parent.id))!;
  staffEmail = school.staff.find((s) => s.email)!.email!;
  expect((await saveStudent(NOTE)).status).toBe(200);
});

describe('a student staff note', () => {
  it('is stored and read back by administrators in the data editor', async () => {
    expect((await getEntity('STUDENT', student.id))!.staffNote).toBe(NOTE);
    const { body } = await rawAnswer(adminHandler, '/api/admin/directory', school.adminEmail);
    expect((body as AdminDirectoryResponse).students.find((s) => s.id === student.id)!.staffNote).toBe(NOTE);
  });

  it('reaches staff in the directory, on the student it belongs to', async () => {
    const { body } = await rawAnswer(directoryHandler, '/api/directory', staffEmail);
    const noted = (body as DirectoryResponse).students.filter((s) => s.staffNote !== undefined);
    expect(noted).toEqual([expect.objectContaining({ firstName: student.firstName, lastName: student.lastName, staffNote: NOTE })]);
  });

  it("never reaches a parent: not the child's own parent's directory, My Profile, update form or download", async () => {
    for (const resource of ['/api/directory', '/api/me', '/api/profile/form', '/api/me/data']) {
      const handler = { '/api/directory': directoryHandler, '/api/me': authHandler, '/api/profile/form': formHandler, '/api/me/data': privacyHandler }[resource]!;
      const { raw } = await rawAnswer(handler, resource, parentEmail);
      expect({ resource, note: raw.includes('grand-père'), key: raw.includes('staffNote') }).toEqual({ resource, note: false, key: false });
    }
    // An administrator reads the member directory as the parent they also are.
    expect((await rawAnswer(directoryHandler, '/api/directory', school.adminEmail)).raw).not.toContain('staffNote');
  });

  it('refuses a note over the limit with its field named, writing nothing; a blank note removes it', async () => {
    const before = await scanAll();
    const tooLong = await saveStudent('x'.repeat(STAFF_NOTE_MAX_LENGTH + 1));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: [expect.objectContaining({ path: 'staffNote' })] } });
    expect(await scanAll()).toEqual(before);

    expect((await saveStudent('x'.repeat(STAFF_NOTE_MAX_LENGTH))).status).toBe(200);
    expect((await saveStudent('')).status).toBe(200);
    expect((await getEntity('STUDENT', student.id))!).not.toHaveProperty('staffNote');
  });
});
