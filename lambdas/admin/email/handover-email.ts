import { formatLongDate } from '@shared/format/long-date';
import { renderEmail, type EmailLocale } from '../../common/email-templates/layout';
import type { OutgoingEmail } from '../../common/mailer';

/**
 * The two emails of an administrator handover (docs/operations.md, "Handing over"), each in its recipient's
 * language. French follows OQLF usage: "courriel", a non-breaking space (U+00A0) before a colon.
 */
const NBSP = '\u00a0';

export interface HandoverFacts {
  /** The other person's name (or email when unnamed). */
  other: string;
  from: string;
  until?: string;
  title?: string;
  /** The outgoing administrator's own last day, when they step down. */
  ownUntil?: string;
  appUrl: string;
}

/** « 1er septembre 2026 », "September 1, 2026": the app's one long-date formatter (shared/format/long-date.ts). */
const day = (iso: string, locale: EmailLocale) => formatLongDate(iso, locale);

const TEXT = {
  fr: {
    incomingSubject: "Vous avez maintenant l'accès administrateur du bottin",
    outgoingSubject: "Votre passation de l'administration du bottin est enregistrée",
    hello: 'Bonjour,',
    incoming: (f: HandoverFacts) =>
      `${f.other} vous a confié l'administration du bottin de l'école` + (f.title ? ` (${f.title})` : '') +
      `, à partir du ${day(f.from, 'fr')}` + (f.until ? ` jusqu'au ${day(f.until, 'fr')} inclusivement.` : '.'),
    outgoing: (f: HandoverFacts) =>
      `Vous avez confié l'administration du bottin à ${f.other}, à partir du ${day(f.from, 'fr')}` +
      (f.until ? ` jusqu'au ${day(f.until, 'fr')} inclusivement.` : '.'),
    ownEnd: (f: HandoverFacts) => (f.ownUntil ? `Votre propre accès administrateur se termine le ${day(f.ownUntil, 'fr')}.` : 'Votre propre accès administrateur ne change pas.'),
    button: 'Ouvrir le bottin',
    help: `Les rôles d'administrateur se consultent dans le bottin${NBSP}: Administration, puis Passation et administrateurs.`,
    footer: "Ce courriel a été envoyé automatiquement par le bottin de l'école. Merci de ne pas y répondre.",
  },
  en: {
    incomingSubject: 'You are now an administrator of the directory',
    outgoingSubject: 'Your handover of the directory administration is recorded',
    hello: 'Hello,',
    incoming: (f: HandoverFacts) =>
      `${f.other} handed the school directory administration over to you` + (f.title ? ` (${f.title})` : '') +
      `, from ${day(f.from, 'en')}` + (f.until ? ` until ${day(f.until, 'en')} included.` : '.'),
    outgoing: (f: HandoverFacts) =>
      `You handed the directory administration over to ${f.other}, from ${day(f.from, 'en')}` +
      (f.until ? ` until ${day(f.until, 'en')} included.` : '.'),
    ownEnd: (f: HandoverFacts) => (f.ownUntil ? `Your own administrator access ends on ${day(f.ownUntil, 'en')}.` : 'Your own administrator access does not change.'),
    button: 'Open the directory',
    help: 'Administrator roles are listed in the directory: Administration, then Handover and administrators.',
    footer: 'This email was sent automatically by the school directory. Please do not reply.',
  },
} as const;

function compose(to: string, locale: EmailLocale, subject: string, lines: string[], appUrl: string): OutgoingEmail {
  const t = TEXT[locale];
  const html = renderEmail({
    locale,
    title: subject,
    intro: [t.hello, ...lines],
    action: { label: t.button, url: appUrl },
    outro: [{ text: t.help }],
    footer: t.footer,
  });
  const text = [t.hello, '', ...lines, '', `${t.button}${locale === 'fr' ? NBSP : ''}: ${appUrl}`, '', t.help, '', t.footer].join('\n');
  return { to, subject, html, text };
}

export function incomingAdminEmail(to: string, locale: EmailLocale, facts: HandoverFacts): OutgoingEmail {
  const t = TEXT[locale];
  return compose(to, locale, t.incomingSubject, [t.incoming(facts)], facts.appUrl);
}

export function outgoingAdminEmail(to: string, locale: EmailLocale, facts: HandoverFacts): OutgoingEmail {
  const t = TEXT[locale];
  return compose(to, locale, t.outgoingSubject, [t.outgoing(facts), t.ownEnd(facts)], facts.appUrl);
}
