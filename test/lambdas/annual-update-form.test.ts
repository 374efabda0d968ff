import { AdminDeleteUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetCognitoClient } from '../../lambdas/common/cognito';
import { getEntity, membershipsOf } from '../../lambdas/directory/directory-repository';
import { getCampaign, getParticipant } from '../../lambdas/annual-update/campaign-repository';
import { closeCampaign, startCampaign } from '../../lambdas/annual-update/campaign-service';
import { handler } from '../../lambdas/annual-update/index';
import { loadByToken } from '../../lambdas/annual-update/parent-form-service';
import { hashToken } from '../../lambdas/annual-update/token-repository';
import { documentClient, tableName } from '../../lambdas/common/dynamo';
import { keys } from '../../lambdas/common/keys';
import { continueSendJob, startSendJob } from '../../lambdas/annual-update/send-job-service';
import { ParentFormSchema, UpdateSubmitResponseSchema, type ParentForm } from '@shared/rules/parent-form';
import type { Parent } from '@shared/schemas/parent';
import { claimsFor, createPoolUser, stackCognito } from './auth-support';
import { invoke, mailTo, seedSmallSchool, testSendDeps, tokenIn, type SmallSchool } from './annual-update-support';
import { scanAll, useDirectoryTable } from './directory-support';
import { workerStack } from '../support/stack';

/**
 * The parent form through the update link and My Profile, in-process against this file's own table: loading
 * writes nothing, token errors, submit and opt-out rules, optimistic locking, and refusals that change nothing.
 */
useDirectoryTable('annual-update-form');

const stack = workerStack();
let school: SmallSchool;
let campaignId: string;
/** A parent with a co-parent and at least one committee seat, and their update link. */
let target: Parent;
let coParent: Parent;
let token: string;

const LOAD = { method: 'POST', resource: '/api/update/load' };
const SUBMIT = { method: 'POST', resource: '/api/update/submit' };

/** The form's fields as the UI would send them back. */
const answer = (form: ParentForm, changes: Record<string, unknown> = {}) => {
  const { id: _id, email: _email, ...fields } = form.parent;
  return { ...fields, ...changes };
};

beforeAll(async () => {
  school = await seedSmallSchool('form');
  const seated = new Set(school.memberships.filter((m) => m.personType === 'PARENT').map((m) => m.personId));
  const parentsOf = (studentId: string) => school.families.filter((f) => f.studentId === studentId).map((f) => f.parentId);
  target = school.reachable.find(
    (p) => seated.has(p.id) && school.families.some((f) => f.parentId === p.id && parentsOf(f.studentId).length > 1),
  )!;
  const child = school.families.find((f) => f.parentId === target.id && parentsOf(f.studentId).length > 1)!;
  coParent = school.parents.find((p) => p.id !== target.id && parentsOf(child.studentId).includes(p.id))!;

  const { campaign } = await startCampaign({ schoolYear: '2060-2061', deadline: '2060-10-01', confirmation: 'confirm' }, 'admin-1');
  campaignId = campaign.id;
  const job = await startSendJob(campaignId, { mode: 'selected', parentIds: [target.id, coParent.id] }, 'admin-1', {
    now: () => new Date(),
  });
  await continueSendJob(campaignId, job.jobId, testSendDeps(stack));
  token = tokenIn((await mailTo(stack, target.email!))[0]!);
});

afterAll(async () => {
  await closeCampaign(campaignId, 'test-cleanup');
});

