import { describe, expect, it } from 'vitest';
import { answerEmail, receiptEmail } from '../../lambdas/privacy/request-email';
import { PRIVACY_REQUEST_TRANSITIONS, privacyRequestDueAt } from '@shared/contracts/privacy-requests-api';

/** The privacy request emails and rules (docs/privacy.md), without the stack. */
const base = {
  name: 'Nadia Tremblay',
  kind: 'deletion' as const,
  reference: 'ABCD1234',
  schoolName: 'École des Érables',
  receivedAt: new Date('2031-01-31T23:30:00.000Z'),
  dueAt: privacyRequestDueAt(new Date('2031-01-31T23:30:00.000Z')),
};

describe('privacy request emails', () => {
  it('date the receipt in the school’s time zone, due 30 days later, in French with a non-breaking space before colons', () => {
    const email = receiptEmail({ ...base, locale: 'fr' });
    // 23:30 UTC on January 31 is still January 31 in Québec; 30 days later is March 2.
    // Dates in sentences are long (« le 31 janvier 2031 »), never numeric.
    expect(email.text).toContain('le 31 janvier 2031, votre demande de suppression de vos renseignements');
    expect(email.text).toContain('au plus tard le 2 mars 2031');
    expect(email.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(email.text).toContain('Référence de la demande\u00a0: ABCD1234');
    expect(email.html).toContain('lang="fr"');
    expect(email.subject).toContain('ABCD1234');
  });

  it('carry the administrator’s answer as text: its paragraphs kept, its markup escaped', () => {
    const email = answerEmail({ ...base, locale: 'en', answer: 'First part.\n\n<script>alert(1)</script>' });
    expect(email.text).toContain('First part.\n\n<script>alert(1)</script>');
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email.html).toContain('lang="en"');
    expect(email.text).toContain("Commission d'accès à l'information");
  });
});

describe('where to write about a request (the emails take no reply)', () => {
  it.each([
    ['fr', 'Pour toute question sur votre demande, écrivez à secretariat@ecole.example en indiquant cette référence.'],
    ['en', 'For any question about your request, write to secretariat@ecole.example, quoting this reference.'],
  ] as const)('%s: the school’s address in the receipt and the answer, when it has one', (locale, line) => {
    const withContact = { ...base, locale, contactEmail: 'secretariat@ecole.example' };
    expect(receiptEmail(withContact).text).toContain(line);
    expect(answerEmail({ ...withContact, answer: 'Voici.' }).text).toContain(line);
    expect(receiptEmail({ ...base, locale }).text).not.toContain('secretariat@');
  });
});

describe('each request kind named in a sentence of its language', () => {
  // French elides "de" before a vowel ("d’accès", never "de accès"); a complaint is "votre plainte" (not "une
  // demande de plainte"). Both emails name the request the same way.
  const phrases = {
    fr: {
      access: "votre demande d'accès à vos renseignements",
      correction: 'votre demande de correction de vos renseignements',
      deletion: 'votre demande de suppression de vos renseignements',
      withdrawal: 'votre demande de retrait du bottin',
      complaint: 'votre plainte',
    },
    en: {
      access: 'your request for access to your information',
      correction: 'your request for correction of your information',
      deletion: 'your request for deletion of your information',
      withdrawal: 'your request for withdrawal from the directory',
      complaint: 'your complaint',
    },
  } as const;

  for (const locale of ['fr', 'en'] as const) {
    for (const [kind, phrase] of Object.entries(phrases[locale])) {
      it(`${locale}: ${kind}`, () => {
        const input = { ...base, locale, kind: kind as keyof (typeof phrases)['fr'] };
        const receipt = receiptEmail(input).text;
        const answer = answerEmail({ ...input, answer: 'Réponse.' }).text;
        if (locale === 'fr') {
          expect(receipt).toContain(`Le comité de parents de l'École des Érables a bien reçu, le 31 janvier 2031, ${phrase}.`);
          expect(answer).toContain(`Voici la réponse à ${phrase} reçue le 31 janvier 2031\u00a0:`);
        } else {
          expect(receipt).toContain(`The parent committee of École des Érables received ${phrase} on January 31, 2031.`);
          expect(answer).toContain(`Here is the answer to ${phrase} received on January 31, 2031:`);
        }
        expect(`${receipt}\n${answer}`).not.toMatch(/\bde [aeiouéèêàâîôûh]/i);
      });
    }
  }
});

describe('privacy request rules', () => {
  it('never let a request go back, and freeze it once closed', () => {
    expect(PRIVACY_REQUEST_TRANSITIONS.answered).not.toContain('received');
    expect(PRIVACY_REQUEST_TRANSITIONS.answered).not.toContain('inProgress');
    expect(PRIVACY_REQUEST_TRANSITIONS.closed).toEqual([]);
  });
});
