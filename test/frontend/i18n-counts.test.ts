// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../frontend/src/i18n/en.json';
import fr from '../../frontend/src/i18n/fr.json';
import { createI18n } from '../../frontend/src/i18n/i18n';

/**
 * Counts that can be 1 agree with their number in both languages (a new user saw "1 envoyés" and "1 résultats"):
 * either a plural pair (_one/_other) or a wording where the number follows its label ("envoyés 1").
 */
const resources = { fr: { translation: fr }, en: { translation: en } };

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.lang = '';
});

describe('messages with a count of one', () => {
  it('say one result, one letter, and sent or imported counts without a plural word after the number', () => {
    const French = createI18n('fr', resources);
    const English = createI18n('en', resources);
    expect(French.t('annualUpdateAdmin.table.matches', { count: 1 })).toBe('1 résultat');
    expect(French.t('annualUpdateAdmin.table.matches', { count: 3 })).toBe('3 résultats');
    expect(English.t('annualUpdateAdmin.table.matches', { count: 1 })).toBe('1 match');
    expect(French.t('annualUpdate.letters.saved', { count: 1, file: 'l.pdf' })).toMatch(/^Lettre téléchargée\u00a0: 1 lettre dans l\.pdf\./);
    expect(English.t('annualUpdate.letters.saved', { count: 1, file: 'l.pdf' })).toMatch(/^Letter downloaded: 1 letter in l\.pdf\./);
    const one = { sent: 1, failed: 1, skipped: 1, total: 1, created: 1, updated: 1, linksAdded: 1, linksRemoved: 1, seats: 1, emails: 1, done: 1 };
    const keys = ['annualUpdateAdmin.messages.sent', 'annualUpdateAdmin.send.progressInfo', 'adminData.import.done', 'adminData.report.related', 'progression.applying.info'];
    for (const key of keys) {
      const text = French.t(key, one);
      expect(text, key).not.toBe(key);
      expect(text, key).not.toMatch(/\b1 [a-zéèêàç-]+s\b/);
    }
  });
});
