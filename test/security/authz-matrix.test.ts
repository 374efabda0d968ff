import { randomBytes } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminSetUserPasswordCommand,
  SignUpCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDocumentClient } from '../../lambdas/common/dynamo';
import { grantRole } from '../../lambdas/registry/admin-roles';
import { ADMIN_GROUP, ROUTES, routeKey } from '../../lambdas/routes';
import { addDays, schoolDay } from '@shared/rules/school-calendar';
import { demoTokens, idTokenFor } from '../../local/sign-in';
import type { StackInfo } from '../../local/stack-info';
import type { ParentForm } from '@shared/rules/parent-form';
import { createPoolUser, registerPerson, stackCognito, uniqueEmail } from '../lambdas/auth-support';
import { mailTo, tokenIn } from '../lambdas/annual-update-support';
import { startTableStack, type IsolatedStack } from '../support/isolated-stack';
import { ACTORS, FAMILY_SCOPED, MATRIX, REFUSAL_CODE, SHORT_CODE_HOLDER_AS, type Actor, type Cell } from './authz-matrix.data';

/**
 * Runs the authorisation matrix (authz-matrix.data.ts) over HTTP, through the local gateway, against a stack of
 * its own (the matrix starts and closes campaigns to hold real update links). Every route of lambdas/routes.ts
 * must have a row; every cell is one request.
 */
const PASSWORD = 'Bottin2025';
const UNKNOWN_ID = '01KZZZZZZZZZZZZZZZZZZZZZZZ';

let iso: IsolatedStack;
let stack: StackInfo;
let cognito: CognitoIdentityProviderClient;
/** The matrix's callers, and a short-code holder (a paper letter's code), who gets the cells of SHORT_CODE_HOLDER_AS. */
type Caller = Actor | 'code';
const bearer: Partial<Record<Caller, string>> = {};
let validLink = '';
let expiredLink = '';
const forgedLink = randomBytes(32).toString('base64url');
let ownForm: ParentForm;
let foreignParentId = '';

const idToken = (email: string, password: string) => idTokenFor(stack, email, password);

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stack.appUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${bearer.admin}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Starts a campaign, emails one parent through a send job, and returns the link from the email. */
async function campaignLink(schoolYear: string, parentId: string, email: string): Promise<{ campaignId: string; token: string }> {
  const { campaign } = await api<{ campaign: { id: string } }>('POST', '/api/admin/annual-update/campaigns', {
    schoolYear,
    confirmation: 'confirm',
  });
  const base = `/api/admin/annual-update/campaigns/${campaign.id}`;
  const before = (await mailTo(stack, email)).length;
  let job = await api<{ jobId: string; done: boolean }>('POST', `${base}/send-jobs`, { mode: 'selected', parentIds: [parentId] });
  for (let i = 0; !job.done && i < 30; i++) job = await api('POST', `${base}/send-jobs/${job.jobId}/continue`);
  expect(job.done).toBe(true);
  const mails = await mailTo(stack, email);
  expect(mails.length).toBe(before + 1);
  return { campaignId: campaign.id, token: tokenIn(mails.at(-1)!) };
}

beforeAll(async () => {
  iso = await startTableStack('authz-matrix', { families: 8 });
  stack = iso.info;
  Object.assign(process.env, stack.lambdaEnv);
  resetDocumentClient();
  cognito = stackCognito(stack);
  Object.assign(bearer, await demoTokens(stack));
  bearer.other = bearer.parent;
  // Registered but never verified: signs up like a parent (the trigger confirms, never verifies), then signs in.
  const unverified = uniqueEmail('matrix-unverified');
  await registerPerson(unverified);
  await cognito.send(new SignUpCommand({ ClientId: stack.userPoolClientId, Username: unverified, Password: PASSWORD }));
  bearer.unverified = await idToken(unverified, PASSWORD);
  // Verified, but not (or no longer) in the registry.
  const removed = uniqueEmail('matrix-removed');
  await createPoolUser(cognito, stack.userPoolId, removed, true);
  await cognito.send(
    new AdminSetUserPasswordCommand({ UserPoolId: stack.userPoolId, Username: removed, Password: PASSWORD, Permanent: true }),
  );
  bearer.removed = await idToken(removed, PASSWORD);
  // A former administrator: their role ended yesterday, their token still claims the group.
  const former = uniqueEmail('matrix-expired');
  await registerPerson(former, 'STAFF', 'Ancienne Admin');
  const formerSub = await createPoolUser(cognito, stack.userPoolId, former, true);
  await cognito.send(
    new AdminSetUserPasswordCommand({ UserPoolId: stack.userPoolId, Username: former, Password: PASSWORD, Permanent: true }),
  );
  await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: stack.userPoolId, Username: formerSub, GroupName: ADMIN_GROUP }));
  await grantRole({ email: former, from: addDays(schoolDay(), -30), until: addDays(schoolDay(), -1) }, { kind: 'system', id: 'test' });
  bearer.expired = await idToken(former, PASSWORD);

  // The demo parent's own record, and a parent of another family.
  const own = await fetch(`${stack.appUrl}/api/profile/form`, { headers: { Authorization: `Bearer ${bearer.parent}` } });
  ownForm = ((await own.json()) as { form: ParentForm }).form;
  const directory = (await api<{ parents: { id: string; email?: string }[] }>('GET', '/api/directory')).parents;
  const foreign = directory.find((p) => p.id !== ownForm.parent.id && p.email && p.email !== ownForm.parent.email)!;
  foreignParentId = foreign.id;

  // A link of a campaign since closed (expired), then a link of the running campaign (valid).
  const expired = await campaignLink('2040-2041', foreign.id, foreign.email!);
  await api('POST', `/api/admin/annual-update/campaigns/${expired.campaignId}/close`);
  expiredLink = expired.token;
  const running = await campaignLink('2041-2042', foreign.id, foreign.email!);
  validLink = running.token;
  // A paper letter's short code, of a parent without an email in the running campaign.
  const printed = await api<{ letters: { code: string }[] }>('POST', `/api/admin/annual-update/campaigns/${running.campaignId}/letters`, {});
  expect(printed.letters.length).toBeGreaterThan(0);
  bearer.code = printed.letters[0]!.code;
  // Link holders have no account: what they hold is the link, and they may try it as a credential.
  bearer.link = validLink;
  bearer.stale = expiredLink;
}, 240_000);

