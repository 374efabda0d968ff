import { normalizePostalCode } from './postal-code';

/**
 * A whole address pasted or autofilled into the street field (« 12, rue des Érables, Laval (Québec) H7N 1A1 »), split
 * into the form's three fields, or undefined when it is not one: without a postal code at its end and a comma or a
 * line break before the city, nothing is guessed. A trial's parent pasted their address from an email: the street
 * kept the city and the postal code, which the directory then showed twice.
 */
export interface SplitAddress {
  street: string;
  city: string;
  postalCode: string;
}

// The province as people write it after the city: « QC », « Qc », « Québec », « (Québec) », "Quebec", "ON", ...
const PROVINCE =
  /[\s,]*\(?\s*(?:QC|QUE|QU[EÉ]BEC|ON|ONT|ONTARIO|NB|NOUVEAU-BRUNSWICK|NEW BRUNSWICK|NS|PE|NL|MB|SK|AB|BC|YT|NT|NU)\.?\s*\)?$/iu;
const POSTAL_AT_END = /[\s,]*([A-Za-z]\d[A-Za-z])[\s-]?(\d[A-Za-z]\d)$/u;
const COUNTRY_AT_END = /[\s,]*Canada\.?$/iu;

// A part that names a street, not a city: « rue X » is never the city (« 12, rue X, Québec, G1R 2B5 » is in the city
// of Québec, not in a province with the city « rue X »).
const STREET_WORD =
  /^(?:rue|avenue|av|boulevard|boul|bd|chemin|ch|rang|mont[ée]e|place|route|rte|impasse|croissant|terrasse|promenade|street|st|road|rd|drive|dr)\b/iu;

/** `rest` (the address before its postal code) cut at its last comma or line break, or undefined. */
function streetAndCity(rest: string): { street: string; city: string } | undefined {
  // The city is after the last comma or line break; the street keeps its own commas (« 12, rue des Érables »).
  const cut = Math.max(rest.lastIndexOf(','), rest.lastIndexOf('\n'));
  if (cut < 0) return undefined;
  const street = rest.slice(0, cut).replace(/[\s,]+$/u, '').replace(/\s*\n\s*/gu, ', ').trim();
  const city = rest.slice(cut + 1).trim();
  if (!street || !city || /\d/u.test(city) || STREET_WORD.test(city)) return undefined;
  return { street, city };
}

export function splitFullAddress(value: string): SplitAddress | undefined {
  const text = value.trim().replace(COUNTRY_AT_END, '');
  const postal = POSTAL_AT_END.exec(text);
  const postalCode = postal ? normalizePostalCode(`${postal[1]}${postal[2]}`) : undefined;
  if (!postal || !postalCode) return undefined;
  const rest = text.slice(0, postal.index).trim();
  // Without the province first (« Laval (Québec) », « Laval, QC »); else the province's word is the city's name.
  const parts = streetAndCity(rest.replace(PROVINCE, '').trim()) ?? streetAndCity(rest);
  return parts && { ...parts, postalCode };
}
