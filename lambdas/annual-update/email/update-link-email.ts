import { ofSchoolFr } from '@shared/format/french';
import { escapeHtml } from '@shared/format/html';
import { formatLongDate } from '@shared/format/long-date';
import { formatPhone } from '@shared/format/phone';
import { renderEmail, type EmailLocale } from '../../common/email-templates/layout';

/**
 * The annual-update email with the parent's personal link, in the parent's language (French by default).
 * French follows OQLF usage: "courriel", a non-breaking space (U+00A0) before a colon, none before "?", dates
 * written long in sentences (« le 15 octobre 2025 », "October 15, 2025": shared/format/long-date.ts).
 */
export type UpdateEmailKind = 'invitation' | 'reminder';

/** Whose form the link opens: a parent's (the default) or a staff member's (docs/annual-update.md, "Staff"). */
export type UpdateEmailAudience = 'parent' | 'staff';

export interface UpdateEmailInput {
  locale: EmailLocale;
  kind: UpdateEmailKind;
  /** Says what that form lets the recipient choose; a parent's when absent. */
  audience?: UpdateEmailAudience;
  firstName: string;
  schoolName: string;
  schoolYear: string;
  link: string;
  /** Answer-by date (`2025-10-15`), when the campaign has one. */
  deadline?: string;
  /** Last day the link works (`2025-10-20`). */
  linkExpiresOn: string;
  contact: { email?: string; phone?: string };
}

export interface RenderedUpdateEmail {
  subject: string;
  html: string;
  text: string;
}

const NBSP = '\u00a0';

const TEXT = {
  fr: {
    subject: {
      invitation: (school: string) => `Mise à jour annuelle de vos renseignements – ${school}`,
      reminder: (school: string) => `Rappel${NBSP}: mise à jour de vos renseignements – ${school}`,
    },
    title: {
      invitation: 'Mise à jour annuelle de vos renseignements',
      reminder: 'Rappel – mise à jour de vos renseignements',
    },
    hello: (name: string) => `Bonjour ${name},`,
    body: {
      invitation: (school: string, year: string) =>
        `Le comité de parents ${ofSchoolFr(school)} vous invite à vérifier et à mettre à jour vos renseignements ` +
        `dans le bottin de l'école pour l'année scolaire ${year}.`,
      reminder: (school: string, year: string) =>
        `Nous n'avons pas encore reçu la mise à jour de vos renseignements pour le bottin ${ofSchoolFr(school)} ` +
        `(année scolaire ${year}). Il suffit de quelques minutes.`,
    },
    // A staff member is not invited by the parent committee: the school asks them to check their entry.
    staffInvitation: (school: string, year: string) =>
      `Dans le cadre de la mise à jour annuelle du bottin ${ofSchoolFr(school)} pour l'année scolaire ${year}, ` +
      "l'école vous invite à vérifier votre fiche de membre du personnel.",
    choice: {
      parent:
        'Vous pouvez aussi choisir ce qui paraît dans le bottin (coordonnées complètes, coordonnées de base ou nom ' +
        'seulement).',
      // What the staff form offers (shared/rules/staff-form.ts): title, department, extension, email shown or not.
      staff:
        'Vous pourrez y vérifier votre titre, votre service et votre poste téléphonique, et choisir si votre ' +
        'courriel paraît dans le bottin.',
    },
    button: 'Mettre à jour mes renseignements',
    deadline: (date: string) => `Merci de répondre au plus tard le ${date}.`,
    validity: (date: string) =>
      `Ce lien est personnel et valable jusqu'au ${date}. Ne le transférez pas${NBSP}: il donne accès à vos ` +
      'renseignements.',
    contact: `Des questions? Communiquez avec le secrétariat de l'école${NBSP}:`,
    contactFallback: "Des questions? Communiquez avec le secrétariat de l'école.",
    linkLabel: `Lien${NBSP}:`,
    emailLabel: `Courriel${NBSP}:`,
    phoneLabel: `Téléphone${NBSP}:`,
    footer: "Ce courriel a été envoyé automatiquement par le bottin de l'école. Merci de ne pas y répondre.",
  },
  en: {
    subject: {
      invitation: (school: string) => `Annual update of your information – ${school}`,
      reminder: (school: string) => `Reminder: update your information – ${school}`,
    },
    title: { invitation: 'Annual update of your information', reminder: 'Reminder – update your information' },
    hello: (name: string) => `Hello ${name},`,
    body: {
      invitation: (school: string, year: string) =>
        `The parent committee of ${school} invites you to check and update your information in the school ` +
        `directory for the ${year} school year.`,
      reminder: (school: string, year: string) =>
        `We have not yet received the update of your information for the ${school} directory (${year} school ` +
        'year). It only takes a few minutes.',
    },
    staffInvitation: (school: string, year: string) =>
      `As part of the annual update of the ${school} directory for the ${year} school year, the school invites you ` +
      'to check your staff entry.',
    choice: {
      parent: 'You can also choose what the directory shows (full contact details, basic contact, or name only).',
      staff:
        'There you can check your title, department and phone extension, and choose whether the directory shows ' +
        'your email.',
    },
    button: 'Update my information',
    deadline: (date: string) => `Please answer by ${date}.`,
    validity: (date: string) =>
      `This link is personal and valid until ${date}. Do not forward it: it gives access to your information.`,
    contact: 'Questions? Contact the school office:',
    contactFallback: 'Questions? Contact the school office.',
    linkLabel: 'Link:',
    emailLabel: 'Email:',
    phoneLabel: 'Phone:',
    footer: 'This email was sent automatically by the school directory. Please do not reply.',
  },
} as const;

export function updateLinkEmail(input: UpdateEmailInput): RenderedUpdateEmail {
  const t = TEXT[input.locale];
  const title = t.title[input.kind];
  const body = input.kind === 'invitation' && input.audience === 'staff' ? t.staffInvitation : t.body[input.kind];
  const intro = [t.hello(input.firstName), body(input.schoolName, input.schoolYear), t.choice[input.audience ?? 'parent']];
  const after = [
    ...(input.deadline ? [t.deadline(formatLongDate(input.deadline, input.locale))] : []),
    t.validity(formatLongDate(input.linkExpiresOn, input.locale)),
  ];
  const contactLines = [
    ...(input.contact.email ? [`${t.emailLabel} ${input.contact.email}`] : []),
    ...(input.contact.phone ? [`${t.phoneLabel} ${formatPhone(input.contact.phone)}`] : []),
  ];
  const contactText = contactLines.length > 0 ? [t.contact, ...contactLines] : [t.contactFallback];

  const html = renderEmail({
    locale: input.locale,
    title,
    intro,
    action: { label: t.button, url: input.link },
    outro: [
      ...after.map((text) => ({ text })),
      { html: contactText.map((line) => escapeHtml(line)).join('<br>') },
    ],
    footer: t.footer,
  });
  const text = [
    ...intro,
    `${t.button}`,
    `${t.linkLabel} ${input.link}`,
    ...after,
    contactText.join('\n'),
    '--',
    t.footer,
  ].join('\n\n');
  return { subject: t.subject[input.kind](input.schoolName), html, text };
}
