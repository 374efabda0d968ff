import { describe, expect, it } from 'vitest';
import { messageEmail } from '../../lambdas/messages/message-email';
import type { Message } from '@shared/contracts/messages-api';
import { classMessage } from '../support/message-fixture';

/**
 * A message's email footer when the author shared no reply address (docs/messages.md, "The email"): the app has no
 * way to answer a message, so the email says it takes no reply and where the author's entry is (a new user's trial:
 * it said « écrivez à l'auteur dans le bottin » and linked to /messages, where nobody can write to one person).
 */
const message = (personType: 'PARENT' | 'STAFF', replyTo?: string): Message =>
  classMessage({ author: { ...classMessage().author, personType }, subject: { fr: 'Sortie', en: 'Trip' }, body: { fr: 'Bonjour', en: 'Hello' }, ...(replyTo ? { replyTo } : {}) });

const email = (m: Message, language: 'fr' | 'en') =>
  messageEmail({ message: m, language, schoolName: 'École des Érables', baseUrl: 'https://bottin.example.org', unsubscribeToken: 't' });

describe('a message email without a reply address', () => {
  it.each([
    ['fr', 'PARENT', "Ce courriel ne reçoit pas de réponse. Les coordonnées de l'auteur, si elles sont partagées, sont dans le bottin\u00a0: https://bottin.example.org/parents?q=Genevi%C3%A8ve%20Thibault"],
    ['en', 'PARENT', "This email does not take replies. The author's contact details, if shared, are in the directory: https://bottin.example.org/parents?q=Genevi%C3%A8ve%20Thibault"],
    ['fr', 'STAFF', "Ce courriel ne reçoit pas de réponse. Les coordonnées de l'auteur, si elles sont partagées, sont dans le bottin\u00a0: https://bottin.example.org/staff?q=Genevi%C3%A8ve%20Thibault"],
  ] as const)('%s (%s author): says it takes no reply and links to the author\'s entry (the list searched on their name)', (language, personType, line) => {
    const { text, replyTo } = email(message(personType), language);
    expect(text.split('\n')).toContain(line);
    expect(text).not.toContain('/messages');
    expect(replyTo).toBeUndefined();
  });

  it('with a reply address: replies go to it', () => {
    const { text, replyTo } = email(message('PARENT', 'genevieve@example.org'), 'fr');
    expect(text).toContain('Pour répondre, écrivez à genevieve@example.org.');
    expect(replyTo).toBe('genevieve@example.org');
  });
});

describe('a message written in one language', () => {
  it.each([
    ['fr', 'Pour ne plus recevoir ce type de message\u00a0: https://bottin.example.org/unsubscribe?token=t&lang=fr&kind=class', 'Destinataires\u00a0: '],
    ['en', 'To stop receiving this kind of message: https://bottin.example.org/unsubscribe?token=t&lang=en&kind=class', 'To: '],
  ] as const)('reaches a %s reader with its own text and the app\'s words in the reader\'s language', (language, stop, to) => {
    const written = language === 'fr' ? { subject: { en: 'Trip' }, body: { en: 'Hello all' } } : { subject: { fr: 'Sortie' }, body: { fr: 'Bonjour à tous' } };
    const { subject, text, html } = email(classMessage(written), language);
    const other = language === 'fr' ? 'en' : 'fr';
    expect(subject).toBe(written.subject[other as keyof typeof written.subject]);
    expect(text).toContain(written.body[other as keyof typeof written.body]);
    expect(text.split('\n')).toContain(stop);
    expect(text.split('\n')[0]).toContain(to);
    // The author's text is marked in its own language for screen readers.
    expect(html).toContain(`<p lang="${other}" style="white-space:pre-wrap">${written.body[other as keyof typeof written.body]}</p>`);
    // The document itself is in the reader's language.
    expect(html).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${language}">`));
  });
});
