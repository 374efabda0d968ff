/**
 * The locale preference: 'fr' (default) or 'en', kept in localStorage under `locale` (docs/product-rules.md) and mirrored
 * on `<html lang>` so screen readers, hyphenation and spell-checkers use the right language.
 */
export const LOCALES = ['fr', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fr';
export const LOCALE_STORAGE_KEY = 'locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Storage can throw (private mode, disabled cookies): the app must still start, in French. */
export function readStoredLocale(): Locale {
  try {
    const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** Whether the visitor has chosen a language on this device (the selector stores the choice). */
export function hasStoredLocale(): boolean {
  try {
    return isLocale(window.localStorage.getItem(LOCALE_STORAGE_KEY));
  } catch {
    return false;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not persisted this time; the choice still applies to the current page.
  }
}

/** One web app manifest per language (a manifest has one language): installing follows the page's language. */
export function manifestHref(locale: Locale): string {
  return `/manifest.${locale}.webmanifest`;
}

export function applyDocumentLocale(locale: Locale): void {
  document.documentElement.lang = locale;
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestHref(locale));
}
