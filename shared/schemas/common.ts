import * as z from 'zod';
import { isValidEmail } from '../rules/email';
import { normalizePostalCode } from '../format/postal-code';
import { phoneDigits } from '../format/phone';

/** Building blocks shared by every entity schema. Stored shapes are strict; `...Input` schemas normalise typing. */

export const LANGUAGES = ['fr', 'en'] as const;
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;

/** A text in both languages (committee names, staff titles, level labels). */
export const LocalizedTextSchema = z.object({ fr: z.string().trim().min(1), en: z.string().trim().min(1) });
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

/** Ids are ULIDs: generated, time-ordered, never derived from names or emails. */
export const IdSchema = z.ulid();

/** Trimmed and lowercased before it is checked, as docs/product-rules.md (Accounts) says; stored that way. */
export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .refine((value) => isValidEmail(value), { error: 'invalid_email' });

/**
 * Real names carry accents, hyphens, straight and curly apostrophes, spaces and particles: accept them all.
 * Only control characters are refused (they break exports and terminals, and no name has one).
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
export const PersonNameSchema = z
  .string()
  .trim()
  // One space between words: « Hélène  Marie » typed or pasted with two showed them in the PDF and the vCard (a trial).
  .overwrite((value) => value.replace(/\s{2,}/g, ' '))
  // One way to write each accented letter (« É », not « E » plus a combining accent, which some keyboards and
  // copied text give): sorting, duplicate detection and exports then see one name.
  .normalize('NFC')
  .min(1)
  .max(100)
  .refine((value) => !CONTROL_CHARACTERS.test(value), { error: 'control_character' });

/** Stored phone: exactly the 10 digits (format with shared/format/phone). */
export const PhoneSchema = z.string().regex(/^[2-9]\d{2}[2-9]\d{6}$/);
/** A typed phone number, normalised to its 10 digits. */
export const PhoneInputSchema = z.string().transform((value, ctx) => {
  const digits = phoneDigits(value);
  if (!digits) {
    ctx.addIssue({ code: 'custom', message: 'invalid_phone' });
    return z.NEVER;
  }
  return digits;
});

/** Stored postal code: `H2X 1Y4`. */
export const PostalCodeSchema = z.string().refine((value) => normalizePostalCode(value) === value, {
  error: 'invalid_postal_code',
});
/** A typed postal code (`h2x1y4`), normalised to `H2X 1Y4`. */
export const PostalCodeInputSchema = z.string().transform((value, ctx) => {
  const normalized = normalizePostalCode(value);
  if (!normalized) {
    ctx.addIssue({ code: 'custom', message: 'invalid_postal_code' });
    return z.NEVER;
  }
  return normalized;
});

export const AddressSchema = z.object({
  street: z.string().trim().normalize('NFC').min(1).max(200),
  city: z.string().trim().normalize('NFC').min(1).max(100),
  postalCode: PostalCodeSchema,
});
export type Address = z.infer<typeof AddressSchema>;

/** An address as forms send it: street, city and postal code each required once any is given; the code normalised. */
export const AddressInputSchema = z.strictObject({
  street: AddressSchema.shape.street,
  city: AddressSchema.shape.city,
  postalCode: PostalCodeInputSchema,
});

export const IsoDateTimeSchema = z.iso.datetime();
/** Calendar dates in numeric form, `2025-09-02` (OQLF). */
export const IsoDateSchema = z.iso.date();

/** `2025-2026`: two consecutive years. */
export const SchoolYearSchema = z
  .string()
  .regex(/^\d{4}-\d{4}$/)
  .refine((value) => Number(value.slice(5)) === Number(value.slice(0, 4)) + 1, { error: 'invalid_school_year' });

/** Optimistic locking: every update writes version + 1, conditional on the version it read. */
export const VersionSchema = z.number().int().min(1);

/** What every stored directory entity carries besides its own fields. */
export const EntityMetaSchema = z.object({
  id: IdSchema,
  version: VersionSchema,
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  /**
   * The key a CSV import knew the record by (`P001`), when it was not the id itself: re-imports find the record
   * by it, and exports write it back (docs/data-onboarding.md). Kept as is by every update.
   */
  importKey: z.string().min(1).max(64).optional(),
});
export type EntityMeta = z.infer<typeof EntityMetaSchema>;

/** Level codes are short uppercase codes (`K`, `G1` ... `G6`); their labels live in the settings. */
export const LevelCodeSchema = z.string().regex(/^[A-Z0-9-]{1,8}$/);

export const LevelSchema = z.object({
  code: LevelCodeSchema,
  order: z.number().int(),
  label: LocalizedTextSchema,
  /** Used for multi-grade class labels: `1re-2e` / `1-2`. */
  shortLabel: LocalizedTextSchema,
});
export type Level = z.infer<typeof LevelSchema>;
