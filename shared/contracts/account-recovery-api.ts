import * as z from 'zod';
import { AUTH_LOCALES, EmailInputSchema } from './auth-api';
import { PASSWORD_MAX_LENGTH } from '../rules/password';

/**
 * Contracts of the `account-recovery` context (docs/auth.md "Taking over an unconfirmed account"): someone whose
 * address was used to create an account they never confirmed proves they own the mailbox and sets the password.
 */

/** POST /api/account-recovery/start: always 202 with an empty body, whatever the address (no enumeration). */
export const RecoveryStartRequestSchema = z.strictObject({
  email: EmailInputSchema,
  locale: z.enum(AUTH_LOCALES),
});
export type RecoveryStartRequest = z.input<typeof RecoveryStartRequestSchema>;

/** The emailed token: 32 random bytes, base64url (43 characters). */
export const RECOVERY_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** POST /api/account-recovery/complete. The password must also pass shared/rules/password.ts (checked by the server). */
export const RecoveryCompleteRequestSchema = z.strictObject({
  token: z.string().max(100),
  password: z.string().max(PASSWORD_MAX_LENGTH * 4),
});
export type RecoveryCompleteRequest = z.input<typeof RecoveryCompleteRequestSchema>;

/** The completed account's address, so the page can sign the person in with the password they just chose. */
export const RecoveryCompleteResponseSchema = z.object({ email: z.string() });
export type RecoveryCompleteResponse = z.infer<typeof RecoveryCompleteResponseSchema>;

/** The emailed link opens this page of the app with the token in the query string. */
export const RECOVERY_LINK = { path: '/auth/recover', tokenParam: 'token' } as const;

/** How long an emailed link stays valid. */
export const RECOVERY_TOKEN_TTL_SECONDS = 60 * 60;
