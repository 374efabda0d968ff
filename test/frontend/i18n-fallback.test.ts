// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { LOCALE_STORAGE_KEY } from '../../frontend/src/i18n/locale';

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.lang = '';
});

// Keys chosen so that French lacks one the English bundle has; the real bundles never differ (i18n-keys test).
const resources = {
  fr: { translation: { greeting: 'Bonjour {name}', onlyFrench: 'Seulement en français', blank: '' } },
  en: { translation: { greeting: 'Hello {name}', onlyEnglish: 'Only in English', blank: 'Blank in French' } },
};

describe('i18n (docs/product-rules.md: missing translation, locale)', () => {
  it('starts in French when nothing is stored, and marks <html lang="fr">', () => {
    const i18n = createI18n(undefined, resources);
    expect(i18n.t('onlyFrench')).toBe('Seulement en français');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('falls back from a missing French key to English, then to the key itself', () => {
    const i18n = createI18n('fr', resources);
    expect(i18n.t('onlyEnglish')).toBe('Only in English');
    expect(i18n.t('nowhere.at.all')).toBe('nowhere.at.all');
  });

  it('treats an empty French string as missing and shows the English text', () => {
    expect(createI18n('fr', resources).t('blank')).toBe('Blank in French');
  });

  it('substitutes {name} placeholders', () => {
    expect(createI18n('fr', resources).t('greeting', { name: 'Zoé' })).toBe('Bonjour Zoé');
    expect(createI18n('en', resources).t('greeting', { name: 'Zoé' })).toBe('Hello Zoé');
  });

  it('keeps the chosen locale in localStorage and on <html lang>, and starts with it next time', async () => {
    const i18n = createI18n('fr', resources);
    await i18n.changeLanguage('en');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');

    expect(createI18n(undefined, resources).t('greeting', { name: 'Léa' })).toBe('Hello Léa');
  });

  it('ignores a stored value that is not a supported locale', () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'de');
    expect(createI18n(undefined, resources).language).toBe('fr');
  });

  it('the real bundles translate the app name in both languages', () => {
    expect(createI18n('fr').t('app.name')).toBe("Bottin de l'école");
    expect(createI18n('en').t('app.name')).toBe('School directory');
  });
});
