import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as formHandler } from '../../lambdas/annual-update/index';
import { campaignItem, participantItem } from '../../lambdas/annual-update/items';
import { documentClient, tableName } from '../../lambdas/common/dynamo';
import { getEntity } from '../../lambdas/directory/directory-repository';
import { rewriteRecord } from './directory-writes';
import { handler as privacyHandler } from '../../lambdas/privacy/index';
import { MyDataCsvResponseSchema, MyDataResponseSchema } from '@shared/contracts/my-data-api';
import type { ParentForm } from '@shared/rules/parent-form';
import { parseCsv } from '@shared/format/csv';
import type { Parent } from '@shared/schemas/parent';
import { claimsFor, registerPerson, uniqueEmail } from './auth-support';
import { invoke, seedSmallSchool, type SmallSchool } from './annual-update-support';
import { scanAll, useDirectoryTable } from './directory-support';

/**
 * GET /api/me/data (docs/privacy.md, "Download my data"), through the real handlers against this file's own
 * table: a parent changes their audiences on My Profile, downloads their data and finds the consent entry of the
 * change; the CSV variant; who is refused; the download's audit entry; nothing about anyone else.
 */
useDirectoryTable('privacy-my-data');

let school: SmallSchool;
let target: Parent;
let claims: Record<string, string>;
const audiences = { email: 'school', phone: 'classes', address: 'admins', profile: 'school' } as const;

async function saveProfile(email: string, changes: Record<string, unknown>) {
  const caller = claimsFor(email);
  const loaded = await invoke(formHandler, { method: 'GET', resource: '/api/profile/form', claims: caller });
  const { id: _id, email: _email, ...fields } = (loaded.body as { form: ParentForm }).form.parent;
  return invoke(formHandler, { method: 'PUT', resource: '/api/profile', claims: caller, body: { data: { ...fields, ...changes } } });
}

const myData = (caller: Record<string, string>, query?: Record<string, string>) =>
  invoke(privacyHandler, { method: 'GET', resource: '/api/me/data', claims: caller, ...(query ? { query } : {}) });

/** A completed campaign the target took part in (submitted through the link). */
async function seedCampaign(parentId: string) {
  const at = new Date().toISOString();
  const campaignId = ulid();
  const campaign = {
    id: campaignId, schoolYear: '2025-2026', status: 'completed' as const, totalParents: 1, emailsSent: 1,
    formsSubmitted: 1, optedOut: 0, createdBy: 'admin-sub-never-shown', createdAt: at, version: 3,
  };
  const participant = {
    campaignId, parentId, emailsSent: 1, submittedAt: at, optedOut: false,
    history: [{ at, event: 'emailSent' as const, jobId: ulid() }, { at, event: 'submitted' as const, via: 'link' as const }],
  };
  for (const Item of [campaignItem(campaign), participantItem(participant)]) {
    await documentClient().send(new PutCommand({ TableName: tableName(), Item }));
  }
}

beforeAll(async () => {
  school = await seedSmallSchool('my-data');
  target = school.reachable.find((p) => p.email !== school.adminEmail)!;
  claims = claimsFor(target.email!);
  // A safety restriction on the record: administrators only, never in the parent's download.
  const other = school.parents.find((p) => p.id !== target.id)!;
  const current = (await getEntity('PARENT', target.id))!;
  await rewriteRecord('PARENT', current, { ...current, safetyRestriction: { hiddenFrom: [other.id] } });
  await seedCampaign(target.id);
  expect((await saveProfile(target.email!, { participation: 'full', audiences })).status).toBe(200);
});

