import * as z from 'zod';
import { CommitteeSchema, MembershipSchema } from '../schemas/committee';
import { ParentSchema } from '../schemas/parent';
import { SchoolClassSchema } from '../schemas/school-class';
import { SchoolSettingsSchema } from '../schemas/settings';
import { StaffSchema } from '../schemas/staff';
import { FamilyLinkSchema, StudentSchema } from '../schemas/student';

/**
 * Schemas of the admin routes' answers (docs/data-onboarding.md), so the frontend checks what it receives.
 * Records come back as stored, so the stored schemas check them.
 */

/** GET /api/admin/directory: every record with its `version`, and the settings once saved. */
export const AdminDirectoryResponseSchema = z.object({
  settings: SchoolSettingsSchema.optional(),
  classes: z.array(SchoolClassSchema),
  students: z.array(StudentSchema),
  parents: z.array(ParentSchema),
  families: z.array(FamilyLinkSchema),
  staff: z.array(StaffSchema),
  committees: z.array(CommitteeSchema),
  memberships: z.array(MembershipSchema),
});
export type AdminDirectoryResponse = z.infer<typeof AdminDirectoryResponseSchema>;

/** POST or PUT of any record: the record as saved (the screens only read its id). */
export const SaveRecordResponseSchema = z.object({ record: z.looseObject({ id: z.string() }) });

/** DELETE of any record; a deleted student can take its now-orphaned parents with it. */
export const DeleteRecordResponseSchema = z.object({
  deleted: z.literal(true),
  deletedParentIds: z.array(z.string()).optional(),
});

/** GET /api/admin/export/json: downloaded as is, so every key is kept; only the format is checked. */
export const ExportJsonResponseSchema = z.looseObject({
  format: z.literal('school-directory-export'),
  formatVersion: z.literal(1),
});
