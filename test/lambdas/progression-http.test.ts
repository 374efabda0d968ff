import { InitiateAuthCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoAccount, StackInfo } from '../../local/stack-info';
import { ROUTES } from '../../lambdas/routes';
import type { CurrentProgressionResponse } from '@shared/contracts/progression-api';
import { useStack } from '../support/stack';
import { stackCognito } from './auth-support';

/**
 * The progression API over HTTP through the local gateway, signed in through cognito-local like the browser:
 * admins only. Nothing here changes the shared demo table (refused requests, reads, and one request refused
 * for its body before it touches anything).
 */

let stack: StackInfo;
let cognito: CognitoIdentityProviderClient;
const tokens: Partial<Record<DemoAccount['role'], string>> = {};
const someId = ulid();

async function idTokenOf(role: DemoAccount['role']): Promise<string> {
  const account = stack.demoAccounts.find((a) => a.role === role)!;
  const result = await cognito.send(
    new InitiateAuthCommand({
      ClientId: stack.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
    }),
  );
  return result.AuthenticationResult!.IdToken!;
}

async function request(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${stack.appUrl}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

beforeAll(async () => {
  stack = useStack();
  cognito = stackCognito(stack);
  for (const role of ['admin', 'parent', 'staff'] as const) tokens[role] = await idTokenOf(role);
});
afterAll(() => cognito.destroy());

describe('progression API access', () => {
  const routes = ROUTES.filter((route) => route.context === 'progression');

  it('every progression route is an admin route', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((route) => route.access !== 'admin')).toEqual([]);
  });

  it('answers 401 without a token and 403 FORBIDDEN to a parent and a staff member, on every route', async () => {
    for (const route of routes) {
      const path = route.path.replace('{progressionId}', someId).replace('{newStudentId}', someId).replace('{part}', '0');
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : { confirm: 'confirm' };
      expect((await request(route.method, path, undefined, body)).status, `${route.method} ${route.path}`).toBe(401);
      for (const role of ['parent', 'staff'] as const) {
        const answer = await request(route.method, path, tokens[role], body);
        expect(answer, `${role} ${route.method} ${route.path}`).toEqual({ status: 403, body: { error: { code: 'FORBIDDEN' } } });
      }
    }
  });

  it('serves an admin: the current progression, 404 for unknown ids, 400 without the confirmation word', async () => {
    const current = await request('GET', '/api/admin/progression', tokens.admin);
    expect(current.status).toBe(200);
    expect((current.body as CurrentProgressionResponse).schoolYear).toMatch(/^\d{4}-\d{4}$/);

    expect((await request('GET', `/api/admin/progression/${someId}`, tokens.admin)).status).toBe(404);
    expect((await request('GET', '/api/admin/progression/not-an-id/review', tokens.admin)).status).toBe(404);
    expect(await request('POST', `/api/admin/progression/${someId}/apply`, tokens.admin, { confirm: 'oui' })).toEqual({
      status: 400,
      body: { error: { code: 'VALIDATION_FAILED', fields: [{ path: 'confirm', issue: 'invalid_value' }] } },
    });
  });
});
