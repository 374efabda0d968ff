/**
 * Reading a raw email (SES SendRawEmail, local/ses.ts readRawMailbox) as its recipient's mail program would: a header
 * of the header block, and the whole text with its base64 parts and RFC 2047 encoded words decoded.
 */

/** A header's value from the header block (before the first blank line), or undefined when absent. */
export const rawHeader = (raw: string, name: string): string | undefined =>
  new RegExp(`^${name}: (.*)$`, 'mi').exec(raw.split('\r\n\r\n')[0]!)?.[1];

/** The raw email with its base64 parts and encoded words decoded: what a mail program shows. */
export const decodedEmail = (raw: string): string =>
  raw
    .replace(/=\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?=/g, (_all, b64: string) => Buffer.from(b64, 'base64').toString('utf8'))
    .replace(
      /(Content-Transfer-Encoding: base64\r\n\r\n)([A-Za-z0-9+/=\r\n]+)/g,
      (_all, head: string, b64: string) => head + Buffer.from(b64.replace(/\r\n/g, ''), 'base64').toString('utf8'),
    );
