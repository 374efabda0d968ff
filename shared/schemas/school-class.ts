import * as z from 'zod';
import { EntityMetaSchema, IdSchema, LevelCodeSchema } from './common';

/**
 * A class (groupe): `code` is its letter or number (`A`, `101`), `name` what the school calls it. A multi-grade
 * class hosts two consecutive levels. Named SchoolClass because `class` is a reserved word.
 */
export const SchoolClassFieldsSchema = z.object({
  code: z.string().trim().min(1).max(10),
  name: z.string().trim().min(1).max(100),
  levels: z
    .array(LevelCodeSchema)
    .min(1)
    .max(4)
    .refine((codes) => new Set(codes).size === codes.length, { error: 'duplicate_level' }),
  /** The homeroom teacher (staff id); a staff member's "classes taught" are derived from it. */
  teacherId: IdSchema.optional(),
  parentRepresentativeIds: z.array(IdSchema).max(10),
  studentRepresentativeIds: z.array(IdSchema).max(10),
});

export const SchoolClassSchema = EntityMetaSchema.extend(SchoolClassFieldsSchema.shape);
export type SchoolClass = z.infer<typeof SchoolClassSchema>;
