import * as z from 'zod';
import { AddressSchema, IdSchema, LevelSchema, LocalizedTextSchema, SchoolYearSchema } from '../schemas/common';
import { CommitteeKindSchema } from '../schemas/committee';
import { CommitteeRoleSchema } from '../schemas/committee-roles';
import { InterestCodeSchema } from '../schemas/interests';
import { StaffDepartmentSchema } from '../schemas/staff';

/**
 * Contract of GET /api/directory: the whole school in one response, built on the server, shared by the
 * `directory` Lambda and the frontend. Every directory screen (dashboard, classes, students, parents, staff,
 * committees) is computed from it in the browser, without further calls.
 *
 * Conventions, chosen so that 1,000 families stay under 150 KB gzip (docs/decisions/directory-relations-are-positions-in-the-response-and.md, docs/benchmarks.md):
 * - Entities are flat lists. A relation is the POSITION of the other entity in its list of this same response
 *   (`classIndex: 3` is `classes[3]`); fields holding positions end in `Index` / `Indexes`. Never reorder the
 *   lists in place: sort copies.
 * - Parents, staff, classes and committees carry their `id` (ULID): a signed-in person finds themselves with the
 *   ids of GET /api/me, and other APIs address them by id. Students carry none: no directory screen acts on one
 *   student, and their 1,400 ids would cost about 20 KB gzip.
 * - Family links are sent once, as each parent's `childIndexes`. A student's parents are the parents listing
 *   them; siblings are the other children of those parents.
 * - Optional personal fields are OMITTED when empty or when the person's directory participation hides them,
 *   never sent as null or blank. The client cannot tell "hidden" from "not given", on purpose.
 * - Codes, not labels: levels (labels in `school.levels`), interests (shared/schemas/interests.ts), departments
 *   (shared/schemas/staff.ts), committee roles (shared/schemas/committee-roles.ts). Phones are 10 digits
 *   (format with shared/format/phone).
 *
 * The response carries a strong `ETag`; send it back in `If-None-Match` to get a 304 with an empty body.
 * Schemas here are tolerant (unknown keys are stripped), so an older client survives a newer server.
 */

/** A position in one of the response's lists. */
const IndexSchema = z.number().int().min(0);
/** Number of a committee member's role in its committee's hierarchy: 1 is the chair (see committee-roles.ts). */
const RankSchema = z.number().int().min(1);
const NameSchema = z.string().min(1);
const EmailSchema = z.string().min(3);
const PhoneSchema = z.string().regex(/^\d{10}$/);

export const DirectorySchoolSchema = z.object({
  name: z.string(),
  year: SchoolYearSchema,
  /** Every level the school has, with fr/en labels; sort by `order`. */
  levels: z.array(LevelSchema),
  /** Level code whose students leave the school at the end of the year. */
  graduatingLevel: z.string(),
  /** The school's own contact details (the settings screen), shown on the home page. */
  contact: z
    .object({
      email: z.string().optional(),
      phone: z.string().optional(),
      address: z.object({ street: z.string(), city: z.string(), postalCode: z.string() }).optional(),
    })
    .optional(),
});
export type DirectorySchool = z.infer<typeof DirectorySchoolSchema>;

export const DirectoryClassSchema = z.object({
  id: IdSchema,
  code: z.string(),
  name: z.string(),
  /** Level codes the class hosts (two for a multi-grade class). */
  levels: z.array(z.string()),
  /** Homeroom teacher, in `staff`; absent when none is assigned. */
  teacherIndex: IndexSchema.optional(),
  /** Parent representatives, in `parents`. */
  parentRepIndexes: z.array(IndexSchema),
  /** Student representatives, in `students`. */
  studentRepIndexes: z.array(IndexSchema),
});
export type DirectoryClass = z.infer<typeof DirectoryClassSchema>;

export const DirectoryStudentSchema = z.object({
  firstName: NameSchema,
  lastName: NameSchema,
  level: z.string(),
  /** In `classes`; absent if the student's class no longer exists. */
  classIndex: IndexSchema.optional(),
  /** The note for the school's staff: sent to staff readers only (shared/rules/visibility.ts, visibleStudent). */
  staffNote: z.string().optional(),
});
export type DirectoryStudent = z.infer<typeof DirectoryStudentSchema>;

/**
 * A parent as their directory participation allows: `full` everything; `limited` name, email and phone;
 * `nameOnly` name and email (and no committee seat is listed for them).
 */
export const DirectoryParentSchema = z.object({
  id: IdSchema,
  firstName: NameSchema,
  lastName: NameSchema,
  email: EmailSchema.optional(),
  phone: PhoneSchema.optional(),
  address: AddressSchema.optional(),
  interests: z.array(InterestCodeSchema).optional(),
  /** Free-text skills and interests. */
  skills: z.string().optional(),
  /** This parent's children, in `students`. */
  childIndexes: z.array(IndexSchema),
});
export type DirectoryParent = z.infer<typeof DirectoryParentSchema>;

