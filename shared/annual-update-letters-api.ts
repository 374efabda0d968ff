import * as z from 'zod';
import { AddressSchema, IdSchema, IsoDateSchema, IsoDateTimeSchema, LanguageSchema, SchoolYearSchema } from './schemas/common';

/**
 * POST /api/admin/annual-update/campaigns/{campaignId}/letters (docs/annual-update.md, "Paper letters"): the
 * paper letters of the parents without an email. Each call issues NEW short codes and revokes the codes of the
 * letters printed before (rotation, audited): only the latest printout works. No body (or `{}`).
 */

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
  school: z.object({ name: z.string(), contactEmail: z.string().optional(), contactPhone: z.string().optional() }),
  generatedAt: IsoDateTimeSchema,
  /** Sorted by last then first name. */
  letters: z.array(PaperLetterSchema),
});
export type LettersResponse = z.infer<typeof LettersResponseSchema>;

/** The public pages where a code is typed, one per language (frontend/src/app/routes.ts). */
export const CODE_PAGE_PATHS = { fr: '/mise-a-jour/code', en: '/update/code' } as const;
