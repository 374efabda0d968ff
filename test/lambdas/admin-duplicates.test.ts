import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { documentClient, tableName } from '../../lambdas/common/dynamo';
import { keys } from '../../lambdas/common/keys';
import { entityItem, familyItem, membershipItem } from '../../lambdas/directory/directory-items';
import { getEntity } from '../../lambdas/directory/directory-repository';
import { listConsent } from '../../lambdas/directory/consent-repository';
import { seedDemoSchool } from '../../local/demo/seed';
import type { DemoSchool } from '../../local/demo/generate-school';
import type { DuplicatesResponse, MergeChoices } from '@shared/contracts/duplicates-api';
import type { Parent } from '@shared/schemas/parent';
import { useStack } from '../support/stack';
import { adminClaims, callAdmin, isAuthorised, registeredIds } from './admin-support';
import { apiEvent, claimsFor, uniqueEmail } from './auth-support';
import { handler as privacyHandler } from '../../lambdas/privacy/index';
import { MyActivityResponseSchema } from '@shared/contracts/privacy-activity-api';
import { scanAll, useDirectoryTable } from './directory-support';

/**
 * Duplicate parents over the admin routes (lambdas/admin/merge, docs/product-rules.md "Duplicates"), in a table of
 * its own seeded with a small demo school: the list and its reasons, the merge keeping children, seats, campaign
 * history, the account and safety restrictions, version conflicts, the undo restoring every item exactly, and the
 * undo refused after a later edit, twice, or after 30 days.
 */

useStack();
useDirectoryTable('admin-duplicates');
let school: DemoSchool;
let claims: Record<string, string>;
beforeAll(async () => {
  school = (await seedDemoSchool({ families: 12, seed: 21 })).school;
  claims = await adminClaims();
});
afterEach(() => {
  vi.useRealTimers();
});

const KEEP_ALL: MergeChoices = { name: 'keep', email: 'keep', phone: 'keep', address: 'keep', preferredLanguage: 'keep', privacy: 'keep', profile: 'keep' };
const put = (item: Record<string, unknown>) => documentClient().send(new PutCommand({ TableName: tableName(), Item: item }));

async function createParent(body: Record<string, unknown>): Promise<Parent> {
  const created = await callAdmin('POST', '/api/admin/parents', { body, claims });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return created.json.record as Parent;
}

const mergeBody = (keep: Parent, other: Parent, choices: MergeChoices = KEEP_ALL) => ({
  keepId: keep.id,
  keepVersion: keep.version,
  otherId: other.id,
  otherVersion: other.version,
  choices,
});
const merge = (keep: Parent, other: Parent, choices?: MergeChoices) =>
  callAdmin('POST', '/api/admin/duplicates/merge', { body: mergeBody(keep, other, choices), claims });
const undo = (id: string) => callAdmin('POST', '/api/admin/duplicates/merges/{id}/undo', { id, body: {}, claims });
const list = async (): Promise<DuplicatesResponse> => {
  const response = await callAdmin('GET', '/api/admin/duplicates', { claims });
  expect(response.status).toBe(200);
  return response.json as DuplicatesResponse;
};

/** What a merge and its undo may touch, by type; the append-only logs (audit, consent) and the merge records aside. */
const RESTORED_TYPES = new Set(['PARENT', 'STUDENT', 'CLASS', 'COMMITTEE', 'STAFF', 'FAMILY', 'MEMBER', 'REGISTRY', 'CAMPAIGN', 'PARTICIPANT', 'TOKEN']);
async function restorable(): Promise<Record<string, unknown>[]> {
  const items = (await scanAll()).filter((item) => RESTORED_TYPES.has(String(item.type)));
  return items.sort((a, b) => `${String(a.pk)}|${String(a.sk)}`.localeCompare(`${String(b.pk)}|${String(b.sk)}`));
}

