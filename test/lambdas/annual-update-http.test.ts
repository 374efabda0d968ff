import { InitiateAuthCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDocumentClient } from '../../lambdas/common/dynamo';
import { getEntity, newEntityMeta } from '../../lambdas/directory/directory-repository';
import { removeRecord, seedRecord } from './directory-writes';
import { getCampaignLock } from '../../lambdas/annual-update/campaign-repository';
import { closeCampaign } from '../../lambdas/annual-update/campaign-service';
import { ROUTES, type RouteDef } from '../../lambdas/routes';
import type { DemoAccount, StackInfo } from '../../local/stack-info';
import {
  CurrentCampaignResponseSchema,
  ParticipantsResponseSchema,
  SendJobProgressSchema,
  StartCampaignResponseSchema,
} from '@shared/contracts/annual-update-api';
import { ParentFormSchema, ProfileFormResponseSchema, UpdateSubmitResponseSchema } from '@shared/rules/parent-form';
import type { Parent } from '@shared/schemas/parent';
import { useStack } from '../support/stack';
import { mailTo, tokenIn } from './annual-update-support';
import { stackCognito } from './auth-support';

/**
 * The annual-update routes over HTTP through the local gateway, on the shared seeded stack, signed in through
 * cognito-local like the browser. This file adds one parent of its own, runs a campaign for a school year no
 * other test uses, and removes both at the end, so the seeded school is as it found it.
 */
let stack: StackInfo;
let cognito: CognitoIdentityProviderClient;
const tokens: Partial<Record<DemoAccount['role'], string>> = {};
let own: Parent;

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

