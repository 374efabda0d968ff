import { deFr, ofSchoolFr } from '@shared/format/french';
import type { PrivacyRequestKind } from '@shared/contracts/privacy-requests-api';
import { formatLongDate } from '@shared/format/long-date';
import { escapeHtml } from '@shared/format/html';
import { renderEmail, type EmailLocale } from '../common/email-templates/layout';

/**
 * The two emails of a privacy request (docs/privacy.md): the receipt, with the date the answer is due, and the
 * answer itself. Always in the requester's language. French follows OQLF usage: "courriel", a non-breaking
 * space (U+00A0) before a colon, dates in long form (« le 15 octobre 2025 », "October 15, 2025": shared/format/long-date.ts),
 * the day in the school's time zone.
 */
export interface RequestEmailInput {
  locale: EmailLocale;
  name: string;
  kind: PrivacyRequestKind;
  /** Short reference the requester can quote: the end of the request's id. */
  reference: string;
  schoolName: string;
  receivedAt: Date;
  dueAt: Date;
  /** The school's contact address (its settings, the one the privacy policy names): where to write about the request. */
  contactEmail?: string;
}

export interface RenderedRequestEmail {
  subject: string;
  html: string;
  text: string;
}

const NBSP = '\u00a0';

/** What each kind of request is a request for, as the noun after "demande de" / "request for". */
const KIND_NOUNS: Record<EmailLocale, Record<Exclude<PrivacyRequestKind, 'complaint'>, string>> = {
  fr: {
    access: 'accès à vos renseignements',
    correction: 'correction de vos renseignements',
    deletion: 'suppression de vos renseignements',
    withdrawal: 'retrait du bottin',
  },
  en: {
    access: 'access to your information',
    correction: 'correction of your information',
    deletion: 'deletion of your information',
    withdrawal: 'withdrawal from the directory',
  },
};

/**
 * The request as both emails name it: "votre demande d'accès à vos renseignements" (French elides "de" before a
 * vowel: shared/format/french.ts), "your request for deletion of your information"; a complaint is "votre
 * plainte" / "your complaint", not a request for one.
 */
export function requestPhrase(locale: EmailLocale, kind: PrivacyRequestKind): string {
  if (kind === 'complaint') return locale === 'fr' ? 'votre plainte' : 'your complaint';
  const noun = KIND_NOUNS[locale][kind];
  return locale === 'fr' ? `votre demande ${deFr(noun)}` : `your request for ${noun}`;
}

const TEXT = {
  fr: {
    receiptSubject: (ref: string) => `Demande reçue (${ref}) – protection des renseignements personnels`,
    answerSubject: (ref: string) => `Réponse à votre demande (${ref}) – protection des renseignements personnels`,
    receiptTitle: 'Nous avons reçu votre demande',
    answerTitle: 'Réponse à votre demande',
    hello: (name: string) => `Bonjour ${name},`,
    received: (request: string, school: string, date: string) =>
      `Le comité de parents ${ofSchoolFr(school)} a bien reçu, le ${date}, ${request}.`,
    due: (date: string) => `La personne responsable de la protection des renseignements personnels vous répondra au plus tard le ${date}.`,
    answerIntro: (request: string, date: string) => `Voici la réponse à ${request} reçue le ${date}${NBSP}:`,
    reference: (ref: string) => `Référence de la demande${NBSP}: ${ref}`,
    contact: (email: string) => `Pour toute question sur votre demande, écrivez à ${email} en indiquant cette référence.`,
    recourse:
      "Si la réponse ne vous satisfait pas, vous pouvez vous adresser à la Commission d'accès à l'information du Québec.",
    footer: "Ce courriel a été envoyé automatiquement par le bottin de l'école. Merci de ne pas y répondre.",
    school: "l'école",
  },
  en: {
    receiptSubject: (ref: string) => `Request received (${ref}) – privacy of your information`,
    answerSubject: (ref: string) => `Answer to your request (${ref}) – privacy of your information`,
    receiptTitle: 'We received your request',
    answerTitle: 'Answer to your request',
    hello: (name: string) => `Hello ${name},`,
    received: (request: string, school: string, date: string) =>
      `The parent committee of ${school} received ${request} on ${date}.`,
    due: (date: string) => `The person in charge of the protection of personal information will answer by ${date}.`,
    answerIntro: (request: string, date: string) => `Here is the answer to ${request} received on ${date}:`,
    reference: (ref: string) => `Request reference: ${ref}`,
    contact: (email: string) => `For any question about your request, write to ${email}, quoting this reference.`,
    recourse: "If the answer does not satisfy you, you may turn to Québec's Commission d'accès à l'information.",
    footer: 'This email was sent automatically by the school directory. Please do not reply.',
    school: 'the school',
  },
} as const;


function assemble(locale: EmailLocale, subject: string, title: string, intro: string[], outro: string[]): RenderedRequestEmail {
  const t = TEXT[locale];
  const html = renderEmail({ locale, title, intro, outro: outro.map((text) => ({ text })), footer: t.footer });
  return { subject, html, text: [...intro, ...outro, '--', t.footer].join('\n\n') };
}

