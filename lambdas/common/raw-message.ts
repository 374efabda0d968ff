import { randomBytes } from 'node:crypto';

/** What a raw email carries (lambdas/common/mailer.ts OutgoingEmail, without importing it back). */
export interface RawEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  fromName?: string;
  replyTo?: string;
  headers?: Record<string, string>;
}

/** An RFC 2047 encoded word when the text is not plain printable ASCII (accents, quotes). */
export function encodedWord(text: string): string {
  return /^[\x20-\x7E]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

/** A display name and address, the name always encoded (it may hold commas, parentheses or accents). */
function mailbox(name: string | undefined, address: string): string {
  if (name === undefined) return address;
  const clean = name.replace(/[\r\n"\\]/g, ' ').trim();
  return `=?UTF-8?B?${Buffer.from(clean, 'utf8').toString('base64')}?= <${address}>`;
}

/** Base64 in lines of 76 characters (RFC 2045). */
function base64Lines(text: string): string {
  return (Buffer.from(text, 'utf8').toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');
}

/** A header value with no line break in it: a value can never add a header (header injection). */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');

/**
 * One email as MIME text for SES SendRawEmail: To is the one recipient, From the school's sender (with a display
 * name), then Reply-To and the extra headers when given; text and HTML alternatives, both base64 in UTF-8.
 */
export function rawMessage(sender: string, email: RawEmail): string {
  const boundary = `=_${randomBytes(12).toString('hex')}`;
  const headers = [
    `From: ${mailbox(email.fromName, sender)}`,
    `To: ${oneLine(email.to)}`,
    ...(email.replyTo ? [`Reply-To: ${oneLine(email.replyTo)}`] : []),
    `Subject: ${encodedWord(oneLine(email.subject))}`,
    'MIME-Version: 1.0',
    ...Object.entries(email.headers ?? {}).map(([name, value]) => `${name.replace(/[^A-Za-z0-9-]/g, '')}: ${oneLine(value)}`),
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
  ];
  const part = (type: string, body: string) =>
    [`--${boundary}`, `Content-Type: ${type}; charset=UTF-8`, 'Content-Transfer-Encoding: base64', '', base64Lines(body)].join('\r\n');
  return [...headers, '', part('text/plain', email.text), part('text/html', email.html), `--${boundary}--`, ''].join('\r\n');
}