describe('POST /api/update/load', () => {
  it("returns the parent's form (children, classes, committees, campaign) and writes nothing", async () => {
    const before = await scanAll();

    const response = await invoke(handler, { ...LOAD, body: { token } });

    expect(response.status).toBe(200);
    const form = ParentFormSchema.parse(response.body);
    expect(form.parent).toMatchObject({ id: target.id, email: target.email, version: target.version, phone: target.phone });
    expect(form.children.length).toBeGreaterThan(0);
    expect(form.children.every((c) => c.classCode !== undefined)).toBe(true);
    expect(form.committees.map((c) => c.committeeId).sort()).toEqual(
      school.memberships.filter((m) => m.personId === target.id).map((m) => m.committeeId).sort(),
    );
    expect(form.campaign).toEqual({ schoolYear: '2060-2061', deadline: '2060-10-01' });
    expect(form.school.name).toBe(school.settings.schoolName);
    expect(await scanAll()).toEqual(before);
  });

  it('answers TOKEN_INVALID for unknown or malformed tokens and 400 for a missing one, writing nothing', async () => {
    const before = await scanAll();
    const unknown = 'A'.repeat(43);
    for (const body of [{ token: unknown }, { token: `${token}x` }, { token: token.slice(1) }, { token: '../../etc' }]) {
      const response = await invoke(handler, { ...LOAD, body });
      expect(response).toEqual({ status: 404, body: { error: { code: 'TOKEN_INVALID' } } });
    }
    for (const body of [{}, { token: 42 }, { token, extra: true }, undefined]) {
      expect((await invoke(handler, { ...LOAD, body })).status).toBe(400);
    }
    expect((await invoke(handler, { ...LOAD, rawBody: '{"token":' })).body).toEqual({ error: { code: 'INVALID_JSON' } });
    expect(await scanAll()).toEqual(before);
  });

  it('answers TOKEN_EXPIRED once the link is past its expiry', async () => {
    // A link lives through its campaign's deadline (2060-10-01) and two days more, however far (link-extension.ts).
    await expect(loadByToken(token, new Date('2060-10-02T12:00:00Z'))).resolves.toBeDefined();
    await expect(loadByToken(token, new Date('2060-10-04T00:00:00Z'))).rejects.toThrow('TOKEN_EXPIRED');
  });
});

