import * as z from 'zod';
import { IdSchema, IsoDateSchema, IsoDateTimeSchema, LanguageSchema } from '../schemas/common';

/**
 * Contract of `POST /api/directory/pdf-audit` (docs/decisions/printable-directory-a-pdf-built-in-the-browser.md, "Printable directory: a PDF built in the
 * browser"): the browser records each printable directory it is about to produce, then builds the PDF from the
 * directory response it already holds. The audit entry says who, when and which scope (a class by id); the
 * answer gives the name and the day the footer prints ("prepared for <viewer> on <date>").
 */

export const PAPER_SIZES = ['letter', 'a4'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

export const PrintScopeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('school') }),
  z.strictObject({ kind: z.literal('class'), classId: IdSchema }),
]);
export type PrintScope = z.infer<typeof PrintScopeSchema>;

/** Strict: an unknown field, a class scope without a valid class id, an unknown paper or language is refused. */
export const PrintAuditRequestSchema = z.strictObject({
  scope: PrintScopeSchema,
  paper: z.enum(PAPER_SIZES),
  lang: LanguageSchema,
});
export type PrintAuditRequest = z.infer<typeof PrintAuditRequestSchema>;

export const PrintAuditResponseSchema = z.object({
  /** The caller's name as the registry holds it: whom the copy is prepared for. */
  preparedFor: z.string(),
  at: IsoDateTimeSchema,
  /** The day in the school's time zone, YYYY-MM-DD (DOMAIN: numeric dates). */
  day: IsoDateSchema,
});
export type PrintAuditResponse = z.infer<typeof PrintAuditResponseSchema>;

/** The audit action of a printable directory; the entry's target is the class printed, or the whole directory. */
export const PRINT_AUDIT_ACTION = 'directory.printPdf';