describe('download my data', () => {
  it('gives the record, children, consent entry of the change, campaigns and activity; audited; no one else', async () => {
    const response = await myData(claims);
    expect(response.status).toBe(200);
    const body = MyDataResponseSchema.parse(response.body);
    expect(body.format).toBe('school-directory-my-data');
    expect(body.parents).toHaveLength(1);
    const [mine] = body.parents;
    expect(mine!.record).toMatchObject({ id: target.id, email: target.email, audiences, participation: 'full' });
    const childIds = school.families.filter((f) => f.parentId === target.id).map((f) => f.studentId);
    expect(mine!.children.map((c) => c.firstName).sort()).toEqual(
      childIds.map((id) => school.students.find((s) => s.id === id)!.firstName).sort(),
    );
    // The consent entry of the change made on My Profile.
    expect(mine!.consentLog[0]).toMatchObject({ by: 'parent', channel: 'myProfile', after: { participation: 'full', audiences } });
    expect(mine!.campaigns).toEqual([
      expect.objectContaining({ schoolYear: '2025-2026', status: 'completed', optedOut: false }),
    ]);
    expect(mine!.campaigns[0]!.history.map((h) => h.event)).toEqual(['emailSent', 'submitted']);
    const raw = JSON.stringify(response.body);
    expect(raw).not.toContain('safetyRestriction');
    expect(raw).not.toContain('hiddenFrom');
    expect(raw).not.toContain('admin-sub-never-shown');
    for (const other of school.parents.filter((p) => p.id !== target.id && p.email)) expect(raw).not.toContain(other.email!);
    for (const staff of school.staff.filter((s) => s.email)) expect(raw).not.toContain(staff.email!);

    // Audited (ids only), and the parent's own download is not shown as an administrator's act.
    const audits = (await scanAll()).filter((item) => item.type === 'AUDIT' && item.action === 'parent.dataDownload');
    expect(audits.map((a) => ({ actor: a.actor, target: a.target }))).toContainEqual({
      actor: { kind: 'user', id: claims.sub },
      target: { type: 'PARENT', id: target.id },
    });
    const again = MyDataResponseSchema.parse((await myData(claims)).body);
    expect(again.parents[0]!.activity).toEqual(mine!.activity);
  });

  it('gives one CSV file per section, headers in the parent\'s language, with the consent entry', async () => {
    const response = await myData(claims, { format: 'csv' });
    expect(response.status).toBe(200);
    const { files } = MyDataCsvResponseSchema.parse(response.body);
    expect(files.map((f) => f.section)).toEqual(['record', 'children', 'committees', 'consent', 'campaigns', 'activity']);
    const separator = target.preferredLanguage === 'fr' ? ';' : ',';
    for (const file of files) {
      expect(file.text.startsWith('\uFEFF')).toBe(true);
      const parsed = parseCsv(file.text, { separator });
      expect(parsed.ok).toBe(true);
    }
    const consent = parseCsv(files.find((f) => f.section === 'consent')!.text, { separator });
    if (!parsed(consent)) return;
    expect(consent.records.length).toBeGreaterThanOrEqual(2);
    expect(consent.records[1]!.fields).toEqual(
      expect.arrayContaining([target.id, 'parent', 'myProfile', 'full', 'email=school phone=classes address=admins profile=school']),
    );
    const record = parseCsv(files.find((f) => f.section === 'record')!.text, { separator });
    expect(parsed(record) && record.records[0]!.fields[0]).toBe(target.preferredLanguage === 'fr' ? 'Identifiant' : 'Id');
    const all = files.map((f) => f.text).join('\n');
    expect(all).not.toContain('hiddenFrom');
    for (const other of school.parents.filter((p) => p.id !== target.id && p.email)) expect(all).not.toContain(other.email!);
  });

  it('refuses an unknown format (400) and a member without a parent record (404), writing nothing', async () => {
    const before = (await scanAll()).length;
    expect(await myData(claims, { format: 'xml' })).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED' } } });
    expect(await myData(claims, { format: 'json', extra: '1' })).toMatchObject({ status: 400 });
    const staffEmail = uniqueEmail('staff-my-data');
    await registerPerson(staffEmail, 'STAFF', 'Personnel Test');
    const staffBefore = (await scanAll()).length;
    expect(staffBefore).toBe(before + 1);
    expect(await myData(claimsFor(staffEmail))).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
    expect((await scanAll()).length).toBe(staffBefore);
  });
});

function parsed(result: ReturnType<typeof parseCsv>): result is Extract<ReturnType<typeof parseCsv>, { ok: true }> {
  return result.ok;
}
