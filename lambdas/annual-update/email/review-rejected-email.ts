import { formatPhone } from '@shared/format/phone';
import type { ReviewedField } from '@shared/rules/annual-update-review';
import { renderEmail, type EmailLocale } from '../../common/email-templates/layout';
import type { OutgoingEmail } from '../../common/mailer';

/**
 * The note a parent gets when the school does not publish a change they sent while answers were held for review
 * (docs/annual-update.md, "Review before publishing"): which kinds of information (never the values), that the
 * directory keeps what it had, and whom to ask. In the parent's language; French follows OQLF usage (a no-break
 * space before a colon). Without it, a parent whose new address was refused was never told and thought it done;
 * and a parent who sent nothing learns that someone used their link.
 */
const NBSP = '\u00a0';

export interface ReviewRejectedInput {
  locale: EmailLocale;
  firstName: string;
  schoolName: string;
  fields: readonly ReviewedField[];
  contact: { email?: string; phone?: string };
}

const FIELD_NAMES: Record<EmailLocale, Record<ReviewedField, string>> = {
  fr: { firstName: 'prénom', lastName: 'nom', phone: 'téléphone', address: 'adresse', interests: 'intérêts', skills: 'compétences' },
  en: { firstName: 'first name', lastName: 'last name', phone: 'phone', address: 'address', interests: 'interests', skills: 'skills' },
};

const TEXT = {
  fr: {
    subject: (school: string) => `Un changement à vos renseignements n'a pas été publié – ${school}`,
    title: 'Changement non publié',
    hello: (name: string) => `Bonjour ${name},`,
    body: (fields: string) =>
      `L'école a révisé les renseignements que vous avez envoyés pour le bottin et n'a pas publié le changement ` +
      `suivant${NBSP}: ${fields}. Le bottin garde ce qu'il affichait avant.`,
    notYou: "Si vous n'avez pas fait ce changement, ou si vous croyez qu'il s'agit d'une erreur, communiquez avec le secrétariat de l'école.",
    contact: `Secrétariat${NBSP}:`,
    emailLabel: `Courriel${NBSP}:`,
    phoneLabel: `Téléphone${NBSP}:`,
    footer: "Ce courriel a été envoyé automatiquement par le bottin de l'école. Merci de ne pas y répondre.",
    and: ' et ',
  },
  en: {
    subject: (school: string) => `A change to your information was not published – ${school}`,
    title: 'Change not published',
    hello: (name: string) => `Hello ${name},`,
    body: (fields: string) =>
      `The school reviewed the information you sent for the directory and did not publish this change: ${fields}. ` +
      'The directory keeps what it showed before.',
    notYou: 'If you did not make this change, or if you think this is a mistake, contact the school office.',
    contact: 'School office:',
    emailLabel: 'Email:',
    phoneLabel: 'Phone:',
    footer: 'This email was sent automatically by the school directory. Please do not reply.',
    and: ' and ',
  },
} as const;

/** « adresse et téléphone », "address, phone and skills": the fields in the form's order. */
function fieldList(fields: readonly ReviewedField[], locale: EmailLocale): string {
  const names = fields.map((field) => FIELD_NAMES[locale][field]);
  if (names.length < 2) return names.join('');
  return `${names.slice(0, -1).join(', ')}${TEXT[locale].and}${names.at(-1)!}`;
}

export function reviewRejectedEmail(to: string, input: ReviewRejectedInput): OutgoingEmail {
  const t = TEXT[input.locale];
  const subject = t.subject(input.schoolName);
  const intro = [t.hello(input.firstName), t.body(fieldList(input.fields, input.locale)), t.notYou];
  const contactLines = [
    ...(input.contact.email ? [`${t.emailLabel} ${input.contact.email}`] : []),
    ...(input.contact.phone ? [`${t.phoneLabel} ${formatPhone(input.contact.phone)}`] : []),
  ];
  const contact = contactLines.length > 0 ? [t.contact, ...contactLines] : [];
  const html = renderEmail({
    locale: input.locale,
    title: t.title,
    intro,
    outro: contact.map((text) => ({ text })),
    footer: t.footer,
  });
  const text = [...intro.flatMap((line) => [line, '']), ...(contact.length ? [...contact, ''] : []), t.footer].join('\n');
  return { to, subject, html, text };
}
