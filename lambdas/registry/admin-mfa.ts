import type { Caller } from '../common/claims';
import { hasTotpMfa } from '../common/cognito';
import { ENV, optionalEnv } from '../common/env';

/**
 * Administrators need a second factor (docs/auth.md "Administrators"): with ADMIN_MFA_REQUIRED, an administrator
 * whose account has no TOTP authenticator gets 403 MFA_REQUIRED on the admin routes until they enrol one. Once
 * enrolled, Cognito asks for the code at every sign-in, so every admin session has passed it.
 */
export function adminMfaRequired(): boolean {
  return optionalEnv(ENV.adminMfaRequired) === 'true';
}

/** True when MFA is required and this caller's account has none: read from Cognito on every admin request. */
export async function lacksAdminMfa(caller: Caller): Promise<boolean> {
  if (!adminMfaRequired()) return false;
  return !(await hasTotpMfa(caller.username ?? caller.sub));
}
