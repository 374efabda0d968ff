import { beforeAll, describe, expect, it } from 'vitest';
import { getEntity, membersOf, membershipsOf } from '../../lambdas/directory/directory-repository';
import { startCampaign } from '../../lambdas/annual-update/campaign-service';
import { handler } from '../../lambdas/annual-update/index';
import { handler as adminHandler } from '../../lambdas/admin/index';
import { handler as directoryHandler } from '../../lambdas/directory/index';
import { continueSendJob, startSendJob } from '../../lambdas/annual-update/send-job-service';
import { CommitteeSignUpsResponseSchema } from '@shared/contracts/committee-sign-ups-api';
import { DirectoryResponseSchema } from '@shared/contracts/directory-api';
import { ParentFormSchema, type ParentForm } from '@shared/rules/parent-form';
import type { Committee } from '@shared/schemas/committee';
import type { Parent } from '@shared/schemas/parent';
import { claimsFor } from './auth-support';
import { adminClaims, invoke, mailTo, seedSmallSchool, testSendDeps, tokenIn, type SmallSchool } from './annual-update-support';
import { scanAll, useDirectoryTable } from './directory-support';
import { workerStack } from '../support/stack';

/**
 * Committee sign-ups and a household's shared address through the parent form (docs/product-rules.md), by the
 * update link and My Profile, in-process against this file's own table: joins and leaves, the refusals that write
 * nothing (officer roles, closed committees, officer seats), opting out, the address saved on both co-parents or
 * on one, a co-parent's version conflict, and safety restrictions.
 */
useDirectoryTable('update-form-committees');

const stack = workerStack();
let school: SmallSchool;
let target: Parent;
let coParent: Parent;
let token: string;
let open: Committee;
let closed: Committee;
let officerSeat: Committee;

const LOAD = { method: 'POST', resource: '/api/update/load' };
const SUBMIT = { method: 'POST', resource: '/api/update/submit' };

const answer = (form: ParentForm, changes: Record<string, unknown> = {}) => {
  const { id: _id, email: _email, ...fields } = form.parent;
  return { ...fields, ...changes };
};
const load = async () => ParentFormSchema.parse((await invoke(handler, { ...LOAD, body: { token } })).body);
const submit = (data: Record<string, unknown>) => invoke(handler, { ...SUBMIT, body: { token, data } });

