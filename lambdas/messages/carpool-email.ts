import type { Language } from '@shared/schemas/common';
import { linkified, oneClickHeaders } from './message-email';

/**
 * The email one family near me sends another (docs/messages.md, "Families near me"): to that parent only, from the
 * school's sender with the author's name in the display name; the frame in the recipient's language, the text as
 * the author wrote it. No address but the recipient's, unless the author chose to share theirs for replies. A
 * one-click unsubscribe (header and footer link) turns the recipient's choice off.
 */

export interface CarpoolEmailInput {
  authorName: string;
  fsa: string;
  subject: string;
  body: string;
  replyTo?: string;
  language: Language;
  schoolName: string;
  baseUrl: string;
  /** The recipient's one-click token that turns « Trouver des familles près de chez moi » off. */
  unsubscribeToken: string;
}

const TEXT = {
  fr: {
    role: 'famille près de chez vous',
    heading: (name: string, fsa: string) => `${name}, une famille de ${fsa} qui cherche aussi du covoiturage, vous écrit par le bottin.`,
    reply: (address: string) => `Pour répondre, écrivez à ${address}.`,
    replyInApp: (url: string) => `Pour répondre, écrivez-lui par le bottin\u00a0: ${url}`,
    why: "Vous recevez ce message parce que vous avez activé « Trouver des familles près de chez moi ». Votre adresse n'a pas été montrée à l'auteur.",
    stop: (url: string) => `Pour ne plus être trouvé ni recevoir ces messages, désactivez ce choix en un clic\u00a0: ${url}`,
  },
  en: {
    role: 'a family near you',
    heading: (name: string, fsa: string) => `${name}, a family of ${fsa} also looking for carpooling, wrote to you through the directory.`,
    reply: (address: string) => `To reply, write to ${address}.`,
    replyInApp: (url: string) => `To reply, write to them through the directory: ${url}`,
    why: 'You receive this message because you turned on "Find families near me". Your address was not shown to the author.',
    stop: (url: string) => `To no longer be found or receive these messages, turn this choice off in one click: ${url}`,
  },
} as const;

export function carpoolEmail(input: CarpoolEmailInput) {
  const t = TEXT[input.language];
  const heading = t.heading(input.authorName, input.fsa);
  const reply = input.replyTo ? t.reply(input.replyTo) : t.replyInApp(`${input.baseUrl}/carpool`);
  const footer = [reply, t.why, t.stop(`${input.baseUrl}/unsubscribe?token=${input.unsubscribeToken}&lang=${input.language}&kind=carpool`)];
  const text = [heading, '', input.body, '', '—', ...footer, '', input.schoolName].join('\n');
  const small = 'color:#555;font-size:13px';
  const html = `<p><strong>${linkified(heading)}</strong></p><p>${linkified(input.body)}</p><hr><p style="${small}">${footer
    .map(linkified)
    .join('<br>')}</p><p style="${small}">${linkified(input.schoolName)}</p>`;
  return {
    subject: input.subject,
    text,
    html,
    fromName: `${input.authorName} (${t.role}) via ${input.schoolName}`,
    // RFC 8058, as the messages' emails: a mail program's unsubscribe button turns the choice off (docs/messages.md).
    headers: oneClickHeaders(input.baseUrl, input.unsubscribeToken),
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
  };
}
