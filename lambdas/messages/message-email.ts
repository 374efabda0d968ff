import { MESSAGE_LINK, type Message } from '@shared/contracts/messages-api';
import type { Language } from '@shared/schemas/common';

/**
 * One message's email to one recipient (docs/messages.md, "The email"): the author's subject and text in the
 * recipient's language when the author wrote it in both, else in the language it was written in; the app's own words
 * around them (the heading's labels, the footer, the unsubscribe page) always in the recipient's language (a trial's
 * French parents got an English footer with an English-only message). Plain text; the HTML part is the same text,
 * escaped, with its links made clickable. The footer says why the person received it and how to stop that kind.
 */

export interface MessageEmailInput {
  message: Message;
  language: Language;
  schoolName: string;
  baseUrl: string;
  /** The one-click unsubscribe token of this recipient and kind. */
  unsubscribeToken: string;
}

const WHY: Record<Message['category'], Record<Language, string>> = {
  school: {
    fr: "Vous recevez ce message parce que vous acceptez les messages de l'école et de son comité de parents.",
    en: 'You receive this message because you accept messages from the school and its parent committee.',
  },
  class: {
    fr: 'Vous recevez ce message parce que vous êtes parent de cette classe et acceptez les messages de ses représentants.',
    en: 'You receive this message because you are a parent of this class and accept messages from its representatives.',
  },
  committee: {
    fr: 'Vous recevez ce message parce que vous êtes membre de ce comité et acceptez les messages de vos comités.',
    en: 'You receive this message because you are a member of this committee and accept messages from your committees.',
  },
};

const TEXT = {
  fr: {
    to: 'Destinataires\u00a0: ',
    reply: (address: string) => `Pour répondre, écrivez à ${address}.`,
    // The app has no way to answer a message: without a reply address, the author's entry in the directory.
    replyInApp: (url: string) => `Ce courriel ne reçoit pas de réponse. Les coordonnées de l'auteur, si elles sont partagées, sont dans le bottin\u00a0: ${url}`,
    stop: (url: string) => `Pour ne plus recevoir ce type de message\u00a0: ${url}`,
    via: 'via',
  },
  en: {
    to: 'To: ',
    reply: (address: string) => `To reply, write to ${address}.`,
    replyInApp: (url: string) => `This email does not take replies. The author's contact details, if shared, are in the directory: ${url}`,
    stop: (url: string) => `To stop receiving this kind of message: ${url}`,
    via: 'via',
  },
} as const;

/** The language the recipient reads: theirs when the message has it, else the one it was written in. */
export function messageLanguage(message: Pick<Message, 'body'>, preferred: Language): Language {
  if (message.body[preferred]) return preferred;
  return message.body.fr ? 'fr' : 'en';
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Escaped text with http(s) links clickable and line breaks kept. */
export function linkified(text: string): string {
  return escapeHtml(text)
    .replace(MESSAGE_LINK, (url) => `<a href="${url}">${url}</a>`)
    .replace(/\r?\n/g, '<br>');
}

/** RFC 8058: the mail program's unsubscribe button posts `List-Unsubscribe=One-Click` to the token's URL. */
export const oneClickHeaders = (baseUrl: string, token: string) => ({
  'List-Unsubscribe': `<${baseUrl}/api/messages/unsubscribe?token=${token}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

export function messageEmail(input: MessageEmailInput) {
  const { message, schoolName, baseUrl } = input;
  const language = input.language;
  const written = messageLanguage(message, language);
  const t = TEXT[language];
  const subject = message.subject[written] ?? '';
  const body = message.body[written] ?? '';
  // The kind rides in the link, as the carpool email's does, so the page names it before the click without reading
  // the token (docs/messages.md, "Unsubscribe"); the server still stops the token's own kind.
  const stopUrl = `${baseUrl}/unsubscribe?token=${input.unsubscribeToken}&lang=${language}&kind=${message.category}`;
  // The author's own entry: the list searched on their name (a trial's link opened page 1 of 39).
  const directory = `${baseUrl}/${message.author.personType === 'STAFF' ? 'staff' : 'parents'}?q=${encodeURIComponent(message.author.name)}`;
  const reply = message.replyTo ? t.reply(message.replyTo) : t.replyInApp(directory);
  const heading = `${message.author.name}, ${message.author.role[language]} · ${t.to}${message.audienceLabel[language]}`;
  const footer = [reply, WHY[message.category][language], t.stop(stopUrl)];
  const text = [heading, '', body, '', '—', ...footer, '', schoolName].join('\n');
  const bodyLang = written === language ? '' : ` lang="${written}"`;
  // A whole document in the recipient's language (a mail program's screen reader reads its words in it); the
  // author's text keeps its tabs and runs of spaces (a pasted list's indents collapsed).
  const html =
    `<!DOCTYPE html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>` +
    `<p><strong>${escapeHtml(heading)}</strong></p><p${bodyLang} style="white-space:pre-wrap">${linkified(body)}</p><hr>` +
    `<p style="color:#555;font-size:13px">${footer.map(linkified).join('<br>')}</p>` +
    `<p style="color:#555;font-size:13px">${escapeHtml(schoolName)}</p></body></html>`;
  return {
    subject,
    text,
    html,
    fromName: `${message.author.name} (${message.author.role[language]}) ${t.via} ${schoolName}`,
    headers: oneClickHeaders(baseUrl, input.unsubscribeToken),
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
  };
}
