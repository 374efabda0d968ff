import { describe, expect, it } from 'vitest';
import { decisionEmail } from '../../lambdas/messages/decision-email';
import { MESSAGE_REJECTION_REASON_MAX, MessageDecisionSchema, ReceivedMessageSchema, rejectionReason } from '@shared/contracts/messages-api';
import { classMessage } from '../support/message-fixture';

/**
 * An administrator's decision on a held message (docs/messages.md, "Approval"): the contract both sides check (the
 * refusal's optional reason, its length and characters), and the email its author gets, in their language.
 */
const issues = (input: unknown) => {
  const parsed = MessageDecisionSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}:${issue.code}`);
};

describe('the decision contract', () => {
  it('takes an approval, a refusal, and a refusal with a reason up to the longest', () => {
    expect(issues({ approve: true })).toEqual([]);
    expect(issues({ approve: false })).toEqual([]);
    expect(issues({ approve: false, reason: 'La date tombe pendant la journée pédagogique.\n\tMerci!' })).toEqual([]);
    expect(issues({ approve: false, reason: 'é'.repeat(MESSAGE_REJECTION_REASON_MAX) })).toEqual([]);
  });

  it('refuses a reason too long, a control character, a reason with an approval, and any other field', () => {
    expect(issues({ approve: false, reason: 'x'.repeat(MESSAGE_REJECTION_REASON_MAX + 1) })).toEqual(['reason:too_big']);
    expect(issues({ approve: false, reason: 'Non\u0000' })).toEqual(['reason:custom']);
    expect(issues({ approve: true, reason: 'Bravo' })).toEqual(['reason:custom']);
    expect(issues({ approve: false, note: 'x' })).toEqual([':unrecognized_keys']);
    expect(issues({})).toEqual(['approve:invalid_type']);
  });

  it('stores a reason trimmed, and a blank one as none', () => {
    expect(rejectionReason('  Trop tôt.  ')).toBe('Trop tôt.');
    expect(rejectionReason(' \n ')).toBeUndefined();
    expect(rejectionReason(undefined)).toBeUndefined();
  });

  it('never gives the decision to a recipient', () => {
    const message = classMessage({ status: 'sending', decision: { approved: true, at: '2026-11-30T12:00:00.000Z' } });
    expect('decision' in ReceivedMessageSchema.parse(message)).toBe(false);
  });
});

describe("the decision's email to the author", () => {
  const base = 'https://bottin.example.org';
  const refused = (reason?: string) =>
    classMessage({
      status: 'rejected',
      subject: { fr: 'Sortie', en: 'Trip' },
      decision: { approved: false, at: '2026-11-30T12:00:00.000Z', ...(reason ? { reason } : {}) },
    });

  it('fr, approved: the message to the class is approved and being sent; the Sent tab; no reply expected', () => {
    const email = decisionEmail('rep@example.org', { message: classMessage({ status: 'sending', decision: { approved: true, at: '2026-11-30T12:00:00.000Z' } }), locale: 'fr', baseUrl: base });
    expect(email.to).toBe('rep@example.org');
    expect(email.subject).toBe('Votre message a été approuvé (Classe A)');
    expect(email.text).toContain("Votre message «\u00a0Sortie\u00a0» (destinataires\u00a0: Classe A) a été approuvé par une personne administratrice du bottin. Il est en cours d'envoi.");
    expect(email.text).toContain(`Ouvrir mes messages\u00a0: ${base}/messages?tab=sent`);
    expect(email.text).toContain('Merci de ne pas y répondre.');
    expect(email.html).toContain(`href="${base}/messages?tab=sent"`);
    expect(email).not.toHaveProperty('replyTo');
  });

  it('en, refused with a reason: not approved, the reason as typed (escaped in HTML), and that a new one may be written', () => {
    const email = decisionEmail('rep@example.org', { message: refused('Wrong <date>.\nTry the week after.'), locale: 'en', baseUrl: base });
    expect(email.subject).toBe('Your message was not approved (Class A)');
    expect(email.text).toContain('Your message "Trip" (recipients: Class A) was not approved by a directory administrator: it will not be sent to anyone.');
    expect(email.text).toContain('Reason given:\n\nWrong <date>.\n\nTry the week after.');
    expect(email.text).toContain('You can write a new message on your Messages page.');
    expect(email.html).toContain('Wrong &lt;date&gt;.');
    expect(email.html).not.toContain('<date>');
  });

  it('fr, refused without a reason: says so without a « Motif »', () => {
    const email = decisionEmail('rep@example.org', { message: refused(), locale: 'fr', baseUrl: base });
    expect(email.subject).toBe("Votre message n'a pas été approuvé (Classe A)");
    expect(email.text).toContain("n'a pas été approuvé par une personne administratrice du bottin\u00a0: il ne sera envoyé à personne.");
    expect(email.text).not.toContain('Motif');
    expect(email.text).toContain('Vous pouvez écrire un nouveau message sur votre page Messages.');
  });
});
