import * as z from 'zod';
import {
  EmailSchema,
  IdSchema,
  LanguageSchema,
  LevelCodeSchema,
  LocalizedTextSchema,
  PhoneInputSchema,
  AddressInputSchema,
  VersionSchema,
} from '../schemas/common';
import { CommitteeKindSchema, OtherMemberSchema, PersonTypeSchema } from '../schemas/committee';
import { CommitteeRoleSchema } from '../schemas/committee-roles';
import { InterestsSchema } from '../schemas/interests';
import { FieldAudiencesSchema, ParentFieldsSchema, ParticipationSchema } from '../schemas/parent';
import { StaffFieldsSchema } from '../schemas/staff';
import { StaffNoteSchema, StudentFieldsSchema } from '../schemas/student';

/**
 * Contract of the admin editing routes (docs/data-onboarding.md). Bodies carry the whole record (PUT replaces
 * every field) plus the `version` the admin read: a record changed since answers 409 CONFLICT, never a silent
 * overwrite. Deletes carry the typed confirmation word. Typed values are normalised here (phone to digits,
 * postal code to `H2X 1Y4`, email lowercased); the stored schema checks the rest on the server.
 */

/**
 * Unknown keys are refused (400), never dropped: a client sending a field the server ignores would believe it
 * was stored (docs/decisions/api-edges-json-bodies-only-strict-objects-cloudfront.md, "JSON bodies only, strict objects"). Nested stored shapes are made strict here.
 */
const LocalizedTextInputSchema = z.strictObject(LocalizedTextSchema.shape);
const OtherMemberInputSchema = z.strictObject(OtherMemberSchema.shape);

/** The word an admin types to confirm a delete (docs/product-rules.md, Confirmations). */
export const CONFIRMATION_WORD = 'confirm';

/** An empty string from a cleared form field means "none". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());


/**
 * The admin inputs are the entity's stored fields (shared/schemas), spread from their shape so a field declared
 * there reaches the data editor's body, with typed values normalised and blank choices defaulted. The fields an
 * input leaves out are listed, with the reason, in shared/schemas/entity-fields.ts.
 */
export const ParentInputSchema = z.strictObject({
  ...ParentFieldsSchema.shape,
  email: optional(EmailSchema),
  phone: optional(PhoneInputSchema),
  address: optional(AddressInputSchema),
  interests: InterestsSchema.default([]),
  skills: ParentFieldsSchema.shape.skills.default(''),
  /** Absent on a new parent: no choice on file, the parent starts private (shared/rules/visibility.ts initialPrivacy). */
  participation: ParticipationSchema.optional(),
  /** Absent: the preset's (on a change of participation) or the audiences on file (otherwise). */
  audiences: FieldAudiencesSchema.optional(),
  preferredLanguage: LanguageSchema.default('fr'),
});
export type ParentInput = z.infer<typeof ParentInputSchema>;

/** The extension, email choice and language are the staff member's own, set through their update link. */
export const StaffInputSchema = z.strictObject({
  ...StaffFieldsSchema.omit({ extension: true, showEmail: true, preferredLanguage: true }).shape,
  email: optional(EmailSchema),
  phone: optional(PhoneInputSchema),
  title: LocalizedTextInputSchema,
  interests: InterestsSchema.default([]),
});
export type StaffInput = z.infer<typeof StaffInputSchema>;

/** A student with their parents (family links): at most four, two households (the import's four columns). */
export const StudentInputSchema = z.strictObject({
  ...StudentFieldsSchema.shape,
  staffNote: optional(StaffNoteSchema),
  parentIds: z.array(IdSchema).max(4).refine((ids) => new Set(ids).size === ids.length, { error: 'duplicate_parent' }),
});
export type StudentInput = z.infer<typeof StudentInputSchema>;

export const ClassInputSchema = z.strictObject({
  code: z.string().trim().min(1).max(10),
  name: z.string().trim().min(1).max(100),
  levels: z.array(LevelCodeSchema).min(1).max(4),
  teacherId: optional(IdSchema),
  parentRepresentativeIds: z.array(IdSchema).max(10).default([]),
  studentRepresentativeIds: z.array(IdSchema).max(10).default([]),
});
export type ClassInput = z.infer<typeof ClassInputSchema>;

export const CommitteeMemberInputSchema = z.strictObject({
  personType: PersonTypeSchema,
  personId: IdSchema,
  role: CommitteeRoleSchema,
});

/** A committee with its whole member list; the server writes only the differences, with the committee's version. */
export const CommitteeInputSchema = z.strictObject({
  name: LocalizedTextInputSchema,
  kind: CommitteeKindSchema,
  description: optional(LocalizedTextInputSchema),
  otherMembers: z.array(OtherMemberInputSchema).max(50).default([]),
  members: z.array(CommitteeMemberInputSchema).max(200).default([]),
  /** Parents may join it from the update form and My Profile (docs/product-rules.md, Committee sign-ups). */
  openToSignUps: z.boolean().default(false),
});
export type CommitteeInput = z.infer<typeof CommitteeInputSchema>;

const versioned = { version: VersionSchema };
export const ParentUpdateSchema = ParentInputSchema.extend(versioned);
export const StaffUpdateSchema = StaffInputSchema.extend(versioned);
export const StudentUpdateSchema = StudentInputSchema.extend(versioned);
export const ClassUpdateSchema = ClassInputSchema.extend(versioned);
export const CommitteeUpdateSchema = CommitteeInputSchema.extend(versioned);

export const DeleteRequestSchema = z.strictObject({ version: VersionSchema, confirm: z.string() });
export type DeleteRequest = z.infer<typeof DeleteRequestSchema>;

/**
 * Deleting a student whose parent has no other child: `keep` leaves the parent (without children), `delete`
 * removes them with the student. Without it the server answers 409 ORPHAN_PARENTS with their ids.
 */
export const StudentDeleteRequestSchema = DeleteRequestSchema.extend({
  orphanParents: z.enum(['keep', 'delete']).optional(),
});
export type StudentDeleteRequest = z.infer<typeof StudentDeleteRequestSchema>;

/** 409 body of a student delete that would leave parents without a child. */
export interface OrphanParentsErrorBody {
  error: { code: 'ORPHAN_PARENTS'; parentIds: string[] };
}

/** 409 body of a class delete while students are still in it. */
export interface ClassNotEmptyErrorBody {
  error: { code: 'CLASS_NOT_EMPTY'; studentCount: number };
}

/**
 * PUT /api/admin/parents/{id}/safety-restriction: the parent records this parent is hidden from (custody or
 * safety; docs/privacy.md). An empty list lifts the restriction. Answer: `{ record }`, the parent as stored.
 */
export const SafetyRestrictionRequestSchema = z.strictObject({
  version: VersionSchema,
  hiddenFrom: z.array(IdSchema).max(20),
});
export type SafetyRestrictionRequest = z.infer<typeof SafetyRestrictionRequestSchema>;
