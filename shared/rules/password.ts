/**
 * The password rule (docs/product-rules.md, Accounts), shared by the sign-up form and anything else that sets a password.
 * Cognito's pool policy says the same (lib/constructs/auth.ts), but cognito-local does not enforce a policy,
 * so this check is what keeps both environments identical. Issues are codes; the frontend words them.
 */
export const PASSWORD_MIN_LENGTH = 6;
/** Cognito's own ceiling for a password. */
export const PASSWORD_MAX_LENGTH = 256;

export const PASSWORD_ISSUES = [
  'PASSWORD_REQUIRED',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'PASSWORD_NEEDS_LOWERCASE',
  'PASSWORD_NEEDS_UPPERCASE',
  'PASSWORD_NEEDS_DIGIT',
  'PASSWORD_EDGE_WHITESPACE',
] as const;

export type PasswordIssue = (typeof PASSWORD_ISSUES)[number];

/**
 * Every rule the password breaks, in the order a form should mention them (empty when it is acceptable).
 * Letters and digits are ASCII on purpose: Cognito counts only basic Latin letters, so accepting "é" as the
 * lowercase letter here would let through a password the real pool then refuses.
 */
export function passwordIssues(password: string): PasswordIssue[] {
  if (password.length === 0) return ['PASSWORD_REQUIRED'];
  const issues: PasswordIssue[] = [];
  // Length in code points, as Cognito counts it ("é" typed as one character is one character).
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) issues.push('PASSWORD_TOO_SHORT');
  if (length > PASSWORD_MAX_LENGTH) issues.push('PASSWORD_TOO_LONG');
  if (!/[a-z]/.test(password)) issues.push('PASSWORD_NEEDS_LOWERCASE');
  if (!/[A-Z]/.test(password)) issues.push('PASSWORD_NEEDS_UPPERCASE');
  if (!/[0-9]/.test(password)) issues.push('PASSWORD_NEEDS_DIGIT');
  // Cognito's API rejects a password that starts or ends with whitespace (pattern ^[\S]+.*[\S]+$).
  if (/^\s|\s$/.test(password)) issues.push('PASSWORD_EDGE_WHITESPACE');
  return issues;
}

export function isAcceptablePassword(password: string): boolean {
  return passwordIssues(password).length === 0;
}
