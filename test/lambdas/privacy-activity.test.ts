import type { APIGatewayProxyResult } from 'aws-lambda';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../../lambdas/common/audit';
import { handler as privacyHandler } from '../../lambdas/privacy/index';
import { MyActivityResponseSchema } from '@shared/contracts/privacy-activity-api';
import { useStack } from '../support/stack';
import { adminClaims, callAdmin } from './admin-support';
import { apiEvent, claimsFor, registerPerson, uniqueEmail } from './auth-support';
import { useDirectoryTable } from './directory-support';

/**
 * GET /api/me/activity (lambdas/privacy/activity, docs/privacy.md): a parent sees when administrators created,
 * changed or exported their record, with the date and the role only; their own changes and exports taken before
 * their record existed are left out.
 */

useStack();
useDirectoryTable('privacy-activity');
let admin: Record<string, string>;
beforeAll(async () => {
  admin = await adminClaims();
});

async function activityOf(claims: Record<string, string>) {
  const response = (await privacyHandler(apiEvent({ method: 'GET', resource: '/api/me/activity', claims }))) as APIGatewayProxyResult;
  return { status: response.statusCode, text: response.body };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('my activity', () => {
  it("lists administrators' changes and exports of the caller's record, newest first, without identities", async () => {
    // An export before the parent exists did not carry their record.
    expect((await callAdmin('GET', '/api/admin/export/json', { claims: admin })).status).toBe(200);
    await pause(20);
    const email = uniqueEmail('parent-activity');
    const created = await callAdmin('POST', '/api/admin/parents', { body: { firstName: 'Inès', lastName: 'Roy', email }, claims: admin });
    expect(created.status).toBe(201);
    const parentId = created.json.record.id as string;
    const edited = await callAdmin('PUT', '/api/admin/parents/{id}', {
      id: parentId,
      body: { firstName: 'Inès', lastName: 'Roy', email, phone: '514 555-0199', version: 1 },
      claims: admin,
    });
    expect(edited.status).toBe(200);
    expect((await callAdmin('GET', '/api/admin/export/csv', { claims: admin, query: { lang: 'fr' } })).status).toBe(200);
    // The parent's own change (My Profile): left out.
    const own = claimsFor(email);
    await writeAudit({ id: ulid(), at: new Date().toISOString(), actor: { kind: 'user', id: own.sub! }, action: 'parent.updateProfile', target: { type: 'PARENT', id: parentId }, fields: ['phone'] });

    const { status, text } = await activityOf(own);
    expect(status).toBe(200);
    const { entries } = MyActivityResponseSchema.parse(JSON.parse(text));
    expect(entries.map(({ role, kind, format, fields }) => ({ role, kind, format, fields }))).toEqual([
      { role: 'administrator', kind: 'exported', format: 'csv', fields: undefined },
      { role: 'administrator', kind: 'changed', format: undefined, fields: ['phone'] },
      { role: 'administrator', kind: 'created', format: undefined, fields: undefined },
    ]);
    // Never who: no administrator id or email in the answer.
    expect(text).not.toContain(admin.sub);
    expect(text).not.toContain(admin.email);
  });

  it("never shows the safety restriction: an administrator's change of it alone reads as nothing, elsewhere its name is left out", async () => {
    const email = uniqueEmail('parent-protected');
    const created = await callAdmin('POST', '/api/admin/parents', { body: { firstName: 'Héloïse', lastName: 'Gagnon', email }, claims: admin });
    expect(created.status).toBe(201);
    const parentId = created.json.record.id as string;
    const other = await callAdmin('POST', '/api/admin/parents', { body: { firstName: 'Marc', lastName: 'Gagnon' }, claims: admin });
    const restricted = await callAdmin('PUT', '/api/admin/parents/{id}/safety-restriction', {
      id: parentId,
      body: { version: 1, hiddenFrom: [other.json.record.id as string] },
      claims: admin,
    });
    expect(restricted.status).toBe(200);
    // A change that touched the restriction and another field (a merge, an import): the other field only.
    await writeAudit({ id: ulid(), at: new Date().toISOString(), actor: { kind: 'user', id: admin.sub! }, action: 'parent.update', target: { type: 'PARENT', id: parentId }, fields: ['phone', 'safetyRestriction'] });

    const own = claimsFor(email);
    const { status, text } = await activityOf(own);
    expect(status).toBe(200);
    const { entries } = MyActivityResponseSchema.parse(JSON.parse(text));
    expect(entries.map(({ kind, fields }) => ({ kind, fields }))).toEqual([
      { kind: 'changed', fields: ['phone'] },
      { kind: 'created', fields: undefined },
    ]);
    expect(text).not.toMatch(/restriction/i);
    // The same in "Download my data", JSON and CSV.
    for (const format of ['json', 'csv']) {
      const data = (await privacyHandler({ ...apiEvent({ method: 'GET', resource: '/api/me/data', claims: own }), queryStringParameters: { format } })) as APIGatewayProxyResult;
      expect(data.statusCode).toBe(200);
      expect(data.body).toContain('phone');
      expect(data.body).not.toMatch(/restriction/i);
    }
  });

  it("says that an administrator accepted or rejected the parent's own change held for review, not that they changed the record", async () => {
    const email = uniqueEmail('parent-reviewed');
    const created = await callAdmin('POST', '/api/admin/parents', { body: { firstName: 'Léa', lastName: 'Caron', email }, claims: admin });
    expect(created.status).toBe(201);
    const parentId = created.json.record.id as string;
    // The entries an administrator's review decision writes (lambdas/annual-update/review-service.ts, decideReview).
    const decision = (action: string, fields: string[]) =>
      writeAudit({ id: ulid(), at: new Date().toISOString(), actor: { kind: 'user', id: admin.sub! }, action, target: { type: 'PARENT', id: parentId }, fields });
    await pause(5);
    await decision('parent.reviewAccepted', ['phone']);
    await pause(5);
    await decision('parent.reviewRejected', ['address']);

    const { entries } = MyActivityResponseSchema.parse(JSON.parse((await activityOf(claimsFor(email))).text));
    expect(entries.map(({ role, kind, fields }) => ({ role, kind, fields }))).toEqual([
      { role: 'administrator', kind: 'rejected', fields: ['address'] },
      { role: 'administrator', kind: 'accepted', fields: ['phone'] },
      { role: 'administrator', kind: 'created', fields: undefined },
    ]);
  });

  it("says the co-parent shared a new address with the parent's record, from their update link or their account", async () => {
    const email = uniqueEmail('parent-shared');
    const created = await callAdmin('POST', '/api/admin/parents', { body: { firstName: 'Noémie', lastName: 'Gagnon', email }, claims: admin });
    expect(created.status).toBe(201);
    const parentId = created.json.record.id as string;
    // The entry the co-parent's answer writes on this parent's record (lambdas/annual-update/parent-form-service.ts):
    // by their update link (a token, which for any other action is the caller's own hand), then by their account.
    const shared = (actor: { kind: 'token' | 'user'; id: string }) =>
      writeAudit({ id: ulid(), at: new Date().toISOString(), actor, action: 'parent.addressSharedByCoParent', target: { type: 'PARENT', id: parentId }, fields: ['address'] });
    await pause(5);
    await shared({ kind: 'token', id: ulid() });
    await pause(5);
    await shared({ kind: 'user', id: 'co-parent-sub' });

    const { entries } = MyActivityResponseSchema.parse(JSON.parse((await activityOf(claimsFor(email))).text));
    expect(entries.map(({ role, kind, fields }) => ({ role, kind, fields }))).toEqual([
      { role: 'coParent', kind: 'addressShared', fields: ['address'] },
      { role: 'coParent', kind: 'addressShared', fields: ['address'] },
      { role: 'administrator', kind: 'created', fields: undefined },
    ]);
  });

  it('answers an empty list to a member without a parent record', async () => {
    const email = uniqueEmail('staff-activity');
    await registerPerson(email, 'STAFF', 'Personnel Test');
    const { status, text } = await activityOf(claimsFor(email));
    expect({ status, body: JSON.parse(text) }).toEqual({ status: 200, body: { entries: [] } });
  });
});
