import { formatPostalCode } from '@shared/format/postal-code';
import type { Address } from '@shared/schemas/common';

/**
 * An address on one line, « 4469, avenue du Mont-Royal Est, Montréal H1Y 5M8 »: the screens' copy and the printed
 * directory. The printout keeps the postal code whole (`keepPostalCodeWhole`: a no-break space inside it, which its
 * line wrapping never breaks at); a screen keeps it whole with CSS (contact-details.tsx).
 */
export function formatAddress(address: Address, keepPostalCodeWhole = false): string {
  const postalCode = formatPostalCode(address.postalCode);
  return `${address.street}, ${address.city} ${keepPostalCodeWhole ? postalCode.replace(' ', '\u00a0') : postalCode}`;
}
