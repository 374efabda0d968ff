import { renderEmail, type EmailLocale } from '../common/email-templates/layout';
import type { OutgoingEmail } from '../common/mailer';

/**
 * The notice an administrator gets when the server first sees an authenticator on their account (docs/auth.md
 * "Second factor"), in their language. Whoever added it, the owner hears of it: a stranger who had the password
 * cannot enrol their own app unnoticed. French: a non-breaking space (U+00A0) before a colon, none before "?".
 */
const NBSP = '\u00a0';

const TEXT = {
  fr: {
    subject: "Une application d'authentification a été associée à votre compte",
    hello: 'Bonjour,',
    body:
      "Une application d'authentification vient d'être associée à votre compte administrateur du bottin de " +
      `l'école. Toutes les sessions ouvertes ont été fermées${NBSP}: connectez-vous de nouveau avec le code de ` +
      "l'application.",
    you: "C'est vous? Vous n'avez rien d'autre à faire.",
    notYou:
      "Ce n'est pas vous? Quelqu'un connaît votre mot de passe. Écrivez sans tarder à l'autre personne " +
      "administratrice ou au comité de parents pour faire retirer cette application, puis changez votre mot de passe.",
    footer: "Ce courriel a été envoyé automatiquement par le bottin de l'école. Merci de ne pas y répondre.",
  },
  en: {
    subject: 'An authenticator app was linked to your account',
    hello: 'Hello,',
    body:
      'An authenticator app was just linked to your school directory administrator account. Every open session ' +
      'was closed: sign in again with the code from the app.',
    you: 'Was it you? There is nothing else to do.',
    notYou:
      'Not you? Someone knows your password. Write at once to the other administrator or to the parent ' +
      'committee to have this app removed, then change your password.',
    footer: 'This email was sent automatically by the school directory. Please do not reply.',
  },
} as const satisfies Record<EmailLocale, unknown>;

export function mfaAddedEmail(to: string, locale: EmailLocale): OutgoingEmail {
  const t = TEXT[locale];
  const body = t.body;
  const html = renderEmail({
    locale,
    title: t.subject,
    intro: [t.hello, body],
    outro: [{ text: t.you }, { text: t.notYou }],
    footer: t.footer,
  });
  const text = [t.hello, '', body, '', t.you, t.notYou, '', t.footer].join('\n');
  return { to, subject: t.subject, html, text };
}
