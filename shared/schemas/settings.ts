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

/**
 * The longest school name that may be typed (the settings screen, the school file): the name heads the home page,
 * and 120 characters hold any real one (with its pavilion or its board's name) in two or three lines on a phone.
 * Names saved before this limit (up to 200) still read: only a new value is refused (docs/data-onboarding.md).
 */
export const SCHOOL_NAME_MAX_LENGTH = 120;
/** At most this many levels (the school file's rows, the screen's list). */
export const SCHOOL_LEVELS_MAX = 20;
/**
 * How long each typed cell of the school settings may be (the school file's columns, the screen's fields): one
 * table for the import's reader and the screen's check. The address has the bounds of every address (AddressSchema).
 */
export const SCHOOL_SETTINGS_MAX_LENGTHS = {
  schoolName: SCHOOL_NAME_MAX_LENGTH,
  schoolYear: 20,
  street: 200,
  city: 100,
  levelCode: 20,
  levelFr: 100,
  levelEn: 100,
  shortFr: 20,
  shortEn: 20,
} as const;

/** How classes group levels; progression uses it to explain why students need a new class. */
export const ClassStructureSchema = z.enum(['singleGrade', 'multiGrade']);
export type ClassStructure = z.infer<typeof ClassStructureSchema>;

/**
 * One item per school (`SCHOOL` / `SETTINGS`). Levels, their labels and the graduating level are data, so a
 * school with maternelle or another numbering needs no code change.
 */
export const SchoolSettingsSchema = z
  .object({
    // As stored: the bound of names saved before SCHOOL_NAME_MAX_LENGTH, so that they still read.
    schoolName: z.string().trim().min(1).max(200),
    schoolYear: SchoolYearSchema,
    /**
     * The year the last applied progression moved the school to (docs/progression.md): the school year cannot be set
     * back before it, so the same year is never moved up twice. Absent until a first progression is applied.
     */
    progressedTo: SchoolYearSchema.optional(),
    contact: z.object({
      email: EmailSchema.optional(),
      phone: PhoneSchema.optional(),
      address: AddressSchema.optional(),
    }),
    levels: z.array(LevelSchema).min(1).max(SCHOOL_LEVELS_MAX),
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
