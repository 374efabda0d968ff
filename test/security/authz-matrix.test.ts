import {
  AdminSetUserPasswordCommand,
  InitiateAuthCommand,
  SignUpCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDocumentClient } from '../../lambdas/common/dynamo';
import { ROUTES, type Access, type RouteDef } from '../../lambdas/routes';
import type { StackInfo } from '../../local/stack-info';
import { createPoolUser, registerPerson, stackCognito, uniqueEmail } from '../lambdas/auth-support';
import { useStack } from '../support/stack';

/**
 * Every API route of lambdas/routes.ts, called over HTTP through the local gateway by each kind of caller.
 * The expected outcome follows from the route's access level alone, so a route added to the table is covered
 * the moment it exists. Callers who may use a route are only sent GETs (and, for token routes, an empty body):
 * the matrix proves who gets in, never changes data.
 */
type Actor = 'anonymous' | 'unverified' | 'unregistered' | 'parent' | 'staff' | 'admin';
const PASSWORD = 'Bottin2025';

let stack: StackInfo;
let cognito: CognitoIdentityProviderClient;
const tokens: Partial<Record<Actor, string>> = {};

async function idToken(email: string, password: string): Promise<string> {
  const auth = await cognito.send(
    new InitiateAuthCommand({
      ClientId: stack.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  return auth.AuthenticationResult!.IdToken!;
}

async function verifiedAccount(email: string): Promise<string> {
  await createPoolUser(cognito, stack.userPoolId, email, true);
  await cognito.send(
    new AdminSetUserPasswordCommand({ UserPoolId: stack.userPoolId, Username: email, Password: PASSWORD, Permanent: true }),
  );
  return idToken(email, PASSWORD);
}

beforeAll(async () => {
  stack = useStack();
  resetDocumentClient();
  cognito = stackCognito(stack);
  for (const account of stack.demoAccounts) tokens[account.role] = await idToken(account.email, account.password);
  // Registered but never verified: signs up like a parent (the trigger confirms, never verifies), then signs in.
  // (Not through AdminCreateUser with email_verified "false": cognito-local turns that string into `true`.)
  const unverified = uniqueEmail('matrix-unverified');
  await registerPerson(unverified);
  await cognito.send(new SignUpCommand({ ClientId: stack.userPoolClientId, Username: unverified, Password: PASSWORD }));
  tokens.unverified = await idToken(unverified, PASSWORD);
  // Verified, but no longer in the registry (e.g. a parent removed by the school progression).
  tokens.unregistered = await verifiedAccount(uniqueEmail('matrix-removed'));
});
afterAll(() => cognito.destroy());

/** The status (or family of statuses) each actor must get, by access level. `ok` = let in (not 401/403). */
type Expected = 401 | 403 | 'ok';
const EXPECTED: Record<Access, Record<Actor, Expected>> = {
  public: { anonymous: 'ok', unverified: 'ok', unregistered: 'ok', parent: 'ok', staff: 'ok', admin: 'ok' },
  token: { anonymous: 'ok', unverified: 'ok', unregistered: 'ok', parent: 'ok', staff: 'ok', admin: 'ok' },
  member: { anonymous: 401, unverified: 403, unregistered: 403, parent: 'ok', staff: 'ok', admin: 'ok' },
  admin: { anonymous: 401, unverified: 403, unregistered: 403, parent: 403, staff: 403, admin: 'ok' },
};
const EXPECTED_CODE: Partial<Record<Actor, string>> = {
  anonymous: 'UNAUTHENTICATED',
  unverified: 'EMAIL_NOT_VERIFIED',
  unregistered: 'NOT_REGISTERED',
  parent: 'FORBIDDEN',
  staff: 'FORBIDDEN',
};

function concretePath(route: RouteDef): string {
  return route.path.replace(/\{[^}]+\}/g, 'matrix-unknown-id');
}

const ACTORS: Actor[] = ['anonymous', 'unverified', 'unregistered', 'parent', 'staff', 'admin'];

describe('authorisation matrix', () => {
  for (const route of ROUTES as readonly RouteDef[]) {
    for (const actor of ACTORS) {
      const expected = EXPECTED[route.access][actor];
      // Let-in callers only read: a write with an empty body must not be able to start real work.
      const safeToSend = expected !== 'ok' || route.method === 'GET' || route.access === 'token';
      if (!safeToSend) continue;
      it(`${route.method} ${route.path} as ${actor} -> ${expected}`, async () => {
        const token = tokens[actor];
        const response = await fetch(`${stack.appUrl}${concretePath(route)}`, {
          method: route.method,
          headers: {
            ...(token && actor !== 'anonymous' ? { Authorization: token } : {}),
            ...(route.method === 'GET' ? {} : { 'Content-Type': 'application/json' }),
          },
          ...(route.method === 'GET' ? {} : { body: '{}' }),
        });
        expect(response.status).toBeLessThan(500);
        if (expected === 'ok') {
          expect([401, 403]).not.toContain(response.status);
        } else {
          expect(response.status).toBe(expected);
          const body = (await response.json()) as { error?: { code?: string } };
          expect(body.error?.code).toBe(EXPECTED_CODE[actor]);
        }
      });
    }
  }
});