afterAll(async () => {
  cognito?.destroy();
  await iso?.stop();
});

function concretePath(path: string): string {
  return path.replace(/\{[^}]+\}/g, UNKNOWN_ID);
}

/** The request a caller makes in a cell (see authz-matrix.data.ts). `variant` 1 = stale's forged link. */
function requestFor(key: string, actor: Caller, variant: 0 | 1): { path: string; init: RequestInit } {
  const [method, pattern] = key.split(' ') as [string, string];
  let path = concretePath(pattern);
  const isTokenRoute = ROUTES.find((r) => `${r.method} ${r.path}` === key)?.access === 'token';
  let body: unknown = method === 'GET' ? undefined : {};
  const holder = actor === 'link' || actor === 'stale' || actor === 'code';
  if (isTokenRoute && holder) {
    body = { token: actor === 'code' ? bearer.code : actor === 'link' ? validLink : variant === 0 ? expiredLink : forgedLink };
  }
  if (actor === 'other' && FAMILY_SCOPED.has(key)) {
    if (method === 'GET') path += `?parentId=${foreignParentId}`;
    else {
      const p = ownForm.parent;
      body = {
        parentId: foreignParentId,
        data: { version: p.version, firstName: 'Intrus', lastName: 'Intrus', participation: 'full', preferredLanguage: 'fr' },
      };
    }
  }
  const credential = actor === 'anon' ? undefined : actor === 'stale' && variant === 1 ? forgedLink : bearer[actor];
  const onlyBody = isTokenRoute && holder;
  return {
    path,
    init: {
      method,
      headers: {
        ...(credential && !onlyBody ? { Authorization: `Bearer ${credential}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    },
  };
}

describe('authorisation matrix', () => {
  it('has a row for every route of the route table, and no row for a route that does not exist', () => {
    const defined = ROUTES.map((r) => `${r.method} ${r.path}`).sort();
    expect(Object.keys(MATRIX).sort()).toEqual(defined);
  });

  const cells: { key: string; actor: Caller; variant: 0 | 1; expected: number }[] = [];
  for (const [key, row] of Object.entries(MATRIX)) {
    ACTORS.forEach((actor, column) => {
      const cell: Cell = row[column]!;
      if (typeof cell === 'number') cells.push({ key, actor, variant: 0, expected: cell });
      else cell.forEach((expected, variant) => cells.push({ key, actor, variant: variant as 0 | 1, expected }));
    });
    // Public routes answer every caller alike (and some count callers per address: one more would trip them).
    const codeCell = row[ACTORS.indexOf(SHORT_CODE_HOLDER_AS)]!;
    if (ROUTES.find((r) => routeKey(r) === key)?.access !== 'public') {
      cells.push({ key, actor: 'code', variant: 0, expected: typeof codeCell === 'number' ? codeCell : codeCell[0] });
    }
  }

  // Cells are independent requests (refusals, or reads with unknown ids): they run a few at a time (vitest's
  // maxConcurrency, 5), so the stack's function and DynamoDB Local overlap instead of waiting on each other.
  it.concurrent.for(cells)('$key as $actor ($variant) -> $expected', async ({ key, actor, variant, expected }, { expect }) => {
    const { path, init } = requestFor(key, actor, variant);
    const response = await fetch(`${stack.appUrl}${path}`, init);
    const text = await response.text();
    expect(response.status, text.slice(0, 300)).toBe(expected);
    const code = REFUSAL_CODE[actor === 'code' ? SHORT_CODE_HOLDER_AS : actor]?.[expected];
    if (code) expect((JSON.parse(text) as { error?: { code?: string } }).error?.code).toBe(code);
    // No stack trace or internal name ever reaches a caller.
    expect(text).not.toMatch(/at \w+ \(|node_modules|\.ts:\d+|TableName|dynamodb/i);
  });

  it('left the foreign parent untouched after the family-scoped attempts', async () => {
    const directory = await api<{ parents: { id: string; firstName: string }[] }>('GET', '/api/directory');
    expect(directory.parents.find((p) => p.id === foreignParentId)?.firstName).not.toBe('Intrus');
  });
});
