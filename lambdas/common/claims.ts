import type { APIGatewayProxyEvent } from 'aws-lambda';
import { normalizeEmail } from '@shared/rules/email';
import type { PersonType } from './keys';

/** The caller as the Cognito authoriser (or the local gateway, which mimics it) describes them. */
export interface Caller {
  sub: string;
  email: string;
  emailVerified: boolean;
  groups: string[];
  /** The account's user name in the pool (`cognito:username`), for the Cognito admin calls. */
  username?: string;
  /** When the person signed in (epoch seconds, the token's `auth_time`; a refresh keeps it in Cognito). */
  authTime?: number;
}

/** A person the authorised-email index knows under an email. */
export interface RegisteredPerson {
  personType: PersonType;
  personId: string;
  email: string;
  /** Display name kept on the index item so sign-up can greet the person without reading the directory. */
  displayName: string;
}

/**
 * Reads the ID-token claims API Gateway's Cognito authoriser put on the event. They arrive as strings:
 * `email_verified` is "true"/"false", and `cognito:groups` is flattened to "a,b" or "[a b]".
 */
export function callerFromEvent(event: Pick<APIGatewayProxyEvent, 'requestContext'>): Caller | undefined {
  const claims = (event.requestContext?.authorizer as { claims?: Record<string, unknown> } | null | undefined)
    ?.claims;
  if (!claims || typeof claims.sub !== 'string' || typeof claims.email !== 'string') return undefined;
  return {
    sub: claims.sub,
    email: normalizeEmail(claims.email),
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    groups: parseGroups(claims['cognito:groups']),
    ...(typeof claims['cognito:username'] === 'string' ? { username: claims['cognito:username'] } : {}),
    ...(Number.isFinite(Number(claims.auth_time)) && claims.auth_time !== '' ? { authTime: Number(claims.auth_time) } : {}),
  };
}

function parseGroups(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.filter((g): g is string => typeof g === 'string');
  if (typeof raw !== 'string' || raw.trim() === '') return [];
  return raw
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}
