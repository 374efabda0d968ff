/**
 * Phone numbers (Office québécois de la langue française): stored as the 10 digits of a North American number,
 * displayed `514 555-1234`. People type every variant (`(514) 555-1234`, `1-514-555-1234`, `+1 514.555.1234`),
 * so input is reduced to digits; a leading country code 1 on 11 digits is dropped.
 */

/** Area code and exchange cannot start with 0 or 1 in the North American numbering plan. */
const NANP_DIGITS = /^[2-9]\d{2}[2-9]\d{6}$/;

/** The 10 stored digits of a typed phone number, or undefined when it is not a valid 10-digit number. */
export function phoneDigits(input: string): string | undefined {
  // Letters mean an extension or a typo ("poste 12", "ext"): refuse rather than silently drop them.
  if (/\p{L}/u.test(input)) return undefined;
  let digits = input.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return NANP_DIGITS.test(digits) ? digits : undefined;
}

export function isValidPhone(input: string): boolean {
  return phoneDigits(input) !== undefined;
}

/** `514 555-1234` for stored digits (or any typed form); anything unrecognisable is returned as given. */
export function formatPhone(value: string): string {
  const digits = phoneDigits(value);
  if (!digits) return value;
  return `${digits.slice(0, 3)} ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
