import { escapeHtml } from '@shared/format/html';
import { renderEmail, type EmailLocale } from './layout';

/**
 * Wording of the account emails Cognito sends through the CustomMessage trigger. French follows OQLF usage:
 * "courriel", a non-breaking space (U+00A0) before a colon, none before "?" (Québec usage).
 */
export interface RenderedEmail {
  subject: string;
  html: string;
}

const NBSP = '\u00a0';

const TEXT = {
  fr: {
    hello: 'Bonjour,',
    footer: "Ce courriel a été envoyé automatiquement par le bottin de l'école. Merci de ne pas y répondre.",
    verify: {
      subject: 'Confirmez votre adresse courriel',
      body: "Pour accéder au bottin de l'école, confirmez que cette adresse courriel vous appartient.",
      button: 'Confirmer mon courriel',
      sameBrowser:
        'Ouvrez le lien dans le navigateur où vous êtes connecté au bottin. Il est valable pendant 24 heures.',
      ignore: "Vous n'avez pas créé de compte? Ignorez simplement ce message.",
    },
    reset: {
      subject: 'Réinitialisation de votre mot de passe',
      body: "Nous avons reçu une demande de réinitialisation du mot de passe de votre compte du bottin de l'école.",
      button: 'Choisir un nouveau mot de passe',
      codeLabel: `Vous pouvez aussi saisir ce code sur la page de connexion${NBSP}:`,
      validity: 'Ce code est valable pendant une heure.',
      ignore: "Vous n'avez rien demandé? Ignorez ce message. Votre mot de passe reste inchangé.",
    },
  },
  en: {
    hello: 'Hello,',
    footer: 'This email was sent automatically by the school directory. Please do not reply.',
    verify: {
      subject: 'Confirm your email address',
      body: 'To access the school directory, confirm that this email address belongs to you.',
      button: 'Confirm my email',
      sameBrowser: 'Open the link in the browser where you are signed in to the directory. It is valid for 24 hours.',
      ignore: 'Did not create an account? You can simply ignore this message.',
    },
    reset: {
      subject: 'Reset your password',
      body: 'We received a request to reset the password of your school directory account.',
      button: 'Choose a new password',
      codeLabel: 'You can also enter this code on the sign-in page:',
      validity: 'This code is valid for one hour.',
      ignore: 'Did not ask for this? Ignore this message. Your password stays the same.',
    },
  },
} as const satisfies Record<EmailLocale, unknown>;

/** Asks the person to prove they own the address; `link` opens the verification page with the code. */
export function verificationEmail(locale: EmailLocale, link: string): RenderedEmail {
  const t = TEXT[locale];
  return {
    subject: t.verify.subject,
    html: renderEmail({
      locale,
      title: t.verify.subject,
      intro: [t.hello, t.verify.body],
      action: { label: t.verify.button, url: link },
      outro: [{ text: t.verify.sameBrowser }, { text: t.verify.ignore }],
      footer: t.footer,
    }),
  };
}

/** Password reset: a link to the reset form, and the code itself for someone who types it in. */
export function passwordResetEmail(locale: EmailLocale, link: string, code: string): RenderedEmail {
  const t = TEXT[locale];
  return {
    subject: t.reset.subject,
    html: renderEmail({
      locale,
      title: t.reset.subject,
      intro: [t.hello, t.reset.body],
      action: { label: t.reset.button, url: link },
      outro: [
        {
          html:
            `${escapeHtml(t.reset.codeLabel)} <strong style="font-size:20px;letter-spacing:2px">` +
            `${escapeHtml(code)}</strong>`,
        },
        { text: t.reset.validity },
        { text: t.reset.ignore },
      ],
      footer: t.footer,
    }),
  };
}