export const DirectoryStaffSchema = z.object({
  id: IdSchema,
  firstName: NameSchema,
  lastName: NameSchema,
  email: EmailSchema.optional(),
  phone: PhoneSchema.optional(),
  /** School phone extension (digits). */
  extension: z.string().optional(),
  title: LocalizedTextSchema,
  department: StaffDepartmentSchema,
  interests: z.array(InterestCodeSchema).optional(),
  /** Classes this staff member is the homeroom teacher of, in `classes`. */
  classIndexes: z.array(IndexSchema),
  /** Role on the conseil d'établissement (the committee of kind `ce`), with its rank: the CE hierarchy. */
  ceRole: CommitteeRoleSchema.optional(),
  ceRank: RankSchema.optional(),
});
export type DirectoryStaff = z.infer<typeof DirectoryStaffSchema>;

/** A parent's seat on a committee: who (in `parents`) and in which role. */
export const DirectoryParentSeatSchema = z.object({ parentIndex: IndexSchema, role: CommitteeRoleSchema });
export type DirectoryParentSeat = z.infer<typeof DirectoryParentSeatSchema>;

/** A staff member's seat on a committee: who (in `staff`) and in which role. */
export const DirectoryStaffSeatSchema = z.object({ staffIndex: IndexSchema, role: CommitteeRoleSchema });
export type DirectoryStaffSeat = z.infer<typeof DirectoryStaffSeatSchema>;

/** A member who is neither parent nor staff (e.g. a CE community representative). */
export const DirectoryOtherMemberSchema = z.object({
  firstName: NameSchema,
  lastName: NameSchema,
  role: CommitteeRoleSchema,
  affiliation: z.string().optional(),
});
export type DirectoryOtherMember = z.infer<typeof DirectoryOtherMemberSchema>;

/** Members split as the Committees screen shows them, each list in hierarchy order (chair first). */
export const DirectoryCommitteeSchema = z.object({
  id: IdSchema,
  kind: CommitteeKindSchema,
  name: LocalizedTextSchema,
  description: LocalizedTextSchema.optional(),
  /** Parents may join it from My Profile or their update link (the Committees screen says so). */
  openToSignUps: z.literal(true).optional(),
  parents: z.array(DirectoryParentSeatSchema),
  staff: z.array(DirectoryStaffSeatSchema),
  others: z.array(DirectoryOtherMemberSchema),
});
export type DirectoryCommittee = z.infer<typeof DirectoryCommitteeSchema>;

export const DirectoryResponseSchema = z
  .object({
    /** Absent only while the school's settings have not been created yet. */
    school: DirectorySchoolSchema.optional(),
    /** Sorted by code. */
    classes: z.array(DirectoryClassSchema),
    students: z.array(DirectoryStudentSchema),
    parents: z.array(DirectoryParentSchema),
    staff: z.array(DirectoryStaffSchema),
    /** CE first, then OPP, foundation and volunteer committees. */
    committees: z.array(DirectoryCommitteeSchema),
  })
  .superRefine((directory, ctx) => {
    // Every position must point inside its list, or a screen would render `undefined`.
    const sizes = {
      classes: directory.classes.length,
      students: directory.students.length,
      parents: directory.parents.length,
      staff: directory.staff.length,
    };
    const check = (list: keyof typeof sizes, index: number | undefined, path: (string | number)[]) => {
      if (index !== undefined && index >= sizes[list]) ctx.addIssue({ code: 'custom', path, message: 'dangling_index' });
    };
    directory.classes.forEach((c, i) => {
      check('staff', c.teacherIndex, ['classes', i, 'teacherIndex']);
      c.parentRepIndexes.forEach((x, j) => check('parents', x, ['classes', i, 'parentRepIndexes', j]));
      c.studentRepIndexes.forEach((x, j) => check('students', x, ['classes', i, 'studentRepIndexes', j]));
    });
    directory.students.forEach((s, i) => check('classes', s.classIndex, ['students', i, 'classIndex']));
    directory.parents.forEach((p, i) =>
      p.childIndexes.forEach((x, j) => check('students', x, ['parents', i, 'childIndexes', j])),
    );
    directory.staff.forEach((m, i) =>
      m.classIndexes.forEach((x, j) => check('classes', x, ['staff', i, 'classIndexes', j])),
    );
    directory.committees.forEach((c, i) => {
      c.parents.forEach((seat, j) => check('parents', seat.parentIndex, ['committees', i, 'parents', j]));
      c.staff.forEach((seat, j) => check('staff', seat.staffIndex, ['committees', i, 'staff', j]));
    });
  });
export type DirectoryResponse = z.infer<typeof DirectoryResponseSchema>;

/**
 * The inverse of `childIndexes`: for each student (by position), the positions of their parents. One pass;
 * compute it once per response. A student's siblings are the other `childIndexes` of these parents.
 */
export function studentParentIndexes(directory: Pick<DirectoryResponse, 'students' | 'parents'>): number[][] {
  const result: number[][] = directory.students.map(() => []);
  directory.parents.forEach((parent, parentIndex) => {
    for (const childIndex of parent.childIndexes) result[childIndex]?.push(parentIndex);
  });
  return result;
}