describe('a parent typed twice', () => {
  let keep: Parent;
  let other: Parent;
  let hidden: Parent;
  let studentId: string;
  let committeeId: string;
  let classId: string;
  const campaignId = '01JZZZZZZZZZZZZZZZZZZZZZZ0';
  let before: Record<string, unknown>[];

  beforeAll(async () => {
    // The demo parent with children, and the same person typed again without accents, with another email.
    const withChild = school.parents.find((p) => p.email && school.families.some((f) => f.parentId === p.id) && p.participation === 'full')!;
    keep = (await getEntity('PARENT', withChild.id))!;
    const emailB = uniqueEmail('double');
    other = await createParent({
      firstName: keep.firstName.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase(),
      lastName: keep.lastName.replace(/-/g, ' '),
      email: emailB,
      phone: '(514) 555-0177',
      participation: 'limited',
      preferredLanguage: 'en',
    });
    // The second record has a child of its own, a committee seat, a campaign's history with a live link, and a
    // household it is hidden from.
    studentId = school.students.find((s) => !school.families.some((f) => f.parentId === keep.id && f.studentId === s.id))!.id;
    committeeId = school.committees.find((c) => !school.memberships.some((m) => m.committeeId === c.id && m.personId === keep.id))!.id;
    await put(familyItem({ parentId: other.id, studentId }));
    await put(membershipItem({ committeeId, personType: 'PARENT', personId: other.id, role: 'member' }));
    await put({ ...keys.campaign(campaignId), type: 'CAMPAIGN', id: campaignId });
    const tokenHash = 'a'.repeat(64);
    await put({ ...keys.participant(campaignId, other.id), type: 'PARTICIPANT', campaignId, parentId: other.id, emailsSent: 1, optedOut: false, tokenHash, submittedAt: '2025-09-10T12:00:00.000Z', history: [{ at: '2025-09-10T12:00:00.000Z', event: 'submitted', via: 'link' }] });
    await put({ ...keys.updateToken(tokenHash), type: 'TOKEN', tokenHash, campaignId, parentId: other.id, createdAt: '2025-09-01T12:00:00.000Z', expiresAt: 4_102_444_800 });
    // The kept record took part in the same campaign (emailed, no answer): the two histories are joined.
    await put({ ...keys.participant(campaignId, keep.id), type: 'PARTICIPANT', campaignId, parentId: keep.id, emailsSent: 1, optedOut: false, emailSentAt: '2025-09-01T12:00:00.000Z', history: [{ at: '2025-09-01T12:00:00.000Z', event: 'emailSent' }] });
    // A class names the second record as its parent representative.
    const schoolClass = (await getEntity('CLASS', school.classes[0]!.id))!;
    classId = schoolClass.id;
    await put(entityItem('CLASS', { ...schoolClass, parentRepresentativeIds: [other.id] }));
    hidden = (await getEntity('PARENT', school.parents.find((p) => p.id !== keep.id && p.participation !== 'nameOnly')!.id))!;
    const restricted = await callAdmin('PUT', '/api/admin/parents/{id}/safety-restriction', { id: hidden.id, body: { version: hidden.version, hiddenFrom: [other.id] }, claims });
    expect(restricted.status).toBe(200);
    hidden = restricted.json.record as Parent;
    other = (await getEntity('PARENT', other.id))!;
    before = await restorable();
  });

  it('is listed with its reasons, each pair once', async () => {
    const { pairs } = await list();
    const pair = pairs.filter((p) => [p.keep.parent.id, p.other.parent.id].sort().join() === [keep.id, other.id].sort().join());
    expect(pair).toHaveLength(1);
    expect(pair[0]!.reasons).toEqual(['name']);
    expect(pair[0]!.keep.children.length + pair[0]!.other.children.length).toBeGreaterThan(1);
    expect(pairs.map((p) => p.strength)).toEqual([...pairs.map((p) => p.strength)].sort((a, b) => b - a));
  });

  it('refuses a merge at a stale version, and changes nothing', async () => {
    const stale = await merge({ ...keep, version: keep.version - 1 || 99 }, other);
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe('CONFLICT');
    const unknown = await merge(keep, { ...other, id: '01JYYYYYYYYYYYYYYYYYYYYYYY' });
    expect(unknown.status).toBe(404);
    expect(await restorable()).toEqual(before);
  });

  it('merges field by field, keeping children, seats, campaign history, the chosen account and the restriction', async () => {
    const emailA = keep.email!;
    const response = await merge(keep, other, { ...KEEP_ALL, email: 'other', phone: 'other', privacy: 'other' });
    expect(response.status, JSON.stringify(response.json)).toBe(201);
    const merged = response.json.record as Parent;
    expect(merged).toMatchObject({ id: keep.id, version: keep.version + 1, firstName: keep.firstName, email: other.email, phone: '5145550177', participation: 'limited', preferredLanguage: keep.preferredLanguage });
    expect(await getEntity('PARENT', other.id)).toBeUndefined();

    const items = await scanAll();
    const children = items.filter((i) => i.type === 'FAMILY' && i.parentId === keep.id).map((i) => i.studentId);
    expect(children).toContain(studentId);
    expect(items.some((i) => i.type === 'FAMILY' && i.parentId === other.id)).toBe(false);
    expect(items.some((i) => i.type === 'MEMBER' && i.personId === keep.id && i.committeeId === committeeId)).toBe(true);
    expect(items.some((i) => i.type === 'MEMBER' && i.personId === other.id)).toBe(false);
    const participant = items.find((i) => i.pk === keys.campaignPk(campaignId) && i.sk === `PARTICIPANT#${keep.id}`);
    expect(participant).toMatchObject({ parentId: keep.id, submittedAt: '2025-09-10T12:00:00.000Z', emailSentAt: '2025-09-01T12:00:00.000Z' });
    expect((participant!.history as { event: string }[]).map((e) => e.event)).toEqual(['emailSent', 'submitted']);
    expect(items.some((i) => i.pk === keys.campaignPk(campaignId) && i.sk === `PARTICIPANT#${other.id}`)).toBe(false);
    expect((await getEntity('CLASS', classId))!.parentRepresentativeIds).toEqual([keep.id]);
    expect(items.find((i) => i.type === 'TOKEN' && i.tokenHash === 'a'.repeat(64))).toMatchObject({ parentId: keep.id });
    // The account: the chosen email now signs in as the kept record; the other email no longer gives access.
    expect(await registeredIds(other.email!)).toEqual([keep.id]);
    expect(await isAuthorised(emailA)).toBe(false);
    // The household hidden from the second record is hidden from the merged one.
    expect((await getEntity('PARENT', hidden.id))!.safetyRestriction).toEqual({ hiddenFrom: [keep.id] });
    // Privacy taken from the second record: the consent log says so.
    expect((await listConsent(keep.id))[0]).toMatchObject({ by: 'admin', after: { participation: 'limited' } });
    const audit = items.filter((i) => i.type === 'AUDIT' && String(i.action).startsWith('parent.merge'));
    expect(audit.map((a) => a.action).sort()).toEqual(['parent.merge', 'parent.mergeRemove']);
    // The kept parent's activity shows the merge with the fields it changed (docs/privacy.md), never who did it.
    const activity = await privacyHandler(apiEvent({ method: 'GET', resource: '/api/me/activity', claims: claimsFor(other.email!) }));
    const { entries } = MyActivityResponseSchema.parse(JSON.parse(activity.body));
    expect(entries[0]).toMatchObject({ role: 'administrator', kind: 'changed', fields: expect.arrayContaining(['email', 'phone']) });

    const after = await list();
    expect(after.pairs.some((p) => p.keep.parent.id === other.id || p.other.parent.id === other.id)).toBe(false);
    expect(after.merges[0]).toMatchObject({ id: response.json.merge.id, keepId: keep.id, otherId: other.id });
  });

  it('undoes the merge: both records and every moved item exactly as before; a second undo is refused', async () => {
    const { merges } = await list();
    const undone = await undo(merges[0]!.id);
    expect(undone.status, JSON.stringify(undone.json)).toBe(200);
    expect(undone.json.merge.undoneAt).toBeDefined();
    expect(await restorable()).toEqual(before);
    expect(await isAuthorised(keep.email!)).toBe(true);
    expect(await registeredIds(other.email!)).toEqual([other.id]);
    expect((await scanAll()).some((i) => i.type === 'AUDIT' && i.action === 'parent.mergeUndo')).toBe(true);

    const again = await undo(merges[0]!.id);
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('MERGE_UNDONE');
  });

  it('refuses the undo once the merged record was edited since', async () => {
    const merged = await merge(keep, other);
    expect(merged.status).toBe(201);
    const record = merged.json.record as Parent;
    const edited = await callAdmin('PUT', '/api/admin/parents/{id}', {
      id: keep.id,
      body: { firstName: record.firstName, lastName: record.lastName, email: record.email, skills: 'Édité après la fusion', version: record.version },
      claims,
    });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    const snapshot = await restorable();
    const refused = await undo(merged.json.merge.id);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('MERGE_CHANGED');
    expect(await restorable()).toEqual(snapshot);
  });
});