describe('POST /api/update/submit', () => {
  // A valid body, so the answer comes from the link itself rather than from validation (which runs first).
  it('refuses valid data sent with a forged link (404) or an expired one (410), writing nothing', async () => {
    const form = ParentFormSchema.parse((await invoke(handler, { ...LOAD, body: { token } })).body);
    const data = answer(form, { phone: '514 555-0123' });
    const before = await scanAll();

    for (const forged of ['A'.repeat(43), `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`]) {
      const response = await invoke(handler, { ...SUBMIT, body: { token: forged, data } });
      expect(response).toEqual({ status: 404, body: { error: { code: 'TOKEN_INVALID' } } });
    }
    const key = keys.updateToken(hashToken(token));
    const stored = (await documentClient().send(new GetCommand({ TableName: tableName(), Key: key }))).Item!;
    const past = Math.floor(Date.now() / 1000) - 60;
    await documentClient().send(new PutCommand({ TableName: tableName(), Item: { ...stored, expiresAt: past } }));
    try {
      const expired = await invoke(handler, { ...SUBMIT, body: { token, data } });
      expect(expired).toMatchObject({ status: 410, body: { error: { code: 'TOKEN_EXPIRED' } } });
    } finally {
      await documentClient().send(new PutCommand({ TableName: tableName(), Item: stored }));
    }
    expect(await scanAll()).toEqual(before);
  });

  it('updates only that parent, normalises phone and postal code, and records the submission once', async () => {
    const form = ParentFormSchema.parse((await invoke(handler, { ...LOAD, body: { token } })).body);
    const coParentBefore = await getEntity('PARENT', coParent.id);
    const data = answer(form, {
      firstName: '  Marie-Ève ',
      phone: '(514) 555-0199',
      address: { street: '12, rue des Érables', city: 'Montréal', postalCode: 'h2x1y4' },
      interests: ['music', 'gardening'],
      skills: 'Menuiserie',
    });

    const response = await invoke(handler, { ...SUBMIT, body: { token, data } });

    expect(response.status).toBe(200);
    const body = UpdateSubmitResponseSchema.parse(response.body);
    expect(body.hasAccount).toBe(false);
    expect(body.unchanged).toBeUndefined();
    const stored = (await getEntity('PARENT', target.id))!;
    expect(stored).toMatchObject({
      firstName: 'Marie-Ève',
      phone: '5145550199',
      address: { street: '12, rue des Érables', city: 'Montréal', postalCode: 'H2X 1Y4' },
      interests: ['music', 'gardening'],
      email: target.email,
      version: target.version + 1,
    });
    expect(body.form.parent).toMatchObject({ firstName: 'Marie-Ève', version: target.version + 1 });
    expect(await getEntity('PARENT', coParent.id)).toEqual(coParentBefore);
    const participant = (await getParticipant(campaignId, target.id))!;
    expect(participant.submittedAt).toBeDefined();
    expect(participant.history!.map((h) => h.event)).toEqual(['emailSent', 'submitted']);
    expect((await getCampaign(campaignId))!.formsSubmitted).toBe(1);
    // The audit trail names the changed fields, never their values.
    const audit = (await scanAll()).filter((i) => i.type === 'AUDIT' && (i.target as { id: string }).id === target.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.fields).toEqual(['firstName', 'phone', 'address', 'interests', 'skills']);
    // Not '555' alone: a timestamp's milliseconds or an id can read 555.
    expect(JSON.stringify(audit)).not.toMatch(/5145550199|555-0199/);

    // The same form again: a conflict, since the version moved on; the fresh one counts as the same answer.
    const stale = await invoke(handler, { ...SUBMIT, body: { token, data } });
    expect(stale).toMatchObject({ status: 409, body: { error: { code: 'CONFLICT' } } });
    const again = await invoke(handler, { ...SUBMIT, body: { token, data: { ...data, version: stored.version } } });
    expect((await getCampaign(campaignId))!.formsSubmitted).toBe(1);
    // Nothing moved: the success page says « confirmed », not « your changes show ».
    expect(UpdateSubmitResponseSchema.parse(again.body).unchanged).toBe(true);
  });

  it('opts out (name only: phone, address, interests, skills and committee seats removed) and back in', async () => {
    const form = ParentFormSchema.parse((await invoke(handler, { ...LOAD, body: { token } })).body);
    expect(await membershipsOf('PARENT', target.id)).not.toEqual([]);

    const out = await invoke(handler, { ...SUBMIT, body: { token, data: answer(form, { participation: 'nameOnly' }) } });

    expect(out.status).toBe(200);
    const optedOut = (await getEntity('PARENT', target.id))!;
    expect(optedOut).toMatchObject({ participation: 'nameOnly', interests: [], skills: '', email: target.email });
    expect(optedOut.phone).toBeUndefined();
    expect(optedOut.address).toBeUndefined();
    expect(optedOut.firstName).toBe(form.parent.firstName);
    expect(await membershipsOf('PARENT', target.id)).toEqual([]);
    expect((await getCampaign(campaignId))!.optedOut).toBe(1);
    expect((await getParticipant(campaignId, target.id))!.optedOut).toBe(true);

    const back = await invoke(handler, {
      ...SUBMIT,
      body: { token, data: answer(ParentFormSchema.parse((out.body as { form: unknown }).form), { participation: 'limited', phone: '514-555-0123' }) },
    });

    expect(back.status).toBe(200);
    expect(await getEntity('PARENT', target.id)).toMatchObject({ participation: 'limited', phone: '5145550123' });
    expect((await getCampaign(campaignId))!).toMatchObject({ optedOut: 0, formsSubmitted: 1 });
    const events = (await getParticipant(campaignId, target.id))!.history!.map((h) => h.event);
    expect(events.slice(-3)).toEqual(['optedOut', 'submitted', 'optedIn']);
  });

  it('refuses invalid input with a 400 naming the field, and changes nothing', async () => {
    const form = ParentFormSchema.parse((await invoke(handler, { ...LOAD, body: { token } })).body);
    const before = await scanAll();
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: '' }, 'firstName'],
      [{ lastName: undefined }, 'lastName'],
      [{ phone: '555-1234' }, 'phone'],
      [{ phone: '514 555 1234 poste 2' }, 'phone'],
      [{ address: { street: '1, rue X', city: 'Laval', postalCode: 'ABC 123' } }, 'address.postalCode'],
      [{ address: { street: '1, rue X', city: '', postalCode: 'H7N 1A1' } }, 'address.city'],
      [{ email: 'someone-else@test.example' }, ''],
      [{ interests: ['knitting'] }, 'interests.0'],
      [{ participation: 'partial' }, 'participation'],
      [{ version: 0 }, 'version'],
    ];
    for (const [changes, path] of cases) {
      const response = await invoke(handler, { ...SUBMIT, body: { token, data: answer(form, changes) } });
      expect(response.status, JSON.stringify(changes)).toBe(400);
      const fields = (response.body as { error: { fields: { path: string }[] } }).error.fields;
      expect(fields.map((f) => f.path), JSON.stringify(changes)).toContain(path ? `data.${path}` : 'data');
    }
    expect((await invoke(handler, { ...SUBMIT, body: { token: 'B'.repeat(43), data: answer(form) } })).status).toBe(404);
    expect((await invoke(handler, { ...SUBMIT, body: { data: answer(form) } })).status).toBe(400);
    expect(await scanAll()).toEqual(before);
  });

  it('tells the success page whether an account exists for the email', async () => {
    const cognito = stackCognito(stack);
    resetCognitoClient();
    await createPoolUser(cognito, process.env.USER_POOL_ID!, target.email!, true);
    try {
      const form = ParentFormSchema.parse((await invoke(handler, { ...LOAD, body: { token } })).body);
      const response = await invoke(handler, { ...SUBMIT, body: { token, data: answer(form) } });
      expect(UpdateSubmitResponseSchema.parse(response.body).hasAccount).toBe(true);
    } finally {
      await cognito.send(new AdminDeleteUserCommand({ UserPoolId: process.env.USER_POOL_ID!, Username: target.email! }));
      cognito.destroy();
    }
  });
});