/** The committee as the admin editor sends it back: its fields, its members, the open flag. */
async function saveCommittee(committee: Committee, changes: { openToSignUps?: boolean; members?: { personType: string; personId: string; role: string }[] }) {
  const current = (await getEntity('COMMITTEE', committee.id))!;
  const { id: _id, version, createdAt: _c, updatedAt: _u, openToSignUps, importKey: _k, ...fields } = current as Committee & { importKey?: string };
  const members = (await membersOf(committee.id, { consistent: true })).map(({ personType, personId, role }) => ({ personType, personId, role }));
  const response = await invoke(adminHandler, {
    method: 'PUT',
    resource: '/api/admin/committees/{id}',
    pathParameters: { id: committee.id },
    claims: adminClaims(school.adminEmail),
    body: { ...fields, members: changes.members ?? members, openToSignUps: changes.openToSignUps ?? openToSignUps === true, version },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

beforeAll(async () => {
  school = await seedSmallSchool('signup');
  const participates = (p: Parent) => p.participation !== 'nameOnly' && p.email !== undefined;
  const parentsOfStudent = (studentId: string) => school.families.filter((f) => f.studentId === studentId).map((f) => f.parentId);
  const byId = new Map(school.parents.map((p) => [p.id, p]));
  const link = school.families.find((f) => {
    const parents = parentsOfStudent(f.studentId).map((id) => byId.get(id)!);
    return parents.length === 2 && parents.every(participates) && parents[0]!.email !== school.adminEmail && parents[1]!.email !== school.adminEmail;
  })!;
  [target, coParent] = parentsOfStudent(link.studentId).map((id) => byId.get(id)!) as [Parent, Parent];
  const seatsOf = (parent: Parent) => new Set(school.memberships.filter((m) => m.personId === parent.id).map((m) => m.committeeId));
  const [targetSeats, coParentSeats] = [seatsOf(target), seatsOf(coParent)];
  const free = school.committees.filter((c) => !targetSeats.has(c.id));
  // The open committee is free for both parents: each joins it once (by the link, then on My Profile).
  open = free.find((c) => !coParentSeats.has(c.id))!;
  // The demo school recruits for a few committees (local/demo/committees.ts): "closed" is one that does not.
  [closed, officerSeat] = free.filter((c) => c.id !== open.id && !c.openToSignUps) as [Committee, Committee];
  expect([open, closed, officerSeat].every(Boolean)).toBe(true);

  // The demo school recruits for a few committees (local/demo/committees.ts): closed here, so only this file's open.
  for (const recruiting of school.committees.filter((c) => c.openToSignUps)) await saveCommittee(recruiting, { openToSignUps: false });
  await saveCommittee(open, { openToSignUps: true });
  const officerMembers = (await membersOf(officerSeat.id)).map(({ personType, personId, role }) => ({ personType, personId, role }));
  await saveCommittee(officerSeat, { openToSignUps: true, members: [...officerMembers, { personType: 'PARENT', personId: target.id, role: 'treasurer' }] });

  const { campaign } = await startCampaign({ schoolYear: '2061-2062', confirmation: 'confirm' }, 'admin-1');
  const job = await startSendJob(campaign.id, { mode: 'selected', parentIds: [target.id] }, 'admin-1', { now: () => new Date() });
  await continueSendJob(campaign.id, job.jobId, testSendDeps(stack));
  token = tokenIn((await mailTo(stack, target.email!))[0]!);
});

describe('committee sign-ups through the update link', () => {
  it('lists the committees open to sign-ups, with the member role, and the officer seat as held', async () => {
    const form = await load();
    expect(form.openCommittees.map((c) => c.committeeId).sort()).toEqual([open.id, officerSeat.id].sort());
    expect(form.openCommittees.find((c) => c.committeeId === open.id)!.role).toBe(open.kind === 'volunteer' ? 'volunteer' : 'member');
    expect(form.committees.find((c) => c.committeeId === officerSeat.id)?.role).toBe('treasurer');
  });

  it('refuses an officer role, a closed committee and leaving an officer seat, writing nothing', async () => {
    const form = await load();
    const before = await scanAll();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ join: [{ committeeId: open.id, role: 'chair' }] }, 403, 'COMMITTEE_ROLE_RESERVED'],
      [{ join: [{ committeeId: open.id, role: 'secretary' }] }, 403, 'COMMITTEE_ROLE_RESERVED'],
      [{ join: [{ committeeId: closed.id }] }, 409, 'COMMITTEE_CLOSED'],
      [{ join: [{ committeeId: '01JZZZZZZZZZZZZZZZZZZZZZZZ' }] }, 409, 'COMMITTEE_CLOSED'],
      [{ leave: [officerSeat.id] }, 403, 'COMMITTEE_ROLE_RESERVED'],
      [{ join: [{ committeeId: open.id }], leave: [officerSeat.id] }, 403, 'COMMITTEE_ROLE_RESERVED'],
      [{ join: [{ committeeId: open.id }], leave: [open.id] }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [committees, status, code] of cases) {
      const response = await submit(answer(form, { committees }));
      expect(response, JSON.stringify(committees)).toMatchObject({ status, body: { error: { code } } });
    }
    for (const committees of [{ join: [{ committeeId: 'x' }] }, { join: [{ committeeId: open.id, role: 'emperor' }] }, { drop: [] }, []]) {
      expect((await submit(answer(form, { committees }))).status, JSON.stringify(committees)).toBe(400);
    }
    expect(await scanAll()).toEqual(before);
  });

  it('joins an open committee with its member role: seat, audit, the directory and the admin card show it', async () => {
    const form = await load();
    const response = await submit(answer(form, { committees: { join: [{ committeeId: open.id }] } }));

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const seat = (await membersOf(open.id, { consistent: true })).find((m) => m.personId === target.id)!;
    expect(seat).toMatchObject({ personType: 'PARENT', role: open.kind === 'volunteer' ? 'volunteer' : 'member' });
    expect(Date.now() - Date.parse(seat.signedUpAt!)).toBeLessThan(60_000);
    const saved = ParentFormSchema.parse((response.body as { form: unknown }).form);
    expect(saved.committees.map((c) => c.committeeId)).toContain(open.id);
    const audit = (await scanAll()).filter((i) => i.type === 'AUDIT');
    expect(audit.find((i) => i.action === 'committee.signUp')).toMatchObject({ target: { type: 'COMMITTEE', id: open.id }, actor: { kind: 'token' } });
    expect(audit.find((i) => i.action === 'parent.updateByLink' && (i.target as { id: string }).id === target.id)!.fields).toEqual(['committees']);

    // The directory's committees (GET /api/directory, the /committees screen) list the parent as a member.
    const directory = await invoke(directoryHandler, { method: 'GET', resource: '/api/directory', claims: claimsFor(coParent.email!) });
    const body = DirectoryResponseSchema.parse(directory.body);
    const committee = body.committees.find((c) => c.id === open.id)!;
    expect(committee.parents.map((s) => body.parents[s.parentIndex]!.id)).toContain(target.id);

    const card = await invoke(adminHandler, { method: 'GET', resource: '/api/admin/committees/sign-ups', claims: adminClaims(school.adminEmail) });
    const signUps = CommitteeSignUpsResponseSchema.parse(card.body);
    expect(signUps.total).toBe(1);
    expect(signUps.recent[0]).toMatchObject({ committeeId: open.id, parentId: target.id, parentName: `${target.firstName} ${target.lastName}` });

    // Joining again changes nothing but the answer itself.
    const again = await submit(answer(saved, { committees: { join: [{ committeeId: open.id }] } }));
    expect(again.status).toBe(200);
    expect((await membersOf(open.id, { consistent: true })).filter((m) => m.personId === target.id)).toHaveLength(1);
  });

  it('drops a committee closed again from the form, and leaves a plain seat', async () => {
    await saveCommittee(officerSeat, { openToSignUps: false });
    const form = await load();
    expect(form.openCommittees.map((c) => c.committeeId)).toEqual([open.id]);

    const left = await submit(answer(form, { committees: { leave: [open.id] } }));

    expect(left.status).toBe(200);
    expect((await membersOf(open.id, { consistent: true })).some((m) => m.personId === target.id)).toBe(false);
    expect((await scanAll()).some((i) => i.action === 'committee.leave')).toBe(true);
  });
});

describe('My Profile: the same sign-ups', () => {
  const FORM = { method: 'GET', resource: '/api/profile/form' };
  const PUT = { method: 'PUT', resource: '/api/profile' };

  it('joins an open committee, and refuses an officer role, writing nothing', async () => {
    const claims = claimsFor(coParent.email!);
    const { form } = (await invoke(handler, { ...FORM, claims })).body as { form: ParentForm };
    const before = await scanAll();
    const refused = await invoke(handler, { ...PUT, claims, body: { data: answer(form, { committees: { join: [{ committeeId: open.id, role: 'viceChair' }] } }) } });
    expect(refused).toMatchObject({ status: 403, body: { error: { code: 'COMMITTEE_ROLE_RESERVED' } } });
    expect(await scanAll()).toEqual(before);

    const joined = await invoke(handler, { ...PUT, claims, body: { data: answer(form, { committees: { join: [{ committeeId: open.id }] } }) } });

    expect(joined.status).toBe(200);
    expect((await membershipsOf('PARENT', coParent.id)).some((m) => m.committeeId === open.id && m.signedUpAt !== undefined)).toBe(true);
  });
});

describe("a household's shared address", () => {
  const address = { street: '45, rue des Pins', city: 'Laval', postalCode: 'H7N 1A1' };

  it('offers the co-parent, and leaves them alone when the box is not ticked', async () => {
    const form = await load();
    expect(form.coParents).toEqual([{ id: coParent.id, firstName: coParent.firstName, lastName: coParent.lastName, version: expect.any(Number) }]);
    const coBefore = await getEntity('PARENT', coParent.id);

    const response = await submit(answer(form, { address: { street: '1, rue Seule', city: 'Laval', postalCode: 'H7N 1A2' } }));

    expect(response.status).toBe(200);
    expect((await getEntity('PARENT', target.id))!.address?.street).toBe('1, rue Seule');
    expect(await getEntity('PARENT', coParent.id)).toEqual(coBefore);
  });

  it('saves the address on both parents in one answer, each version checked, with an audit entry for the co-parent', async () => {
    const form = await load();
    const co = form.coParents[0]!;

    const response = await submit(answer(form, { address, shareAddressWith: [{ parentId: co.id, version: co.version }] }));

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((await getEntity('PARENT', target.id))!.address).toEqual({ ...address, postalCode: 'H7N 1A1' });
    const stored = (await getEntity('PARENT', coParent.id))!;
    expect(stored).toMatchObject({ address, version: co.version + 1 });
    const audit = (await scanAll()).filter((i) => i.action === 'parent.addressSharedByCoParent');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target: { type: 'PARENT', id: coParent.id }, fields: ['address'] });
  });

  it("answers CONFLICT when the co-parent changed meanwhile, and writes nothing", async () => {
    const form = await load();
    const stale = { parentId: coParent.id, version: form.coParents[0]!.version - 1 };
    const before = await scanAll();

    const response = await submit(answer(form, { address: { ...address, street: '46, rue des Pins' }, shareAddressWith: [stale] }));

    expect(response).toMatchObject({ status: 409, body: { error: { code: 'CONFLICT' } } });
    expect(await scanAll()).toEqual(before);
  });

  it('refuses without an address, for a parent who is not a co-parent, and across a safety restriction', async () => {
    const form = await load();
    const co = form.coParents[0]!;
    const stranger = school.parents.find((p) => p.id !== target.id && p.id !== coParent.id && p.participation !== 'nameOnly')!;
    const before = await scanAll();
    const noAddress = await submit(answer(form, { address: undefined, shareAddressWith: [{ parentId: co.id, version: co.version }] }));
    expect(noAddress).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED' } } });
    const notHousehold = await submit(answer(form, { shareAddressWith: [{ parentId: stranger.id, version: stranger.version }] }));
    expect(notHousehold).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN' } } });
    expect(await scanAll()).toEqual(before);

    // An administrator hides the co-parent from this parent: the choice disappears and is refused if forced.
    const restricted = await invoke(adminHandler, {
      method: 'PUT',
      resource: '/api/admin/parents/{id}/safety-restriction',
      pathParameters: { id: coParent.id },
      claims: adminClaims(school.adminEmail),
      body: { version: co.version, hiddenFrom: [target.id] },
    });
    expect(restricted.status).toBe(200);
    const after = await load();
    expect(after.coParents).toEqual([]);
    const snapshot = await scanAll();
    const forced = await submit(answer(after, { shareAddressWith: [{ parentId: coParent.id, version: co.version + 1 }] }));
    expect(forced).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN' } } });
    expect(await scanAll()).toEqual(snapshot);
  });
});

describe('opting out', () => {
  it('still removes every seat, signed-up ones included', async () => {
    const form = await load();
    await submit(answer(form, { committees: { join: [{ committeeId: open.id }] } }));
    expect((await membershipsOf('PARENT', target.id)).length).toBeGreaterThanOrEqual(2);

    const out = await submit(answer(await load(), { participation: 'nameOnly', committees: { join: [{ committeeId: open.id }] } }));

    expect(out.status).toBe(200);
    expect(await membershipsOf('PARENT', target.id)).toEqual([]);
  });
});
