/**
 * Short codes of the paper letters (docs/annual-update.md, "Paper letters"): ten characters a person types from
 * paper, from an alphabet without the look-alikes 0/O, 1/I/L, printed in two groups of five (`ABCDE-FGHJK`).
 * Entry ignores case, spaces and dashes. Pure rules, shared by the server and the code page.
 */
export const SHORT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const SHORT_CODE_LENGTH = 10;
const GROUP = 5;

/** The public pages where a code is typed, one per language (frontend/src/app/routes.ts; the letters name them). */
export const CODE_PAGE_PATHS = { fr: '/mise-a-jour/code', en: '/update/code' } as const;

const VALID = new RegExp(`^[${SHORT_CODE_ALPHABET}]{${SHORT_CODE_LENGTH}}$`);

/** The code as typed (any case, spaces, dashes) to its canonical form, or undefined when it cannot be a code. */
export function normalizeShortCode(input: string): string | undefined {
  if (input.length > 40) return undefined;
  const compact = input.replace(/[\s\-‐‑–—]/g, '').toUpperCase();
  return VALID.test(compact) ? compact : undefined;
}

/** Whether a string can be a short code at all (after normalisation). */
export function isShortCode(input: string): boolean {
  return normalizeShortCode(input) !== undefined;
}

/** The printed form: `ABCDE-FGHJK`. */
export function formatShortCode(code: string): string {
  const canonical = normalizeShortCode(code) ?? code;
  return `${canonical.slice(0, GROUP)}-${canonical.slice(GROUP)}`;
}

/**
 * A code from random bytes: each byte below the largest multiple of the alphabet's size is used (rejection
 * sampling, so every character is equally likely); `randomBytes` is the caller's crypto source.
 */
export function shortCodeFrom(randomBytes: (size: number) => Uint8Array): string {
  const size = SHORT_CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let code = '';
  while (code.length < SHORT_CODE_LENGTH) {
    for (const byte of randomBytes(SHORT_CODE_LENGTH * 2)) {
      if (byte < limit && code.length < SHORT_CODE_LENGTH) code += SHORT_CODE_ALPHABET[byte % size];
    }
  }
  return code;
}
