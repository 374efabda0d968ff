import * as z from 'zod';
import { EntityMetaSchema, IdSchema, LevelCodeSchema, PersonNameSchema } from './common';

/** A student. Parents are family links (so siblings share them); the class hosts the student's level. */
export const StudentFieldsSchema = z.object({
  firstName: PersonNameSchema,
  lastName: PersonNameSchema,
  level: LevelCodeSchema,
  classId: IdSchema,
});

export const StudentSchema = EntityMetaSchema.extend(StudentFieldsSchema.shape);
export type Student = z.infer<typeof StudentSchema>;

/** Parent -> student relation (`FAMILY#<parentId>#<studentId>`). Two households = three or four links. */
export const FamilyLinkSchema = z.object({
  parentId: IdSchema,
  studentId: IdSchema,
});
export type FamilyLink = z.infer<typeof FamilyLinkSchema>;
