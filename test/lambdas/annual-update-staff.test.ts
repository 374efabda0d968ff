import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEntity } from '../../lambdas/directory/directory-repository';
import { getCampaign, getParticipant } from '../../lambdas/annual-update/campaign-repository';
import { closeCampaign } from '../../lambdas/annual-update/campaign-service';
import { handler } from '../../lambdas/annual-update/index';
import { handler as directoryHandler } from '../../lambdas/directory/index';
import { ParticipantsResponseSchema, StartCampaignResponseSchema } from '@shared/contracts/annual-update-api';
import { DirectoryResponseSchema } from '@shared/contracts/directory-api';
import { StaffFormSchema, StaffSubmitResponseSchema, type StaffForm } from '@shared/rules/staff-form';
import type { Staff } from '@shared/schemas/staff';
import { claimsFor } from './auth-support';
import { adminClaims, invoke, mailTo, seedSmallSchool, testSendDeps, tokenIn, type SmallSchool } from './annual-update-support';
import { scanAll, useDirectoryTable } from './directory-support';
import { continueSendJob, startSendJob } from '../../lambdas/annual-update/send-job-service';
import { workerStack } from '../support/stack';

/**
 * Staff update links (docs/annual-update.md, "Staff"), in-process against this file's own table: a campaign
 * started with `includeStaff` lists and emails staff, the staff link opens the staff form (reads only), a
 * submit updates the staff record in one audited transaction counted in the campaign, the directory then hides
 * the email, and refusals change nothing.
 */
useDirectoryTable('annual-update-staff');

const stack = workerStack();
let school: SmallSchool;
let campaignId: string;
/** A staff member with an email who teaches a class, and their link. */
let teacher: Staff;
let token: string;
let parentToken: string;

const STAFF_LOAD = { method: 'POST', resource: '/api/update/staff/load' };
const STAFF_SUBMIT = { method: 'POST', resource: '/api/update/staff/submit' };

const answer = (form: StaffForm, changes: Record<string, unknown> = {}) => ({
  version: form.staff.version,
  title: form.staff.title,
  department: form.staff.department,
  extension: form.staff.extension ?? '',
  showEmail: form.staff.showEmail,
  preferredLanguage: form.staff.preferredLanguage,
  ...changes,
});

