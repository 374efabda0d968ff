import type { Message } from '@shared/contracts/messages-api';
import { renderEmail, type EmailLocale } from '../common/email-templates/layout';
import type { OutgoingEmail } from '../common/mailer';

/**
 * The email that tells a held message's author what an administrator decided (docs/messages.md, "Approval"), in the
 * author's language: approved and being sent, or not approved, with the reason when one was given, and that they may
 * write another. Plain and short; it takes no reply (the app has no way to answer it) and promises none. French
 * follows OQLF usage: a non-breaking space (U+00A0) before a colon and inside « guillemets ».
 */
const NBSP = '\u00a0';

export interface DecisionEmailInput {
  message: Message;
  /** The author's own language (their record's preferred language). */
  locale: EmailLocale;
  baseUrl: string;
}

const TEXT = {
  fr: {
    approvedSubject: (to: string) => `Votre message a été approuvé (${to})`,
    rejectedSubject: (to: string) => `Votre message n'a pas été approuvé (${to})`,
    hello: (name: string) => `Bonjour ${name},`,
    approved: (subject: string, to: string) =>
      `Votre message «${NBSP}${subject}${NBSP}» (destinataires${NBSP}: ${to}) a été approuvé par une personne administratrice du bottin. Il est en cours d'envoi.`,
    follow: `Vous pouvez suivre l'envoi sur votre page Messages, onglet «${NBSP}Envoyés${NBSP}».`,
    rejected: (subject: string, to: string) =>
      `Votre message «${NBSP}${subject}${NBSP}» (destinataires${NBSP}: ${to}) n'a pas été approuvé par une personne administratrice du bottin${NBSP}: il ne sera envoyé à personne.`,
    reason: `Motif donné${NBSP}:`,
    writeAgain:
      'Vous pouvez écrire un nouveau message sur votre page Messages. Un message refusé ne compte pas dans votre limite de la semaine.',
    button: 'Ouvrir mes messages',
    footer: "Ce courriel a été envoyé automatiquement par le bottin de l'école. Merci de ne pas y répondre.",
  },
  en: {
    approvedSubject: (to: string) => `Your message was approved (${to})`,
    rejectedSubject: (to: string) => `Your message was not approved (${to})`,
    hello: (name: string) => `Hello ${name},`,
    approved: (subject: string, to: string) =>
      `Your message "${subject}" (recipients: ${to}) was approved by a directory administrator. It is being sent.`,
    follow: 'You can follow its sending on your Messages page, "Sent" tab.',
    rejected: (subject: string, to: string) =>
      `Your message "${subject}" (recipients: ${to}) was not approved by a directory administrator: it will not be sent to anyone.`,
    reason: 'Reason given:',
    writeAgain: 'You can write a new message on your Messages page. A message that was not approved does not count toward your weekly limit.',
    button: 'Open my messages',
    footer: 'This email was sent automatically by the school directory. Please do not reply.',
  },
} as const satisfies Record<EmailLocale, unknown>;

/** The message's subject in the author's language when they wrote it, else the one they wrote it in. */
const subjectIn = (message: Message, locale: EmailLocale) => message.subject[locale] ?? message.subject.fr ?? message.subject.en ?? '';

/** The decision's email to the message's author (`to` is their address). */
export function decisionEmail(to: string, input: DecisionEmailInput): OutgoingEmail {
  const { message, locale } = input;
  const t = TEXT[locale];
  const audience = message.audienceLabel[locale];
  const subject = subjectIn(message, locale);
  const approved = message.decision?.approved === true;
  const reason = approved ? undefined : message.decision?.reason;
  const title = approved ? t.approvedSubject(audience) : t.rejectedSubject(audience);
  // The reason as the administrator typed it, a paragraph per line, escaped like every other text.
  const reasonLines = reason ? [t.reason, ...reason.split(/\r?\n/).map((line) => line.trim()).filter(Boolean)] : [];
  const paragraphs = [
    t.hello(message.author.name),
    approved ? t.approved(subject, audience) : t.rejected(subject, audience),
    ...reasonLines,
    approved ? t.follow : t.writeAgain,
  ];
  // The author's Messages page, on its « Envoyés » tab (frontend/src/features/messages/pages/messages-page.tsx).
  const url = `${input.baseUrl.replace(/\/+$/, '')}/messages?tab=sent`;
  const html = renderEmail({ locale, title, intro: paragraphs, action: { label: t.button, url }, outro: [], footer: t.footer });
  const text = [...paragraphs, `${t.button}${locale === 'fr' ? NBSP : ''}: ${url}`, '--', t.footer].join('\n\n');
  return { to, subject: title, html, text };
}
