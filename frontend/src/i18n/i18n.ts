import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { I18nProviderProps } from '@cloudscape-design/components/i18n';
import { applyDocumentLocale, isLocale, readStoredLocale, storeLocale, type Locale } from './locale';

interface LocaleStrings {
  app: Record<string, unknown>;
  cloudscape: I18nProviderProps.Messages;
}

/**
 * Each language's strings are a chunk of their own (fr.json or en.json with Cloudscape's labels), fetched when
 * that language is first needed: the visitor's language before the first render (main.tsx), the other one when
 * they switch. Nobody downloads both languages to read one (docs/frontend.md, "First page").
 */
const LOADERS: Record<Locale, () => Promise<{ strings: LocaleStrings }>> = {
  fr: () => import('./strings-fr'),
  en: () => import('./strings-en'),
};
const loaded = new Map<Locale, LocaleStrings>();
let cloudscapeMessages: I18nProviderProps.Messages[] = [];

/** Fetches a language's strings once; later calls resolve at once. */
export async function loadLocaleStrings(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return;
  const { strings } = await LOADERS[locale]();
  loaded.set(locale, strings);
  cloudscapeMessages = [...loaded.values()].map((s) => s.cloudscape);
}

/** Makes a language's strings available to an instance (fetching them if needed), without switching to it. */
export async function ensureLocale(instance: I18n, locale: Locale): Promise<void> {
  if (instance.hasResourceBundle(locale, 'translation')) return;
  await loadLocaleStrings(locale);
  const strings = loaded.get(locale)?.app;
  if (strings) instance.addResourceBundle(locale, 'translation', strings);
}

/** The languages loaded so far, as i18next resources. */
export function loadedResources(): Resource {
  return Object.fromEntries([...loaded].map(([locale, strings]) => [locale, { translation: strings.app }]));
}

/** Cloudscape's labels of the languages loaded so far (its I18nProvider picks the current one). */
export function loadedCloudscapeMessages(): I18nProviderProps.Messages[] {
  return cloudscapeMessages;
}

/**
 * One configured i18next instance. A missing French string falls back to English, then to the key itself
 * (docs/product-rules.md, "Messages and languages"). Only the visitor's language is fetched at start, so the
 * English fallback applies once English is loaded; test/frontend/i18n-keys.test.ts keeps both files complete, so
 * it stays a safety net. `{name}` placeholders follow the product's notation instead of
 * i18next's default `{{name}}`.
 * `resources` defaults to the languages loaded so far (loadLocaleStrings); tests pass their own to prove the
 * fallback order with keys that the real bundles never lack.
 */
export function createI18n(locale: Locale = readStoredLocale(), resources: Resource = loadedResources()): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: locale,
    fallbackLng: 'en',
    supportedLngs: ['fr', 'en'],
    load: 'languageOnly',
    // Synchronous: the visitor's language is in memory (main.tsx loads it first), and the first render must
    // already be translated.
    initAsync: false,
    // An empty translation is a bug; treat it as missing so the English text shows instead of a blank.
    returnEmptyString: false,
    returnNull: false,
    // React escapes output already.
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    // No promotional console line in every visitor's browser console.
    showSupportNotice: false,
  });
  // A language whose strings are not loaded yet is fetched first, then switched to: every caller of
  // changeLanguage (the header's switch, an update link's `?lang=`) gets a translated screen, never bare keys.
  const changeLanguage = instance.changeLanguage.bind(instance);
  instance.changeLanguage = async (lng, callback) => {
    if (isLocale(lng)) await ensureLocale(instance, lng);
    return changeLanguage(lng, callback);
  };
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
