import * as z from 'zod';
import { ClassStructureSchema, SchoolSettingsSchema } from '../schemas/settings';

/**
 * The school settings screen (docs/data-onboarding.md, "School settings"): GET and PUT /api/admin/settings.
 * The body carries the cells of the school file (`school.csv`) under the same field names, as text: the browser and
 * the server check them with `checkSettingsForm` (shared/rules/school-settings-form.ts), then the server reads them
 * with the import's own readers (lambdas/admin/import/school-settings.ts), so the screen and the import can never
 * disagree. The bounds here only cap the size of a body; the real limits are SCHOOL_SETTINGS_MAX_LENGTHS.
 */
const cell = (max: number) => z.string().max(max);

export const SettingsLevelInputSchema = z.strictObject({
  levelCode: cell(40),
  levelFr: cell(200),
  levelEn: cell(200),
  shortFr: cell(60),
  shortEn: cell(60),
});
export type SettingsLevelInput = z.infer<typeof SettingsLevelInputSchema>;

export const SettingsUpdateSchema = z.strictObject({
  /** The version read (0 when the school had no settings yet): a stale one answers 409 CONFLICT. */
  version: z.number().int().min(0),
  schoolName: cell(400),
  schoolYear: cell(40),
  email: cell(400),
  phone: cell(60),
  street: cell(400),
  city: cell(200),
  postalCode: cell(40),
  classStructure: ClassStructureSchema,
  /** A level code of `levels` (empty: the last level). */
  graduatingLevel: cell(200),
  levels: z.array(SettingsLevelInputSchema).min(1).max(40),
});
export type SettingsUpdate = z.infer<typeof SettingsUpdateSchema>;

/** The settings as stored; `stored: false` while the school has none (the defaults an import would create). */
export const SettingsResponseSchema = z.object({ settings: SchoolSettingsSchema, stored: z.boolean() });
export type SettingsResponse = z.infer<typeof SettingsResponseSchema>;

/** One refused cell: `path` is a body field (`schoolName`, `levels.2.levelFr`), `code` an import issue code. */
export const SettingsIssueSchema = z.object({
  path: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type SettingsIssue = z.infer<typeof SettingsIssueSchema>;

/** 400 VALIDATION_FAILED with every issue, as the import reports them. */
export const SettingsInvalidBodySchema = z.object({ issues: z.array(SettingsIssueSchema) });

export const SCHOOL_FIELDS_ON_FORM = ['schoolName', 'schoolYear', 'email', 'phone', 'street', 'city', 'postalCode', 'classStructure', 'graduatingLevel'] as const;
export const LEVEL_FIELDS_ON_FORM = ['levelCode', 'levelFr', 'levelEn', 'shortFr', 'shortEn'] as const;

/** The form's cells for stored settings: what the screen starts from (and what a test sends back). */
export function settingsFormOf(settings: z.infer<typeof SchoolSettingsSchema>): Omit<SettingsUpdate, 'version'> {
  const levels = [...settings.levels].sort((a, b) => a.order - b.order);
  return {
    schoolName: settings.schoolName,
    schoolYear: settings.schoolYear,
    email: settings.contact.email ?? '',
    phone: settings.contact.phone ?? '',
    street: settings.contact.address?.street ?? '',
    city: settings.contact.address?.city ?? '',
    postalCode: settings.contact.address?.postalCode ?? '',
    classStructure: settings.classStructure,
    graduatingLevel: settings.graduatingLevel,
    levels: levels.map((level) => ({
      levelCode: level.code,
      levelFr: level.label.fr,
      levelEn: level.label.en,
      shortFr: level.shortLabel.fr,
      shortEn: level.shortLabel.en,
    })),
  };
}
