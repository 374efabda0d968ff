import type { Address } from '../schemas/common';
import { provinceOf } from './postal-code';
import { fileNameSlug } from './file-name';

/**
 * Contacts for the phone (docs/decisions/contacts-vcard-3-0-written-by-hand-read-back-by-ical-js.md, "Contacts: vCard 3.0 written by hand"): vCard 3.0, the version the
 * contacts apps of iOS and Android both import. Pure and zod-free. It writes only what it is given: callers pass a
 * person as the directory response holds them, so the visibility rule (shared/rules/visibility.ts) has already removed
 * what the viewer may not see.
 */
export interface VCardPerson {
  firstName: string;
  lastName: string;
  email?: string;
  /** 10 digits, as the directory holds them; written +1XXXXXXXXXX. */
  phone?: string;
  /**
   * A staff member's extension (digits) on that phone: a work line `TEL;TYPE=WORK,VOICE:+1XXXXXXXXXX;ext=1234`
   * (the `ext` of an RFC 3966 telephone number, as vCard 4.0 writes it). Never written without the phone.
   */
  extension?: string;
  address?: Address;
  /** The school's name. */
  organisation?: string;
  /** A job title (staff). */
  title?: string;
  /** Free text: the children and their classes, a department. */
  note?: string;
}

/** Text values escape backslash, comma, semicolon and line breaks (RFC 2426, section 5). */
const text = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded, never inside a UTF-8 character (RFC 2425, section 5.8.1). */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = new TextEncoder().encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The phone, with its extension when there is one (only its digits: the value is not escaped). */
function telLine(phone: string, extension: string | undefined): string {
  const digits = extension?.replace(/\D/g, '');
  return digits ? `TEL;TYPE=WORK,VOICE:+1${phone};ext=${digits}` : `TEL;TYPE=VOICE:+1${phone}`;
}

/** One person's card. */
export function vCard(person: VCardPerson): string {
  const { address } = person;
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${text(person.lastName)};${text(person.firstName)};;;`,
    `FN:${text(`${person.firstName} ${person.lastName}`)}`,
    ...(person.organisation ? [`ORG:${text(person.organisation)}`] : []),
    ...(person.title ? [`TITLE:${text(person.title)}`] : []),
    ...(person.email ? [`EMAIL;TYPE=INTERNET:${person.email}`] : []),
    ...(person.phone ? [telLine(person.phone, person.extension)] : []),
    ...(address
      ? [`ADR;TYPE=HOME:;;${text(address.street)};${text(address.city)};${provinceOf(address.postalCode) ?? ''};${text(address.postalCode)};Canada`]
      : []),
    ...(person.note ? [`NOTE:${text(person.note)}`] : []),
    'END:VCARD',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** Several cards in one .vcf file (a class's parents). */
export const vCards = (people: readonly VCardPerson[]): string => people.map(vCard).join('');

/** A file name for a card: accents and punctuation folded away (some phones mangle them in names). */
export function vcfFileName(name: string): string {
  return `${fileNameSlug(name) || 'contact'}.vcf`;
}
