import * as z from 'zod';
import {
  AddressSchema,
  EmailSchema,
  IsoDateTimeSchema,
  LevelSchema,
  PhoneSchema,
  SchoolYearSchema,
  VersionSchema,
} from './common';

/** How classes group levels; progression uses it to explain why students need a new class. */
export const ClassStructureSchema = z.enum(['singleGrade', 'multiGrade']);
export type ClassStructure = z.infer<typeof ClassStructureSchema>;

/**
 * One item per school (`SCHOOL` / `SETTINGS`). Levels, their labels and the graduating level are data, so a
 * school with maternelle or another numbering needs no code change.
 */
export const SchoolSettingsSchema = z
  .object({
    schoolName: z.string().trim().min(1).max(200),
    schoolYear: SchoolYearSchema,
    contact: z.object({
      email: EmailSchema.optional(),
      phone: PhoneSchema.optional(),
      address: AddressSchema.optional(),
    }),
    levels: z.array(LevelSchema).min(1).max(20),
    graduatingLevel: z.string(),
    classStructure: ClassStructureSchema,
    version: VersionSchema,
    updatedAt: IsoDateTimeSchema,
  })
  .superRefine((settings, ctx) => {
    const codes = settings.levels.map((level) => level.code);
    if (new Set(codes).size !== codes.length) {
      ctx.addIssue({ code: 'custom', path: ['levels'], message: 'duplicate_level' });
    }
    if (!codes.includes(settings.graduatingLevel)) {
      ctx.addIssue({ code: 'custom', path: ['graduatingLevel'], message: 'unknown_level' });
    }
  });
export type SchoolSettings = z.infer<typeof SchoolSettingsSchema>;
