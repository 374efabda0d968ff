import type { TFunction } from 'i18next';
import type { Language } from '@shared/schemas/common';

/** Made once per language: building an Intl.NumberFormat costs far more than formatting with it. */
const FORMATS: Record<Language, Intl.NumberFormat> = {
  fr: new Intl.NumberFormat('fr-CA'),
  en: new Intl.NumberFormat('en-CA'),
};

/** A whole number as the reader's language writes it: « 1 000 » (a no-break space between thousands), "1,000". */
export const formatCount = (value: number, lang: Language): string => FORMATS[lang].format(value);

const DECIMALS: Record<Language, Intl.NumberFormat> = {
  fr: new Intl.NumberFormat('fr-CA', { maximumFractionDigits: 1 }),
  en: new Intl.NumberFormat('en-CA', { maximumFractionDigits: 1 }),
};

/** A number to one decimal at most, as the reader's language writes it: « 1 234,5 », "1,234.5". */
export const formatDecimal = (value: number, lang: Language): string => DECIMALS[lang].format(value);

/**
 * A text field's count as the person types, « 12/1 000 » or "12/1,000": the limit is seen before a save refuses it
 * (the update form's skills, the privacy request's details, the staff note).
 */
export const characterCount = (length: number, max: number, lang: Language): string =>
  `${formatCount(length, lang)}/${formatCount(max, lang)}`;

/**
 * A text field's characters left, in the reader's language and plural: « 4 990 caractères restants », « 1 caractère
 * restant ». `key` names a `_one`/`_other` pair whose text takes `{left}` (a message's subject and body, a refusal's
 * reason, a note to a neighbour). Past the limit (a text is kept whole, lib/text-limit.ts): « 214 caractères de trop ».
 */
export const charactersLeft = (t: TFunction, key: string, left: number, lang: Language): string =>
  left < 0 ? t('common.charactersOver', { count: -left, over: formatCount(-left, lang) }) : t(key, { count: left, left: formatCount(left, lang) });
