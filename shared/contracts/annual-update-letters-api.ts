import * as z from 'zod';
import { AddressSchema, IdSchema, IsoDateSchema, IsoDateTimeSchema, LanguageSchema, SchoolYearSchema } from '../schemas/common';

/**
 * POST /api/admin/annual-update/campaigns/{campaignId}/letters (docs/annual-update.md, "Paper letters"): the
 * paper letters of the parents without an email. Each call issues NEW short codes for the letters it prints and
 * retires the codes of those parents' earlier letters (rotation, audited): `{}` prints every family's letter,
 * `{ parentIds }` only the chosen families' (the others' codes stay as they are).
 */

export const LettersRequestSchema = z.strictObject({
  /** The families to reprint (parents without an email in the campaign); absent: all of them. */
  parentIds: z
    .array(IdSchema)
    .min(1)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, { error: 'duplicate_parent' })
    .optional(),
});
export type LettersRequest = z.infer<typeof LettersRequestSchema>;

export const PaperLetterSchema = z.object({
  parentId: IdSchema,
  firstName: z.string(),
  lastName: z.string(),
  /** The letter's language: the parent's preferred language, French when unknown. */
  language: LanguageSchema,
  address: AddressSchema.optional(),
  /** Printed form, `ABCDE-FGHJK`. */
  code: z.string(),
  /** The personal update link (the QR code): `<site>/update/<code>?lang=<fr|en>`. */
  url: z.string(),
  /** The address a parent types the code at, in the letter's language. */
  codePageUrl: z.string(),
  /** Last day the code works (it stops earlier if the campaign closes). */
  expiresOn: IsoDateSchema,
});
export type PaperLetter = z.infer<typeof PaperLetterSchema>;

export const LettersResponseSchema = z.object({
  campaign: z.object({ id: IdSchema, schoolYear: SchoolYearSchema, deadline: IsoDateSchema.optional() }),
  school: z.object({
    name: z.string(),
    contactEmail: z.string().optional(),
    contactPhone: z.string().optional(),
    /** The school's postal address (settings), the letter's return address. */
    address: AddressSchema.optional(),
  }),
  generatedAt: IsoDateTimeSchema,
  /** Sorted by last then first name. */
  letters: z.array(PaperLetterSchema),
});
export type LettersResponse = z.infer<typeof LettersResponseSchema>;
