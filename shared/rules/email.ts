/** Emails are compared, stored and looked up lowercased and trimmed (docs/product-rules.md, Accounts). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A pragmatic address check: one @, a non-empty local part, a dotted domain, no spaces.
 * Stricter rules reject real addresses; Cognito and SES do the final check.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

export function isValidEmail(email: string): boolean {
  const value = normalizeEmail(email);
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}
