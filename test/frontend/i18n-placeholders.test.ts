// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../frontend/src/i18n/en.json';
import fr from '../../frontend/src/i18n/fr.json';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { charactersLeft } from '../../frontend/src/lib/number-format';
import { countsText } from '../../frontend/src/features/messages/model/counts-text';

/**
 * The app's interpolation is single-brace (`{count}`, frontend/src/i18n/i18n.ts): a string written with i18next's
 * default `{{count}}` shows its braces to the reader (the Messages page said « Reçus ({{count}} non lus) » and home
 * « Vous avez {{count}} messages non lus. »).
 */
const resources = { fr: { translation: fr }, en: { translation: en } };

function strings(tree: unknown, path = ''): [string, string][] {
  if (typeof tree === 'string') return [[path, tree]];
  if (tree && typeof tree === 'object') return Object.entries(tree).flatMap(([key, value]) => strings(value, path ? `${path}.${key}` : key));
  return [];
}

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.lang = '';
});

describe('placeholders', () => {
  it('are single-brace in every French and English string', () => {
    for (const catalogue of [fr, en]) {
      expect(strings(catalogue).filter(([, text]) => text.includes('{{')).map(([key]) => key)).toEqual([]);
    }
  });

  it('show their values on the Messages page and the home line', () => {
    const French = createI18n('fr', resources);
    const English = createI18n('en', resources);
    expect(French.t('messages.receivedUnread', { count: 2 })).toBe('Reçus (2 non lus)');
    expect(English.t('messages.receivedUnread', { count: 2 })).toBe('Received (2 unread)');
    expect(French.t('directory.home.unreadMessages', { count: 3 })).toBe('Vous avez 3 messages non lus.');
    expect(English.t('directory.home.unreadMessages', { count: 3 })).toBe('You have 3 unread messages.');
    expect(French.t('messages.compose.counts', { count: 4, sent: 1, skipped: 3, recipients: 4 })).toBe('4 destinataires\u00a0: 1 par courriel, 3 dans le bottin seulement');
    expect(English.t('messages.compose.recipientsOnly', { count: 1, recipients: 1 })).toBe('1 recipient');
    // A refused message: those it was meant for, and that nothing went.
    const rejected = (t: typeof French.t) => countsText(t, { status: 'rejected', counts: { recipients: 24, pending: 24, sent: 0, skipped: 0, failed: 0 } }, 'fr');
    expect(rejected(French.t)).toBe("24 destinataires visés, rien n'est parti");
    expect(rejected(English.t)).toBe('24 recipients intended, nothing sent');
    expect(French.t('messages.receivedUnread', { count: 1 })).toBe('Reçus (1 non lu)');
    // A message's characters left, in the page's language (« 5000 caractères restants » once).
    expect(charactersLeft(French.t, 'messages.compose.left', 4990, 'fr')).toBe('4\u00a0990 caractères restants');
    expect(charactersLeft(French.t, 'messages.compose.left', 1, 'fr')).toBe('1 caractère restant');
    expect(charactersLeft(English.t, 'messages.compose.left', 4990, 'en')).toBe('4,990 characters left');
    expect(French.t('messages.compose.result.sent', { sent: 1, skipped: 1 })).toBe('Message envoyé. Courriels\u00a0: 1; à lire dans le bottin seulement\u00a0: 1.');
  });

  // A trial read « La fiche de Hélène … est créée ».
  it('elide French "de" before a name that starts with a vowel or a mute h, and leave English as it is', () => {
    const French = createI18n('fr', resources);
    expect(French.t('adminData.form.created', { name: 'Hélène Roy' })).toBe("La fiche d'Hélène Roy est créée.");
    expect(French.t('adminData.form.created', { name: 'Zoé Roy' })).toBe('La fiche de Zoé Roy est créée.');
    expect(French.t('adminRoles.ended', { name: 'Anatole Roy' })).toBe("Le rôle d'Anatole Roy est terminé.");
    const English = createI18n('en', resources);
    expect(English.t('adminData.form.created', { name: 'Hélène Roy' })).toBe("Hélène Roy's record is created.");
  });
});
