import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { I18nProviderProps } from '@cloudscape-design/components/i18n';
import { applyDocumentLocale, isLocale, readStoredLocale, storeLocale, type Locale } from './locale';
import { STRING_GROUP_NAMES, mergeStrings, type StringGroup } from './string-groups';
import { deFr } from '@shared/format/french';

interface LocaleStrings {
  app: Record<string, unknown>;
  cloudscape: I18nProviderProps.Messages;
}

/**
 * Each language's strings are a chunk of their own (the first part of fr.json or en.json, string-groups.ts, with
 * Cloudscape's labels), fetched when that language is first needed: the visitor's language before the first render
 * (main.tsx), the other one when they switch. Nobody downloads both languages to read one, nor the administrators'
 * strings to sign in (docs/frontend.md, "First page").
 */
const LOADERS: Record<Locale, () => Promise<{ strings: LocaleStrings }>> = {
  fr: () => import('./strings-fr'),
  en: () => import('./strings-en'),
};
const loaded = new Map<Locale, LocaleStrings>();
let cloudscapeMessages: I18nProviderProps.Messages[] = [];

type GroupStrings = Record<string, unknown>;
/**
 * The groups of strings that only some screens use (string-groups.ts): fetched with those screens' chunks
 * (loadStringGroups), in every language loaded so far, and in any language loaded later.
 */
const GROUP_LOADERS: Record<Locale, Record<StringGroup, () => Promise<{ strings: GroupStrings }>>> = {
  fr: {
    admin: () => import('./strings-admin-fr'),
    account: () => import('./strings-account-fr'),
    directory: () => import('./strings-directory-fr'),
  },
  en: {
    admin: () => import('./strings-admin-en'),
    account: () => import('./strings-account-en'),
    directory: () => import('./strings-directory-en'),
  },
};
const wantedGroups = new Set<StringGroup>();
const loadedGroups = new Map<string, GroupStrings>();
/** The instances createI18n made: a group loaded later is added to each of them. */
const instances = new Set<I18n>();

async function loadGroup(locale: Locale, group: StringGroup): Promise<GroupStrings> {
  const key = `${locale}:${group}`;
  const cached = loadedGroups.get(key);
  if (cached) return cached;
  const { strings } = await GROUP_LOADERS[locale][group]();
  loadedGroups.set(key, strings);
  return strings;
}

/** A language's app strings: its first part and the groups of it loaded so far. */
function appStrings(locale: Locale): GroupStrings | undefined {
  const first = loaded.get(locale)?.app;
  if (!first) return undefined;
  return STRING_GROUP_NAMES.reduce<GroupStrings>((all, group) => {
    const part = loadedGroups.get(`${locale}:${group}`);
    return part ? mergeStrings(all, part) : all;
  }, first);
}

/**
 * Makes groups of strings available before a screen that uses them renders (router.tsx awaits it with the
 * screen's chunk): fetched in each language loaded so far and added to every instance that has that language;
 * a language loaded later brings them too (ensureLocale). Rejects if a group cannot be fetched.
 */
export async function loadStringGroups(groups: readonly StringGroup[]): Promise<void> {
  for (const group of groups) wantedGroups.add(group);
  await Promise.all(
    [...loaded.keys()].flatMap((locale) =>
      groups.map(async (group) => {
        const strings = await loadGroup(locale, group);
        for (const instance of instances) {
          if (instance.hasResourceBundle(locale, 'translation')) {
            instance.addResourceBundle(locale, 'translation', strings, true, false);
          }
        }
      }),
    ),
  );
}

/**
 * Fetches a language's strings once, with the groups screens asked for before it was loaded (a router that
 * started first); later calls resolve at once.
 */
export async function loadLocaleStrings(locale: Locale): Promise<void> {
  if (loaded.has(locale)) return;
  const [{ strings }] = await Promise.all([LOADERS[locale](), ...[...wantedGroups].map((group) => loadGroup(locale, group))]);
  loaded.set(locale, strings);
  cloudscapeMessages = [...[...loaded.values()].map((s) => s.cloudscape), CLOUDSCAPE_WORDING];
}

/**
 * Cloudscape's own labels that do not read as people speak, after its messages (the later source wins): its
 * dialogs' close button said « Fermer le modal » to a screen reader (a trial).
 */
// In the precompiled form of Cloudscape's own messages (a literal's AST): the production build formats only that form,
// and a plain string there made every dialog fail to render (the journeys caught it; jsdom's build parses both).
const literal = (value: string) => [{ type: 0, value }] as unknown as string;
const CLOUDSCAPE_WORDING: I18nProviderProps.Messages = {
  'cloudscape-design-components': {
    fr: { modal: { closeAriaLabel: literal('Fermer la fenêtre') } },
    en: { modal: { closeAriaLabel: literal('Close dialog') } },
  },
};

/** Makes a language's strings available to an instance (fetching them if needed), without switching to it. */
export async function ensureLocale(instance: I18n, locale: Locale): Promise<void> {
  if (instance.hasResourceBundle(locale, 'translation')) return;
  await loadLocaleStrings(locale);
  // The groups the screens opened so far needed, in this language too (a switch on an admin page).
  await Promise.all([...wantedGroups].map((group) => loadGroup(locale, group)));
  const strings = appStrings(locale);
  if (strings) instance.addResourceBundle(locale, 'translation', strings, true, false);
}

/** The languages loaded so far, as i18next resources. */
export function loadedResources(): Resource {
  return Object.fromEntries([...loaded.keys()].map((locale) => [locale, { translation: appStrings(locale) ?? {} }]));
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
  instances.add(instance);
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
  // « {name, de} »: French "de" before a person's name, elided as French writes it (« de Zoé », « d'Hélène »; a
  // trial read « La fiche de Hélène »). shared/format/french.ts deFr.
  instance.services.formatter?.add('de', (value) => deFr(String(value)));
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
    // A language shown for one page (showPageIn) is not the visitor's choice: the device's saved one stays until
    // the visitor picks one.
    if (pageOnly.get(instance.store) !== lng) {
      pageOnly.delete(instance.store);
      storeLocale(lng);
    }
    applyDocumentLocale(lng);
  });
  return instance;
}

/**
 * Per instance, the language it shows for one page only (showPageIn), until another language is picked. Keyed by
 * the instance's store: useTranslation hands out a copy of the instance (a new one at each language change) that
 * shares it.
 */
const pageOnly = new WeakMap<I18n['store'], Locale>();

/**
 * Shows the page in `locale` without saving it as the visitor's choice: an update link's `?lang=`, an address's
 * language (`/aide` or `/help`). On a tablet two parents share, the next link and the app itself open in the device's
 * saved language (or French); only the language switch saves a choice.
 */
export async function showPageIn(instance: I18n, locale: Locale): Promise<void> {
  if (instance.language === locale) return;
  pageOnly.set(instance.store, locale);
  await instance.changeLanguage(locale);
}

/** The current locale of an instance, narrowed to the two the app supports. */
export function currentLocale(instance: I18n): Locale {
  const lng = instance.resolvedLanguage ?? instance.language;
  return isLocale(lng) ? lng : 'fr';
}
