import {
  ClassInputSchema,
  ClassUpdateSchema,
  CommitteeInputSchema,
  CommitteeUpdateSchema,
  DeleteRequestSchema,
  ParentInputSchema,
  ParentUpdateSchema,
  SafetyRestrictionRequestSchema,
  StaffInputSchema,
  StaffUpdateSchema,
  StudentDeleteRequestSchema,
  StudentInputSchema,
  StudentUpdateSchema,
  type ClassNotEmptyErrorBody,
  type OrphanParentsErrorBody,
} from '@shared/contracts/admin-api';
import { IdSchema } from '@shared/schemas/common';
import { AppError } from '../common/errors';
import { parseWith, type ApiRequest, type RouteHandlers, type SignedInRequest } from '../common/http';
import { createClass, deleteClass, updateClass } from './edit/class-edit';
import { createCommittee, deleteCommittee, updateCommittee } from './edit/committee-edit';
import type { EditContext } from './edit/edit-support';
import { createPerson, deletePerson, updatePerson } from './edit/people-edit';
import { setSafetyRestriction } from './edit/restriction-edit';
import { createStudent, deleteStudent, updateStudent } from './edit/student-edit';

/** The admin editing routes: parse -> service -> respond. Bodies and answers: shared/contracts/admin-api.ts. */

export function editContext(request: SignedInRequest): EditContext {
  return { actor: { kind: 'user', id: request.caller.sub }, now: new Date() };
}

/** The `{id}` of the path; an id that cannot exist is simply not found. */
function pathId(request: ApiRequest): string {
  const result = IdSchema.safeParse(request.pathParameters.id);
  if (!result.success) throw new AppError('NOT_FOUND');
  return result.data;
}

export const editHandlers: RouteHandlers = {
  'POST /api/admin/parents': async (r) => ({
    status: 201,
    body: { record: await createPerson('PARENT', parseWith(ParentInputSchema, r.body), editContext(r)) },
  }),
  'PUT /api/admin/parents/{id}': async (r) => ({
    body: { record: await updatePerson('PARENT', pathId(r), parseWith(ParentUpdateSchema, r.body), editContext(r)) },
  }),
  'PUT /api/admin/parents/{id}/safety-restriction': async (r) => ({
    body: { record: await setSafetyRestriction(pathId(r), parseWith(SafetyRestrictionRequestSchema, r.body), editContext(r)) },
  }),
  'DELETE /api/admin/parents/{id}': async (r) => {
    await deletePerson('PARENT', pathId(r), parseWith(DeleteRequestSchema, r.body), editContext(r));
    return { body: { deleted: true } };
  },

  'POST /api/admin/staff': async (r) => ({
    status: 201,
    body: { record: await createPerson('STAFF', parseWith(StaffInputSchema, r.body), editContext(r)) },
  }),
  'PUT /api/admin/staff/{id}': async (r) => ({
    body: { record: await updatePerson('STAFF', pathId(r), parseWith(StaffUpdateSchema, r.body), editContext(r)) },
  }),
  'DELETE /api/admin/staff/{id}': async (r) => {
    await deletePerson('STAFF', pathId(r), parseWith(DeleteRequestSchema, r.body), editContext(r));
    return { body: { deleted: true } };
  },

  'POST /api/admin/students': async (r) => ({
    status: 201,
    body: await createStudent(parseWith(StudentInputSchema, r.body), editContext(r)),
  }),
  'PUT /api/admin/students/{id}': async (r) => ({
    body: await updateStudent(pathId(r), parseWith(StudentUpdateSchema, r.body), editContext(r)),
  }),
  'DELETE /api/admin/students/{id}': async (r) => {
    const result = await deleteStudent(pathId(r), parseWith(StudentDeleteRequestSchema, r.body), editContext(r));
    if ('orphanParentIds' in result) {
      const body: OrphanParentsErrorBody = { error: { code: 'ORPHAN_PARENTS', parentIds: result.orphanParentIds } };
      return { status: 409, body };
    }
    return { body: { deleted: true, deletedParentIds: result.deletedParentIds } };
  },

  'POST /api/admin/classes': async (r) => ({
    status: 201,
    body: { record: await createClass(parseWith(ClassInputSchema, r.body), editContext(r)) },
  }),
  'PUT /api/admin/classes/{id}': async (r) => ({
    body: { record: await updateClass(pathId(r), parseWith(ClassUpdateSchema, r.body), editContext(r)) },
  }),
  'DELETE /api/admin/classes/{id}': async (r) => {
    const { studentCount } = await deleteClass(pathId(r), parseWith(DeleteRequestSchema, r.body), editContext(r));
    if (studentCount > 0) {
      const body: ClassNotEmptyErrorBody = { error: { code: 'CLASS_NOT_EMPTY', studentCount } };
      return { status: 409, body };
    }
    return { body: { deleted: true } };
  },

  'POST /api/admin/committees': async (r) => ({
    status: 201,
    body: await createCommittee(parseWith(CommitteeInputSchema, r.body), editContext(r)),
  }),
  'PUT /api/admin/committees/{id}': async (r) => ({
    body: await updateCommittee(pathId(r), parseWith(CommitteeUpdateSchema, r.body), editContext(r)),
  }),
  'DELETE /api/admin/committees/{id}': async (r) => {
    await deleteCommittee(pathId(r), parseWith(DeleteRequestSchema, r.body), editContext(r));
    return { body: { deleted: true } };
  },
};
