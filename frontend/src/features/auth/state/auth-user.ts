/**
 * The Cognito group of administrators. The server's constant lives in lambdas/routes.ts, which the frontend may
 * not import (dependencies go frontend -> shared only); a unit test keeps the two equal.
 */
export const ADMIN_GROUP = 'admins';

/** The signed-in user, plus the Cognito groups the ID token carries (for the admin check). */
export interface AuthUser {
  uid: string;
  email: string;
  displayName: string | null;
  emailVerified: boolean;
  groups: string[];
}

type Claims = Record<string, unknown>;

/** Cognito writes booleans as JSON booleans in AWS; some emulators and older pools write "true". */
function claimFlag(value: unknown): boolean {
  return value === true || value === 'true';
}

function claimGroups(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((g): g is string => typeof g === 'string');
  if (typeof value === 'string' && value) return value.split(',');
  return [];
}

/** The user as the ID token describes them; `null` when the token lacks an identity. */
export function userFromClaims(claims: Claims | undefined, previous: AuthUser | null = null): AuthUser | null {
  if (!claims || typeof claims.sub !== 'string' || typeof claims.email !== 'string') return null;
  const sameUser = previous?.uid === claims.sub;
  const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : null;
  return {
    uid: claims.sub,
    email: claims.email,
    // cognito-local leaves `name` out of ID tokens: keep the one read from the user's attributes.
    displayName: name ?? (sameUser ? previous.displayName : null),
    emailVerified: claimFlag(claims.email_verified),
    groups: claimGroups(claims['cognito:groups']),
  };
}

export const isAdminUser = (user: AuthUser | null): boolean => !!user?.groups.includes(ADMIN_GROUP);

/** What the header shows: the display name, else the address. */
export const userLabel = (user: AuthUser): string => user.displayName ?? user.email;
