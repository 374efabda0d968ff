/**
 * Canadian postal codes: `H2X 1Y4`, letter-digit-letter, space, digit-letter-digit, stored uppercase with the
 * space. Canada Post never uses D, F, I, O, Q or U, nor W or Z as the first letter.
 */
const POSTAL_CODE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/;

/** The stored form (`H2X 1Y4`) of a typed postal code (`h2x1y4`, `H2X-1Y4`), or undefined if it is not one. */
export function normalizePostalCode(input: string): string | undefined {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  if (!POSTAL_CODE.test(compact)) return undefined;
  return `${compact.slice(0, 3)} ${compact.slice(3)}`;
}

export function isValidPostalCode(input: string): boolean {
  return normalizePostalCode(input) !== undefined;
}

/** Display form; anything unrecognisable is returned as given (never hide what a person typed). */
export function formatPostalCode(value: string): string {
  return normalizePostalCode(value) ?? value;
}

/**
 * The province or territory a postal code belongs to, from its first letter (Canada Post's forward sortation
 * areas: G, H and J are all Québec). X is shared by the Northwest Territories and Nunavut: no answer.
 */
const PROVINCE_BY_FIRST_LETTER: Record<string, string> = {
  A: 'NL', B: 'NS', C: 'PE', E: 'NB', G: 'QC', H: 'QC', J: 'QC', K: 'ON', L: 'ON', M: 'ON', N: 'ON', P: 'ON',
  R: 'MB', S: 'SK', T: 'AB', V: 'BC', Y: 'YT',
};

export function provinceOf(postalCode: string): string | undefined {
  const normalized = normalizePostalCode(postalCode);
  return normalized ? PROVINCE_BY_FIRST_LETTER[normalized[0]!] : undefined;
}
