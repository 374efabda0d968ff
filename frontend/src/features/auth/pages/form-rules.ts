import { isValidEmail, normalizeEmail } from '@shared/rules/email';
import { passwordIssues } from '@shared/rules/password';

/** Minimum display-name length (docs/product-rules.md, "Constants"). */
export const DISPLAY_NAME_MIN_LENGTH = 2;

/** Each check answers a translation key, or undefined when the value is fine (docs/product-rules.md, "Accounts"). */
export function emailError(value: string): string | undefined {
  const email = normalizeEmail(value);
  if (!email) return 'auth.validation.emailRequired';
  return isValidEmail(email) ? undefined : 'auth.validation.emailInvalid';
}

/** The first rule the password breaks, worded by shared/rules/password.ts's issue code. */
export function passwordError(value: string): string | undefined {
  const [first] = passwordIssues(value);
  return first ? `auth.password.issues.${first}` : undefined;
}

export function confirmPasswordError(password: string, confirmation: string): string | undefined {
  if (!confirmation) return 'auth.validation.required';
  return confirmation === password ? undefined : 'auth.validation.passwordMismatch';
}

export function displayNameError(value: string): string | undefined {
  const name = value.trim();
  if (!name) return undefined;
  return [...name].length >= DISPLAY_NAME_MIN_LENGTH ? undefined : 'auth.validation.displayNameTooShort';
}

export const requiredError = (value: string): string | undefined =>
  value.trim() ? undefined : 'auth.validation.required';

export interface RegistrationValues {
  email: string;
  password: string;
  confirmPassword: string;
  displayName: string;
  acceptTerms: boolean;
}

export type RegistrationErrors = Partial<Record<keyof RegistrationValues, string>>;

export function registrationErrors(values: RegistrationValues): RegistrationErrors {
  const errors: RegistrationErrors = {
    email: emailError(values.email),
    password: passwordError(values.password),
    confirmPassword: confirmPasswordError(values.password, values.confirmPassword),
    displayName: displayNameError(values.displayName),
    acceptTerms: values.acceptTerms ? undefined : 'auth.validation.termsRequired',
  };
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v !== undefined));
}
