import fr from '../../frontend/src/i18n/fr.json';
import en from '../../frontend/src/i18n/en.json';
import { readRawMailbox, type RawStoredEmail } from '../../local/ses';
import type { StackInfo } from '../../local/stack-info';
import { decodedEmail, rawHeader } from '../support/raw-email';

/** Helpers and words of the messages journey (test/e2e/messages.test.ts; not a test file). */

export type Lang = 'fr' | 'en';

/** The app's sentences the journey reads whole (long ones come from the catalogues, so wording edits stay in one place). */
const catalogue = { fr, en } as const;

/** Every word the journey reads or types, per language (French on a 375 px phone, English at 1,440 px). */
export const MESSAGES_TEXT = {
  fr: {
    viewport: 'mobile' as const,
    subjectLabel: 'Objet (français)',
    bodyLabel: 'Message (français)',
    send: 'Envoyer',
    sentPrefix: /^Message envoyé/,
    sentResult: (sent: number, skipped: number) => `Message envoyé. Courriels\u00a0: ${sent}; à lire dans le bottin seulement\u00a0: ${skipped}.`,
    classConsent: 'Messages des représentants et enseignants de mes classes',
    saveConsents: 'Enregistrer mes choix',
    consentsSaved: catalogue.fr.messages.consents.saved,
    unreadLine: /^Vous avez \d+ messages? non lus?\.$/,
    newBadge: 'Nouveau',
    replyInApp: catalogue.fr.messages.replyInAppLead,
    nobody: catalogue.fr.messages.compose.nobody,
    quota: catalogue.fr.errors.MESSAGE_QUOTA,
    log: 'Journal des messages',
    counts: (sent: number, recipients: number) => `${recipients} destinataires\u00a0: ${sent} par courriel, ${recipients - sent} dans le bottin seulement`,
    subject: (run: string, n: number) => `Sortie au verger, classe A (${n}) ${run}`,
    body: (n: number) => `Bonjour, la sortie au verger a lieu vendredi (${n}). Apportez une collation. Détails : https://ecole.example/verger`,
    footer: 'parent de cette classe',
  },
  en: {
    viewport: 'desktop' as const,
    subjectLabel: 'Subject (English)',
    bodyLabel: 'Message (English)',
    send: 'Send',
    sentPrefix: /^Message sent/,
    sentResult: (sent: number, skipped: number) => `Message sent. Emails: ${sent}; to read in the directory only: ${skipped}.`,
    classConsent: "Messages from my classes' representatives and teachers",
    saveConsents: 'Save my choices',
    consentsSaved: catalogue.en.messages.consents.saved,
    unreadLine: /^You have \d+ unread messages?\.$/,
    newBadge: 'New',
    replyInApp: catalogue.en.messages.replyInAppLead,
    nobody: catalogue.en.messages.compose.nobody,
    quota: catalogue.en.errors.MESSAGE_QUOTA,
    log: 'Message log',
    counts: (sent: number, recipients: number) => `${recipients} recipients: ${sent} by email, ${recipients - sent} in the directory only`,
    subject: (run: string, n: number) => `Orchard trip, class A (${n}) ${run}`,
    body: (n: number) => `Hello, the orchard trip is on Friday (${n}). Bring a snack. Details: https://school.example/orchard`,
    footer: 'parent of this class',
  },
} as const;

/** The raw emails whose subject is `subject` (decoded), oldest first. */
export async function rawMailWithSubject(stack: StackInfo, subject: string): Promise<RawStoredEmail[]> {
  return (await readRawMailbox(stack.mailboxUrl)).filter((mail) => decodedEmail(rawHeader(mail.raw, 'Subject') ?? '') === subject);
}

/**
 * What a recipient's mail program sees of one message's email, checked for privacy: one recipient, `To` that
 * person only, no Cc or Bcc, none of `others` anywhere in the headers or the decoded body, and RFC 8058's one-click
 * unsubscribe. Returns the List-Unsubscribe URL.
 */
export function checkedEmail(mail: RawStoredEmail, others: readonly string[]): { to: string; unsubscribe: string; text: string } {
  const problems: string[] = [];
  const [to] = mail.destinations;
  if (mail.destinations.length !== 1 || !to) problems.push(`destinations ${JSON.stringify(mail.destinations)}`);
  if (rawHeader(mail.raw, 'To') !== to) problems.push(`To: ${rawHeader(mail.raw, 'To')}`);
  for (const name of ['Cc', 'Bcc']) if (rawHeader(mail.raw, name) !== undefined) problems.push(`a ${name} header`);
  const text = decodedEmail(mail.raw);
  const everything = `${mail.raw}\n${text}`.toLowerCase();
  const leaked = others.filter((address) => address !== to && everything.includes(address.toLowerCase()));
  if (leaked.length > 0) problems.push(`other addresses: ${leaked.join(', ')}`);
  const unsubscribe = /^<(http[^>]+\/api\/messages\/unsubscribe\?token=[A-Za-z0-9_-]{43})>$/.exec(rawHeader(mail.raw, 'List-Unsubscribe') ?? '')?.[1];
  if (!unsubscribe) problems.push(`List-Unsubscribe: ${rawHeader(mail.raw, 'List-Unsubscribe')}`);
  if (rawHeader(mail.raw, 'List-Unsubscribe-Post') !== 'List-Unsubscribe=One-Click') problems.push('no List-Unsubscribe-Post');
  if (problems.length > 0) throw new Error(`email to ${to}: ${problems.join('; ')}`);
  return { to: to!, unsubscribe: unsubscribe!, text };
}