describe('merge limits', () => {
  const pairOf = async (lastName: string) => [
    await createParent({ firstName: 'Josée', lastName, email: uniqueEmail('dup-a') }),
    await createParent({ firstName: 'Josee', lastName: lastName.toUpperCase(), email: uniqueEmail('dup-b') }),
  ] as const;

  it('refuses the undo after 30 days (controlled clock), and no longer offers it', async () => {
    const [a, b] = await pairOf('Trente-Jours');
    const merged = await merge(a, b);
    expect(merged.status).toBe(201);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 30 * 86_400_000 + 60_000);
    const late = await undo(merged.json.merge.id);
    expect(late.status).toBe(410);
    expect(late.json.error.code).toBe('MERGE_EXPIRED');
    expect((await list()).merges.some((m) => m.id === merged.json.merge.id)).toBe(false);
    expect(await getEntity('PARENT', b.id)).toBeUndefined();
  });

  it('lets one of two simultaneous merges win', async () => {
    const [a, b] = await pairOf('Concurrent');
    const c = await createParent({ firstName: 'JOSÉE', lastName: 'Concurrent', email: uniqueEmail('dup-c') });
    const results = await Promise.all([merge(a, b), merge(a, c)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const survivors = await Promise.all([b, c].map((p) => getEntity('PARENT', p.id)));
    expect(survivors.filter((p) => p === undefined)).toHaveLength(1);
    expect((await getEntity('PARENT', a.id))!.version).toBe(a.version + 1);
  });

  it('refuses a merge too big for one transaction, writing nothing', async () => {
    const [a, b] = await pairOf('Nombreux');
    for (let i = 0; i < 50; i++) await put(familyItem({ parentId: b.id, studentId: `01JX${String(i).padStart(22, '0')}` }));
    const snapshot = await restorable();
    const refused = await merge(a, b);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('MERGE_TOO_LARGE');
    expect(await restorable()).toEqual(snapshot);
  });
});
