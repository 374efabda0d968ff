import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import fr from './fr.json';
import { applyDocumentLocale, isLocale, readStoredLocale, storeLocale, type Locale } from './locale';

export const BUNDLED_RESOURCES: Resource = {
  fr: { translation: fr },
  en: { translation: en },
};

/**
 * One configured i18next instance. A missing French string falls back to English, then to the key itself
 * (docs/product-rules.md, "Messages and languages"); `{name}` placeholders follow the product's notation instead of
 * i18next's default `{{name}}`.
 * `resources` is a parameter so tests can prove the fallback order with keys that the real bundles never lack.
 */
export function createI18n(locale: Locale = readStoredLocale(), resources: Resource = BUNDLED_RESOURCES): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: 'en',
    supportedLngs: ['fr', 'en'],
    load: 'languageOnly',
    // Synchronous: the bundles are in memory, and the first render must already be translated.
    initAsync: false,
    // An empty translation is a bug; treat it as missing so the English text shows instead of a blank.
    returnEmptyString: false,
    returnNull: false,
    // React escapes output already.
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    // No promotional console line in every visitor's browser console.
    showSupportNotice: false,
  });
  applyDocumentLocale(locale);
  instance.on('languageChanged', (lng) => {
    if (!isLocale(lng)) return;
    storeLocale(lng);
    applyDocumentLocale(lng);
  });
  return instance;
}

/** The current locale of an instance, narrowed to the two the app supports. */
export function currentLocale(instance: I18n): Locale {
  const lng = instance.resolvedLanguage ?? instance.language;
  return isLocale(lng) ? lng : 'fr';
}
