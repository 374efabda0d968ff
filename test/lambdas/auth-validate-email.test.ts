import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../lambdas/auth/index';
import type { ValidateEmailResponse } from '@shared/contracts/auth-api';
import type { StackInfo } from '../../local/stack-info';
import { useStack } from '../support/stack';
import { apiEvent, claimsFor, registerPerson, uniqueEmail, uniqueIp } from './auth-support';

let stack: StackInfo;
beforeAll(() => {
  stack = useStack();
});

const saved = { ...process.env };
afterEach(() => {
  for (const name of ['EXPOSE_NAMES_TO_ANONYMOUS', 'VALIDATE_EMAIL_RATE_LIMIT']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

/** The counter is per minute: start early in a minute so a test's calls all land in the same window. */
async function startOfWindow() {
  const second = new Date().getSeconds();
  if (second > 50) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
}

function validate(body: string | null, options: { sourceIp?: string; claims?: Record<string, string> } = {}) {
  return handler(apiEvent({ method: 'POST', resource: '/api/validateEmailV2', body, ...options }));
}

describe('POST /api/validateEmailV2 (in process)', () => {
  it('authorises a registered email, typed with spaces and capitals, without naming the person', async () => {
    const email = uniqueEmail('parent');
    await registerPerson(email, 'PARENT', 'Marie-Ève Côté');

    const response = await validate(JSON.stringify({ email: `  ${email.toUpperCase()} ` }));

    expect(response.statusCode).toBe(200);
    expect(response.headers?.['Cache-Control']).toBe('no-store');
    expect(JSON.parse(response.body)).toEqual({
      authorized: true,
      displayName: null,
      userType: null,
      message: 'EMAIL_AUTHORIZED',
    } satisfies ValidateEmailResponse);
  });

  it('refuses an email nobody registered', async () => {
    const response = await validate(JSON.stringify({ email: uniqueEmail('stranger') }));

    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body)).toEqual({
      authorized: false,
      displayName: null,
      userType: null,
      message: 'EMAIL_NOT_AUTHORIZED',
    });
  });

  it('names the person and role when the deployment opts in', async () => {
    process.env.EXPOSE_NAMES_TO_ANONYMOUS = 'true';
    const email = uniqueEmail('staff');
    await registerPerson(email, 'STAFF', 'Jean-François Dubé');

    const response = await validate(JSON.stringify({ email }));

    expect(JSON.parse(response.body)).toMatchObject({
      authorized: true,
      displayName: 'Jean-François Dubé',
      userType: 'staff',
    });
  });

  it('names the person for a signed-in caller asking about their own email only', async () => {
    const own = uniqueEmail('own');
    const other = uniqueEmail('other');
    await registerPerson(own, 'PARENT', 'Own Person');
    await registerPerson(other, 'PARENT', 'Other Person');
    const claims = claimsFor(own);

    const mine = JSON.parse((await validate(JSON.stringify({ email: own }), { claims })).body);
    const theirs = JSON.parse((await validate(JSON.stringify({ email: other }), { claims })).body);

    expect(mine).toMatchObject({ displayName: 'Own Person', userType: 'parent' });
    expect(theirs).toMatchObject({ authorized: true, displayName: null, userType: null });
  });

  it('answers invalid JSON with 400 INVALID_JSON', async () => {
    const response = await validate('{"email": ');

    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ error: { code: 'INVALID_JSON' } });
  });

  it('answers a malformed, missing or non-text email with 400 VALIDATION_FAILED on `email`', async () => {
    for (const body of [JSON.stringify({ email: 'marie@ecole' }), JSON.stringify({}), JSON.stringify({ email: 7 })]) {
      const response = await validate(body);
      expect(response.statusCode).toBe(400);
      const { error } = JSON.parse(response.body);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields.map((f: { path: string }) => f.path)).toEqual(['email']);
    }
  });

  it('answers an empty body with 400, never 5xx', async () => {
    const response = await validate(null);
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body).error.code).toBe('VALIDATION_FAILED');
  });

  it('answers 429 RATE_LIMITED with Retry-After once a client passes the limit, other clients unaffected', async () => {
    process.env.VALIDATE_EMAIL_RATE_LIMIT = '3';
    await startOfWindow();
    const ip = uniqueIp();
    const body = JSON.stringify({ email: uniqueEmail('sweep') });

    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await validate(body, { sourceIp: ip })).statusCode);
    const limited = await validate(body, { sourceIp: ip });
    const otherClient = await validate(body, { sourceIp: uniqueIp() });

    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(limited.statusCode).toBe(429);
    expect(JSON.parse(limited.body)).toEqual({ error: { code: 'RATE_LIMITED' } });
    const retryAfter = Number(limited.headers?.['Retry-After']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(otherClient.statusCode).toBe(200);
  });

  it('counts malformed requests against the limit too', async () => {
    process.env.VALIDATE_EMAIL_RATE_LIMIT = '2';
    await startOfWindow();
    const ip = uniqueIp();

    const statuses: number[] = [];
    for (const email of ['not-an-email', 'still-not', uniqueEmail('late')]) {
      statuses.push((await validate(JSON.stringify({ email }), { sourceIp: ip })).statusCode);
    }

    expect(statuses).toEqual([400, 400, 429]);
  });
});

describe('POST /api/validateEmailV2 through the local gateway', () => {
  async function post(body: string) {
    const response = await fetch(`${stack.appUrl}/api/validateEmailV2`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  }

  it('authorises a registered email and refuses an unknown one', async () => {
    const email = uniqueEmail('http');
    await registerPerson(email);

    const known = await post(JSON.stringify({ email }));
    const unknown = await post(JSON.stringify({ email: uniqueEmail('nobody') }));

    expect(known).toEqual({
      status: 200,
      json: { authorized: true, displayName: null, userType: null, message: 'EMAIL_AUTHORIZED' },
    });
    expect(unknown.json).toMatchObject({ authorized: false, message: 'EMAIL_NOT_AUTHORIZED' });
  });

  it('answers invalid JSON with 400', async () => {
    expect(await post('not json')).toEqual({ status: 400, json: { error: { code: 'INVALID_JSON' } } });
  });
});
