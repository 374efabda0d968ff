import * as z from 'zod';
import {
  IdSchema,
  IsoDateSchema,
  IsoDateTimeSchema,
  LanguageSchema,
  LocalizedTextSchema,
  SchoolYearSchema,
  VersionSchema,
} from '../schemas/common';
import { StaffDepartmentSchema } from '../schemas/staff';

/**
 * The staff form of the annual update (docs/annual-update.md, "Staff"): what a staff member's update link shows
 * (`StaffForm`) and what it sends back (`StaffUpdateInput`). Routes: POST /api/update/staff/load and
 * /api/update/staff/submit, the token in the body only, like the parent form's.
 */

/** `''`, whitespace or null from a cleared input means "none". */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** A title in each language, as the staff page shows it. */
const TitlePartSchema = z.string().trim().min(1).max(100);

/** School phone extension: 1 to 6 digits (`poste 1234`); spaces around are ignored. */
export const ExtensionInputSchema = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/, { error: 'invalid_extension' });

/**
 * What the staff form submits. Required: the `version` loaded (a change made meanwhile gives CONFLICT), the title
 * in both languages, the department, the language of the emails, and whether the email is shown in the directory. The extension is optional
 * (blank removes it). Unknown keys are refused: names, email, phone and classes are the school office's.
 */
export const StaffUpdateInputSchema = z.strictObject({
  version: VersionSchema,
  title: z.strictObject({ fr: TitlePartSchema, en: TitlePartSchema }),
  department: StaffDepartmentSchema,
  extension: z.preprocess(blankToUndefined, ExtensionInputSchema.optional()),
  showEmail: z.boolean(),
  /** The language of the staff member's emails. */
  preferredLanguage: LanguageSchema,
});
export type StaffUpdateInput = z.input<typeof StaffUpdateInputSchema>;
export type StaffUpdate = z.output<typeof StaffUpdateInputSchema>;

/** What the staff member's link shows. `kind` tells the update page which form it holds. */
export const StaffFormSchema = z.object({
  kind: z.literal('staff'),
  staff: z.object({
    id: IdSchema,
    version: VersionSchema,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().optional(),
    title: LocalizedTextSchema,
    department: StaffDepartmentSchema,
    extension: z.string().optional(),
    /** Whether the directory lists the email (absent on the record = shown). */
    showEmail: z.boolean(),
    preferredLanguage: LanguageSchema,
  }),
  /** Classes this staff member is the homeroom teacher of, read-only (the school office assigns them). */
  classes: z.array(z.object({ code: z.string(), name: z.string() })),
  school: z.object({ name: z.string(), contactEmail: z.string().optional(), contactPhone: z.string().optional() }),
  campaign: z.object({ schoolYear: SchoolYearSchema, deadline: IsoDateSchema.optional() }),
  /** When this staff member last submitted the form in that campaign. */
  submittedAt: IsoDateTimeSchema.optional(),
});
export type StaffForm = z.infer<typeof StaffFormSchema>;

const TokenSchema = z.string().min(1).max(512);

/** POST /api/update/staff/load. */
export const StaffLoadRequestSchema = z.strictObject({ token: TokenSchema });

/** POST /api/update/staff/submit. */
export const StaffSubmitRequestSchema = z.strictObject({ token: TokenSchema, data: StaffUpdateInputSchema });

export const StaffSubmitResponseSchema = z.object({
  form: StaffFormSchema,
  submittedAt: IsoDateTimeSchema,
  /** As the parent form's: whether an account uses this email (null: unknown, offer both). */
  hasAccount: z.boolean().nullable(),
  /** Present (true) when the answer changed nothing the school holds: the person confirmed their information. */
  unchanged: z.literal(true).optional(),
});
export type StaffSubmitResponse = z.infer<typeof StaffSubmitResponseSchema>;