async function call(method: string, path: string, options: { as?: DemoAccount['role']; body?: unknown } = {}) {
  const response = await fetch(`${stack.appUrl}${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(options.as ? { Authorization: `Bearer ${tokens[options.as]}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** A route's path with its parameters filled with well-formed ids. */
const concrete = (route: RouteDef) => route.path.replace(/\{[^}]+\}/g, () => ulid());

beforeAll(async () => {
  stack = useStack();
  resetDocumentClient();
  cognito = stackCognito(stack);
  for (const role of ['admin', 'parent', 'staff'] as const) tokens[role] = await idTokenOf(role);
  own = await seedRecord('PARENT', {
    ...newEntityMeta(),
    firstName: 'Anne-Sophie',
    lastName: "D'Aragon-Lévesque",
    email: `http-${ulid().toLowerCase()}@test.example`,
    phone: '4505550111',
    address: { street: '9, rue Principale', city: 'Laval', postalCode: 'H7N 1A1' },
    interests: ['reading'],
    skills: '',
    participation: 'full',
    preferredLanguage: 'fr',
  });
});

afterAll(async () => {
  const lock = await getCampaignLock();
  if (lock) await closeCampaign(lock.owner, 'test-cleanup');
  const current = await getEntity('PARENT', own.id);
  if (current) await removeRecord('PARENT', current);
  cognito.destroy();
});

const ADMIN_ROUTES = (ROUTES as readonly RouteDef[]).filter((r) => r.context === 'annual-update' && r.access === 'admin');

describe('access', () => {
  it.each(ADMIN_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: 401 without a token, 403 for a parent and for staff',
    async (_name, route) => {
      const body = route.method === 'GET' ? undefined : {};
      expect((await call(route.method, concrete(route), { body })).status).toBe(401);
      for (const as of ['parent', 'staff'] as const) {
        const response = await call(route.method, concrete(route), { as, body });
        expect(response).toEqual({ status: 403, body: { error: { code: 'FORBIDDEN' } } });
      }
    },
  );

  it('keeps the token out of paths and query strings: the token routes read it from the POST body only', async () => {
    const token = 'A'.repeat(43);
    expect((await call('GET', `/api/update/load?token=${token}`)).status).toBe(405);
    expect((await call('POST', `/api/update/load?token=${token}`)).status).toBe(400);
    expect((await call('POST', `/api/update/load/${token}`)).status).toBe(404);
    expect(await call('POST', '/api/update/load', { body: { token } })).toEqual({
      status: 404,
      body: { error: { code: 'TOKEN_INVALID' } },
    });
    expect((await call('POST', '/api/update/submit', { body: 'not json' })).status).toBe(400);
  });
});

describe('a campaign over HTTP', () => {
  it('starts, emails a link, loads and submits the form, lists participants, and closes', async () => {
    const started = await call('POST', '/api/admin/annual-update/campaigns', {
      as: 'admin',
      body: { schoolYear: '2080-2081', deadline: '2080-10-15', confirmation: 'confirm' },
    });
    expect(started.status).toBe(201);
    const { campaign } = StartCampaignResponseSchema.parse(started.body);
    expect(campaign.counts.totalParents).toBeGreaterThan(300);
    const base = `/api/admin/annual-update/campaigns/${campaign.id}`;

    const created = await call('POST', `${base}/send-jobs`, { as: 'admin', body: { mode: 'selected', parentIds: [own.id] } });
    expect(created.status).toBe(201);
    let progress = SendJobProgressSchema.parse(created.body);
    const current = CurrentCampaignResponseSchema.parse((await call('GET', '/api/admin/annual-update', { as: 'admin' })).body);
    expect(current.activeJob?.jobId).toBe(progress.jobId);
    while (!progress.done) {
      progress = SendJobProgressSchema.parse((await call('POST', `${base}/send-jobs/${progress.jobId}/continue`, { as: 'admin' })).body);
    }
    expect(progress).toMatchObject({ status: 'completed', sent: 1 });

    const mail = await mailTo(stack, own.email!);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain('Mise à jour annuelle');
    expect(mail[0]!.body.text).toContain('15 octobre 2080');
    const token = tokenIn(mail[0]!);

    const loaded = await call('POST', '/api/update/load', { body: { token } });
    expect(loaded.status).toBe(200);
    const form = ParentFormSchema.parse(loaded.body);
    expect(form.parent).toMatchObject({ id: own.id, phone: '4505550111', email: own.email });

    const { id: _id, email: _email, ...fields } = form.parent;
    const submitted = await call('POST', '/api/update/submit', {
      body: { token, data: { ...fields, phone: '450 555-0199', participation: 'limited' } },
    });
    expect(submitted.status).toBe(200);
    expect(UpdateSubmitResponseSchema.parse(submitted.body)).toMatchObject({ hasAccount: false });
    expect(await getEntity('PARENT', own.id)).toMatchObject({ phone: '4505550199', participation: 'limited' });

    const listed = ParticipantsResponseSchema.parse((await call('GET', `${base}/participants`, { as: 'admin' })).body);
    expect(listed.participants.find((p) => p.parentId === own.id)).toMatchObject({
      emailSent: true,
      submitted: true,
      optedOut: false,
      history: [{ event: 'emailSent' }, { event: 'submitted', via: 'link' }],
    });
    expect(listed.campaign.counts).toMatchObject({ emailsSent: 1, formsSubmitted: 1 });

    const closed = await call('POST', `${base}/close`, { as: 'admin' });
    expect(closed).toMatchObject({ status: 200, body: { status: 'completed' } });
    expect(await call('POST', '/api/update/load', { body: { token } })).toMatchObject({
      status: 410,
      body: { error: { code: 'CAMPAIGN_CLOSED' } },
    });
    // Valid data with the closed campaign's link, then with a forged one: the link decides, nothing is written.
    const data = { ...fields, phone: '450 555-0142', participation: 'full' };
    expect(await call('POST', '/api/update/submit', { body: { token, data } })).toMatchObject({
      status: 410,
      body: { error: { code: 'CAMPAIGN_CLOSED' } },
    });
    expect(await call('POST', '/api/update/submit', { body: { token: 'Q'.repeat(43), data } })).toEqual({
      status: 404,
      body: { error: { code: 'TOKEN_INVALID' } },
    });
    expect(await getEntity('PARENT', own.id)).toMatchObject({ phone: '4505550199', participation: 'limited' });
  });

  it('serves My Profile to the demo parent and tells staff there is no parent profile', async () => {
    const parent = await call('GET', '/api/profile/form', { as: 'parent' });
    expect(parent.status).toBe(200);
    const { form, parents } = ProfileFormResponseSchema.parse(parent.body);
    expect(form.parent.email).toBe('parent@ecole-demo.example');
    expect(form.children.length).toBe(2);
    expect(parents).toHaveLength(1);
    expect(await call('GET', '/api/profile/form', { as: 'staff' })).toEqual({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
    expect((await call('PUT', '/api/profile', { as: 'parent', body: { data: { version: 1 } } })).status).toBe(400);
  });
});