/** The emails take no reply: where to write instead, when the school gave an address (a trial found none). */
const contactLine = (input: RequestEmailInput): string[] => (input.contactEmail ? [TEXT[input.locale].contact(input.contactEmail)] : []);

export function receiptEmail(input: RequestEmailInput): RenderedRequestEmail {
  const t = TEXT[input.locale];
  const kind = requestPhrase(input.locale, input.kind);
  const intro = [t.hello(input.name), t.received(kind, input.schoolName || t.school, formatLongDate(input.receivedAt, input.locale))];
  return assemble(input.locale, t.receiptSubject(input.reference), t.receiptTitle, intro, [
    t.due(formatLongDate(input.dueAt, input.locale)),
    t.reference(input.reference),
    ...contactLine(input),
  ]);
}

/** The administrator's answer, as typed: its paragraphs are kept, and escaped like every other text. */
export function answerEmail(input: RequestEmailInput & { answer: string }): RenderedRequestEmail {
  const t = TEXT[input.locale];
  const kind = requestPhrase(input.locale, input.kind);
  const paragraphs = input.answer.split(/\n{2,}/).map((p) => p.trim()).filter((p) => p.length > 0);
  const intro = [t.hello(input.name), t.answerIntro(kind, formatLongDate(input.receivedAt, input.locale)), ...paragraphs];
  return assemble(input.locale, t.answerSubject(input.reference), t.answerTitle, intro, [
    t.reference(input.reference),
    ...contactLine(input),
    t.recourse,
  ]);
}

/** What the person in charge is told of a new request: its kind, dates and reference; never who or what. */
export interface RequestNoticeInput {
  kind: PrivacyRequestKind;
  reference: string;
  receivedAt: Date;
  dueAt: Date;
  /** The administrators' queue (`/admin/privacy-requests`), complete. */
  queueUrl: string;
}

const NOTICE_KINDS: Record<EmailLocale, Record<PrivacyRequestKind, string>> = {
  fr: {
    access: "une demande d'accès à ses renseignements",
    correction: 'une demande de correction de ses renseignements',
    deletion: 'une demande de suppression de ses renseignements',
    withdrawal: 'une demande de retrait du bottin',
    complaint: 'une plainte',
  },
  en: {
    access: 'a request for access to their information',
    correction: 'a request for correction of their information',
    deletion: 'a request for deletion of their information',
    withdrawal: 'a request for withdrawal from the directory',
    complaint: 'a complaint',
  },
};

const NOTICE = {
  fr: {
    received: (what: string, date: string) => `Un parent a transmis ${what} le ${date}, par le bottin.`,
    due: (date: string) => `La réponse est due au plus tard le ${date} (30 jours après la réception).`,
    private:
      `Ce courriel ne contient ni le nom de la personne ni sa demande${NBSP}: lisez-la dans le bottin, connecté en ` +
      "tant qu'administrateur, à la page des demandes.",
  },
  en: {
    received: (what: string, date: string) => `A parent sent ${what} on ${date}, through the directory.`,
    due: (date: string) => `The answer is due by ${date} (30 days after it was received).`,
    private:
      "This email holds neither the person's name nor their request: read it in the directory, signed in as an " +
      'administrator, on the requests page.',
  },
} as const;

/**
 * The person in charge hears of each new request at once (docs/privacy.md, "Privacy requests"): the law gives 30
 * days to answer, and a queue nobody opens misses them. One email in both languages (the school's address has no
 * language of its own), French first; it names the kind, the dates and the reference, not the requester.
 */
export function requestNoticeEmail(input: RequestNoticeInput): RenderedRequestEmail {
  const lines = (locale: EmailLocale) => {
    const t = NOTICE[locale];
    return [
      t.received(NOTICE_KINDS[locale][input.kind], formatLongDate(input.receivedAt, locale)),
      t.due(formatLongDate(input.dueAt, locale)),
      TEXT[locale].reference(input.reference),
      t.private,
    ];
  };
  const fr = lines('fr');
  const en = lines('en');
  const footer = `${TEXT.fr.footer} / ${TEXT.en.footer}`;
  const html = renderEmail({
    locale: 'fr',
    title: 'Nouvelle demande à traiter / New request to handle',
    intro: fr,
    action: { label: 'Ouvrir les demandes / Open the requests', url: input.queueUrl },
    outro: en.map((text) => ({ html: `<span lang="en">${escapeHtml(text)}</span>` })),
    footer,
  });
  return {
    subject:
      `Nouvelle demande de confidentialité (${input.reference}), réponse due le ${formatLongDate(input.dueAt, 'fr')} / ` +
      `New privacy request (${input.reference}), answer due ${formatLongDate(input.dueAt, 'en')}`,
    html,
    text: [...fr, input.queueUrl, '--', ...en, '--', footer].join('\n\n'),
  };
}