async function loadForm(): Promise<StaffForm> {
  const response = await invoke(handler, { ...STAFF_LOAD, body: { token } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return StaffFormSchema.parse(response.body);
}

async function sendTo(ids: string[]): Promise<void> {
  const job = await startSendJob(campaignId, { mode: 'selected', parentIds: ids }, 'admin-1', { now: () => new Date() });
  await continueSendJob(campaignId, job.jobId, testSendDeps(stack));
}

beforeAll(async () => {
  school = await seedSmallSchool('staff', { uniqueStaffEmails: true });
  const teacherIds = new Set(school.classes.map((c) => c.teacherId));
  teacher = school.staff.find((s) => s.email && teacherIds.has(s.id))!;
  const started = await invoke(handler, {
    method: 'POST',
    resource: '/api/admin/annual-update/campaigns',
    body: { schoolYear: '2061-2062', deadline: '2061-10-01', confirmation: 'confirm', includeStaff: true },
    claims: adminClaims(school.adminEmail),
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  campaignId = StartCampaignResponseSchema.parse(started.body).campaign.id;
  await sendTo([teacher.id, school.reachable[1]!.id]);
  const mail = (await mailTo(stack, teacher.email!))[0]!;
  token = tokenIn(mail);
  expect(mail.body.text ?? mail.body.html).toContain('form=staff');
  parentToken = tokenIn((await mailTo(stack, school.reachable[1]!.email!))[0]!);
});

afterAll(async () => {
  await closeCampaign(campaignId, 'test-cleanup');
});

/** The participants manager's read, as the administrator. */
async function readParticipants() {
  const response = await invoke(handler, {
    method: 'GET',
    resource: '/api/admin/annual-update/campaigns/{campaignId}/participants',
    pathParameters: { campaignId },
    claims: adminClaims(school.adminEmail),
  });
  return ParticipantsResponseSchema.parse(response.body);
}

describe('a campaign that includes staff', () => {
  it('lists every staff member as a participant with their classes taught, and counts them apart', async () => {
    const { campaign, participants } = await readParticipants();
    const staffRows = participants.filter((p) => p.kind === 'staff');
    expect(staffRows.map((p) => p.parentId).sort()).toEqual(school.staff.map((s) => s.id).sort());
    expect(participants.filter((p) => p.kind !== 'staff')).toHaveLength(school.parents.length);
    const row = staffRows.find((p) => p.parentId === teacher.id)!;
    expect(row).toMatchObject({ firstName: teacher.firstName, lastName: teacher.lastName, email: teacher.email, emailSent: true });
    expect(row.classes.map((c) => c.id)).toEqual(school.classes.filter((c) => c.teacherId === teacher.id).map((c) => c.id));
    const withoutEmail = school.staff.filter((s) => !s.email).length;
    expect(campaign.counts.totalParents).toBe(school.parents.length);
    expect(campaign.counts.staff).toEqual({
      total: school.staff.length,
      reachable: school.staff.length - withoutEmail,
      unreachable: withoutEmail,
      emailsSent: 1,
      formsSubmitted: 0,
    });
    expect(campaign.counts.emailsSent).toBe(1);
    expect(campaign.progress.total).toBe(school.parents.length + school.staff.length);
  });
});

describe('POST /api/update/staff/load', () => {
  it("returns the staff member's form with the classes they teach, and writes nothing", async () => {
    const before = await scanAll();
    const form = await loadForm();
    expect(form.staff).toMatchObject({ id: teacher.id, email: teacher.email, title: teacher.title, showEmail: true });
    expect(form.classes.map((c) => c.code).sort()).toEqual(
      school.classes.filter((c) => c.teacherId === teacher.id).map((c) => c.code).sort(),
    );
    expect(await scanAll()).toEqual(before);
  });

  it("refuses a parent's link on the staff routes and a staff link on the parent's (TOKEN_INVALID)", async () => {
    const staffRoute = await invoke(handler, { ...STAFF_LOAD, body: { token: parentToken } });
    expect(staffRoute).toMatchObject({ status: 404, body: { error: { code: 'TOKEN_INVALID' } } });
    const parentRoute = await invoke(handler, { method: 'POST', resource: '/api/update/load', body: { token } });
    expect(parentRoute).toMatchObject({ status: 404, body: { error: { code: 'TOKEN_INVALID' } } });
  });
});

describe('POST /api/update/staff/submit', () => {
  it('refuses bad input with the field named, and changes nothing', async () => {
    const form = await loadForm();
    const before = await scanAll();
    const cases: [Record<string, unknown>, string][] = [
      [answer(form, { extension: '12a4' }), 'data.extension'],
      [answer(form, { extension: '1234567' }), 'data.extension'],
      [answer(form, { title: { fr: '  ', en: 'Teacher' } }), 'data.title.fr'],
      [answer(form, { department: 'janitor' }), 'data.department'],
      [answer(form, { showEmail: 'no' }), 'data.showEmail'],
      [answer(form, { email: 'other@test.example' }), 'data'],
    ];
    for (const [data, path] of cases) {
      const response = await invoke(handler, { ...STAFF_SUBMIT, body: { token, data } });
      expect(response.status, path).toBe(400);
      const error = (response.body as { error: { code: string; fields: { path: string }[] } }).error;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields.map((f) => f.path)).toContain(path);
    }
    expect(await scanAll()).toEqual(before);
  });

  it('updates title, extension and email choice in one audited transaction, counted once in the campaign', async () => {
    const form = await loadForm();
    const title = { fr: 'Enseignante-ressource', en: 'Resource teacher' };
    const response = await invoke(handler, {
      ...STAFF_SUBMIT,
      body: { token, data: answer(form, { title, extension: ' 4321 ', showEmail: false, preferredLanguage: 'en' }) },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const saved = StaffSubmitResponseSchema.parse(response.body);
    expect(saved.unchanged).toBeUndefined();
    expect(saved.form.staff).toMatchObject({ title, extension: '4321', showEmail: false, preferredLanguage: 'en', version: teacher.version + 1 });

    const stored = (await getEntity('STAFF', teacher.id))!;
    expect(stored).toMatchObject({ title, extension: '4321', showEmail: false, email: teacher.email, firstName: teacher.firstName });
    const participant = (await getParticipant(campaignId, teacher.id))!;
    expect(participant.submittedAt).toBeDefined();
    expect(participant.history?.at(-1)).toMatchObject({ event: 'submitted', via: 'link' });
    expect((await getCampaign(campaignId))!).toMatchObject({ staffSubmitted: 1, formsSubmitted: 0 });
    const audit = (await scanAll()).filter((i) => i.type === 'AUDIT' && (i.target as { id: string }).id === teacher.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'staff.updateByLink' });
    expect((audit[0]!.fields as string[]).sort()).toEqual(['extension', 'preferredLanguage', 'showEmail', 'title']);

    // A second answer through the same link is not a second submission.
    const again = await invoke(handler, { ...STAFF_SUBMIT, body: { token, data: answer(saved.form) } });
    expect(again.status).toBe(200);
    expect((await getCampaign(campaignId))!.staffSubmitted).toBe(1);
    // Sent untouched: said confirmed on the success page (a trial's staff member read that their changes showed).
    expect(StaffSubmitResponseSchema.parse(again.body).unchanged).toBe(true);
  });

  it('the directory then lists the new title and extension, and no email for anyone', async () => {
    for (const email of [school.reachable[1]!.email!, school.adminEmail]) {
      const response = await invoke(directoryHandler, { method: 'GET', resource: '/api/directory', claims: claimsFor(email) });
      expect(response.status).toBe(200);
      const directory = DirectoryResponseSchema.parse(response.body);
      const entry = directory.staff.find((s) => s.id === teacher.id)!;
      expect(entry).toMatchObject({ title: { fr: 'Enseignante-ressource', en: 'Resource teacher' }, extension: '4321' });
      expect(entry.email).toBeUndefined();
      expect(JSON.stringify(response.body)).not.toContain(teacher.email!);
    }
  });

  it('answers CONFLICT to a form loaded before the last change, and writes nothing', async () => {
    const before = await scanAll();
    const stale = { version: teacher.version, title: teacher.title, department: teacher.department, showEmail: true, preferredLanguage: 'fr' };
    const response = await invoke(handler, { ...STAFF_SUBMIT, body: { token, data: stale } });
    expect(response).toMatchObject({ status: 409, body: { error: { code: 'CONFLICT' } } });
    expect(await scanAll()).toEqual(before);
  });

  it('shows the staff member as submitted in the participants manager', async () => {
    const { campaign, participants } = await readParticipants();
    expect(participants.find((p) => p.parentId === teacher.id)).toMatchObject({ kind: 'staff', submitted: true });
    expect(campaign.counts.staff?.formsSubmitted).toBe(1);
    expect(campaign.progress.completed).toBe(1);
  });
});

// Staff once received the parents' text, « coordonnées complètes, coordonnées de base ou nom seulement », while their
// form offers title, department, extension and whether the email is shown (docs/annual-update.md, "Staff").
describe("a staff member's emails", () => {
  const PARENT_CHOICE = { fr: 'coordonnées de base ou nom seulement', en: 'basic contact, or name only' };
  const STAFF_CHOICE = {
    fr: 'Vous pourrez y vérifier votre titre, votre service et votre poste téléphonique, et choisir si votre courriel paraît dans le bottin.',
    en: 'There you can check your title, department and phone extension, and choose whether the directory shows your email.',
  };

  it("say what the staff form offers, in the staff member's language; a parent's keeps the parents' text", async () => {
    const [invitation] = await mailTo(stack, teacher.email!);
    expect(invitation!.body.text).toContain(STAFF_CHOICE.fr);
    expect(invitation!.body.html).toContain('votre poste téléphonique');
    expect(invitation!.body.text).not.toContain(PARENT_CHOICE.fr);
    const [parentMail] = await mailTo(stack, school.reachable[1]!.email!);
    expect(parentMail!.body.text).toContain(PARENT_CHOICE.fr);
    expect(parentMail!.body.text).not.toContain(STAFF_CHOICE.fr);

    // The staff member chose English in the form above: the reminder (a second send) is in English.
    await sendTo([teacher.id]);
    const reminder = (await mailTo(stack, teacher.email!)).at(-1)!;
    expect(reminder.subject).toMatch(/^Reminder: /);
    expect(reminder.body.text).toContain(STAFF_CHOICE.en);
    expect(reminder.body.text).not.toContain(PARENT_CHOICE.en);
    expect(reminder.body.text).toContain('form=staff');
  });
});
