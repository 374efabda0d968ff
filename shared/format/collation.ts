/**
 * The orders names and codes are sorted in, one Intl.Collator each, made once. `a.localeCompare(b, 'fr', options)`
 * builds a collator at every call (V8 keeps one only for a bare locale): sorting 2,000 names took 166 ms with
 * `{ sensitivity: 'base' }` and 18 ms with `'fr'` alone, against 2 ms through one collator (Node 20). The campaign's
 * participants (420 to 2,000 parents) were sorted that way at every read of its screen.
 */
import type { Language } from '../schemas/common';

/** A comparison through one collator, made at its first use (a function that never sorts builds none). */
function collation(locale: string, options: Intl.CollatorOptions = {}): (a: string, b: string) => number {
  let compare: ((a: string, b: string) => number) | undefined;
  return (a, b) => (compare ??= new Intl.Collator(locale, options).compare)(a, b);
}

/** French order: `É` with `E`, then accents break ties (`localeCompare(b, 'fr')`). */
export const frenchCompare = collation('fr');

/** French order with numbers by value: `B2` before `B10` (class codes). */
export const frenchNumericCompare = collation('fr', { numeric: true });

/** French order ignoring case and accents: `dubé` and `Dube` are equal (a tie left to the next key). */
export const frenchBaseCompare = collation('fr', { sensitivity: 'base' });

/**
 * French order ignoring case and accents, with numbers by value: how the directory's screens list names and classes
 * (Côté with Cote, Classe 9 before Classe 10; the names are French in both languages).
 */
export const frenchListCompare = collation('fr', { sensitivity: 'base', numeric: true });

/** The order of a reader's language (committee names in English for an English reader). */
const byLanguage: Record<Language, (a: string, b: string) => number> = { fr: frenchCompare, en: collation('en') };
export const languageCompare = (lang: Language): ((a: string, b: string) => number) => byLanguage[lang];