describe('My Profile: GET /api/profile/form and PUT /api/profile', () => {
  const FORM = { method: 'GET', resource: '/api/profile/form' };
  const PUT = { method: 'PUT', resource: '/api/profile' };

  it('serves and saves the same form for a signed-in parent, counting it as their answer', async () => {
    const claims = claimsFor(coParent.email!);
    const loaded = await invoke(handler, { ...FORM, claims });
    expect(loaded.status).toBe(200);
    const { form, parents } = loaded.body as { form: ParentForm; parents: { parentId: string }[] };
    expect(parents.map((p) => p.parentId)).toEqual([coParent.id]);
    expect(form.campaign?.schoolYear).toBe('2060-2061');

    const saved = await invoke(handler, { ...PUT, claims, body: { data: answer(form, { skills: 'Photographie' }) } });

    expect(saved.status).toBe(200);
    expect(await getEntity('PARENT', coParent.id)).toMatchObject({ skills: 'Photographie', version: coParent.version + 1 });
    const participant = (await getParticipant(campaignId, coParent.id))!;
    expect(participant.history!.at(-1)).toMatchObject({ event: 'submitted', via: 'profile' });
  });

  it("refuses another parent's record, staff without a parent record, and invalid input, changing nothing", async () => {
    const claims = claimsFor(coParent.email!);
    const form = ParentFormSchema.parse((await invoke(handler, { ...FORM, claims }) as { body: { form: unknown } }).body.form);
    const before = await scanAll();

    expect((await invoke(handler, { ...FORM, claims, query: { parentId: target.id } })).status).toBe(403);
    expect((await invoke(handler, { ...PUT, claims, body: { parentId: target.id, data: answer(form) } })).status).toBe(403);
    expect((await invoke(handler, { ...PUT, claims, body: { data: answer(form, { phone: '12' }) } })).status).toBe(400);
    expect((await invoke(handler, { ...PUT, claims, body: answer(form) })).status).toBe(400);
    expect((await invoke(handler, { ...FORM, claims, query: { parentId: 'x' } })).status).toBe(400);
    const staff = school.staff.find((s) => s.email)!;
    expect((await invoke(handler, { ...FORM, claims: claimsFor(staff.email!) })).status).toBe(404);
    expect((await invoke(handler, { ...FORM })).status).toBe(401);
    expect(await scanAll()).toEqual(before);
  });
});
