import * as z from 'zod';
import { EntityMetaSchema, IdSchema, LevelCodeSchema, PersonNameSchema } from './common';

/** The staff note's length limit (the data editor counts down to it; the import refuses a longer cell). */
export const STAFF_NOTE_MAX_LENGTH = 500;

/**
 * A note about the student for the school's staff (for example, who usually picks the child up): written by
 * administrators, read by staff and administrators, never by parents (shared/rules/visibility.ts, visibleStudent).
 */
export const StaffNoteSchema = z.string().trim().min(1).max(STAFF_NOTE_MAX_LENGTH);

/**
 * A student. Parents are family links (so siblings share them); the class hosts the student's level. Every field
 * declared here is routed to its surfaces by shared/schemas/entity-fields.ts (docs/architecture.md, « New field »).
 */
export const StudentFieldsSchema = z.object({
  firstName: PersonNameSchema,
  lastName: PersonNameSchema,
  level: LevelCodeSchema,
  classId: IdSchema,
  staffNote: StaffNoteSchema.optional(),
});

export const StudentSchema = EntityMetaSchema.extend(StudentFieldsSchema.shape);
export type Student = z.infer<typeof StudentSchema>;

/** Parent -> student relation (`FAMILY#<parentId>#<studentId>`). Two households = three or four links. */
export const FamilyLinkSchema = z.object({
  parentId: IdSchema,
  studentId: IdSchema,
});
export type FamilyLink = z.infer<typeof FamilyLinkSchema>;
