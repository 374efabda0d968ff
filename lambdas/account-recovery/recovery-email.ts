import { renderEmail, type EmailLocale } from '../common/email-templates/layout';
import type { OutgoingEmail } from '../common/mailer';

/**
 * The email with the link that takes over an unconfirmed account, in the language of the page that asked for it.
 * French follows OQLF usage: "courriel", a non-breaking space (U+00A0) before a colon, none before "?".
 */
const NBSP = '\u00a0';

const TEXT = {
  fr: {
    subject: 'Choisissez le mot de passe de votre compte du bottin',
    hello: 'Bonjour,',
    body:
      "Un compte du bottin de l'école a été créé avec cette adresse courriel, mais il n'a jamais été confirmé. " +
      'Si cette adresse est la vôtre, choisissez votre mot de passe avec le lien ci-dessous : le compte sera à vous.',
    button: 'Choisir mon mot de passe',
    linkLabel: `Ou copiez ce lien dans votre navigateur${NBSP}:`,
    validity: "Ce lien est valable pendant une heure et ne sert qu'une fois.",
    ignore: "Vous n'avez rien demandé? Ignorez ce message : rien ne change.",
    footer: "Ce courriel a été envoyé automatiquement par le bottin de l'école. Merci de ne pas y répondre.",
  },
  en: {
    subject: 'Choose the password of your directory account',
    hello: 'Hello,',
    body:
      'A school directory account was created with this email address, but it was never confirmed. If this ' +
      'address is yours, choose your password with the link below: the account becomes yours.',
    button: 'Choose my password',
    linkLabel: 'Or copy this link into your browser:',
    validity: 'This link is valid for one hour and works once.',
    ignore: 'Did not ask for this? Ignore this message: nothing changes.',
    footer: 'This email was sent automatically by the school directory. Please do not reply.',
  },
} as const satisfies Record<EmailLocale, unknown>;

export function recoveryEmail(to: string, locale: EmailLocale, link: string): OutgoingEmail {
  const t = TEXT[locale];
  const html = renderEmail({
    locale,
    title: t.subject,
    intro: [t.hello, t.body],
    action: { label: t.button, url: link },
    outro: [{ text: t.linkLabel }, { text: link }, { text: t.validity }, { text: t.ignore }],
    footer: t.footer,
  });
  const text = [t.hello, '', t.body, '', `${t.linkLabel} ${link}`, '', t.validity, t.ignore, '', t.footer].join('\n');
  return { to, subject: t.subject, html, text };
}
