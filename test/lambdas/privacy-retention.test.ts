import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../lambdas/common/dynamo';
import { keys } from '../../lambdas/common/keys';
import { handler as privacyHandler } from '../../lambdas/privacy/index';
import { cutoff, messagesKeptFrom, monthsFrom, PurgeBusyError, runPurge } from '../../lambdas/privacy/retention/purge-service';
import { acquirePurgeLock, releasePurgeLock } from '../../lambdas/privacy/retention/retention-repository';
import { DEFAULT_RETENTION, emptyCounts, PurgeCountsSchema, type PurgeReportsResponse, type RetentionSettings } from '@shared/contracts/retention-api';
import { runPurgeCli } from '../../local/cli/purge';
import { useStack } from '../support/stack';
import { adminClaims } from './admin-support';
import { apiEvent } from './auth-support';
import { scanAll, useDirectoryTable } from './directory-support';

/**
 * The retention purge (lambdas/privacy/retention, docs/privacy.md "Retention") in a table of its own, with a
 * controlled clock: for each kind of data, items just past their period go and items just inside stay; the report
 * counts what went; a second run deletes nothing. Then the settings and reports routes.
 */

useStack();
useDirectoryTable('privacy-retention');
let claims: Record<string, string>;
beforeAll(async () => {
  claims = await adminClaims();
});

/** The controlled clock: every period is measured back from it. */
const NOW = new Date('2030-06-15T12:00:00.000Z');
const HOUR = 3_600_000;
/** One hour before and after a period's cutoff. */
const around = (period: { months?: number; days?: number }) => {
  const at = Date.parse(cutoff(NOW, period));
  return { past: new Date(at - HOUR).toISOString(), inside: new Date(at + HOUR).toISOString() };
};

const put = (item: Record<string, unknown>) => documentClient().send(new PutCommand({ TableName: tableName(), Item: item }));
const hash = () => ulid().toLowerCase().padEnd(64, '0');
const partition = async (pk: string) =>
  (
    await documentClient().send(
      new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } }),
    )
  ).Items ?? [];

async function call(method: string, resource: string, body?: unknown): Promise<{ status: number; json: { retention: RetentionSettings; error?: { code: string } } & PurgeReportsResponse }> {
  const event = apiEvent({ method, resource, body: body === undefined ? null : JSON.stringify(body), claims });
  const response = (await privacyHandler(event)) as APIGatewayProxyResult;
  return { status: response.statusCode, json: response.body ? JSON.parse(response.body) : undefined };
}

/**
 * A removed parent: the audit entry of the removal, a consent log of two entries, and the two choices the messages
 * context keeps for a parent ("Families near me" turned on, the emails accepted).
 */
async function seedConsent(parentId: string, removedAt: string | undefined, exists: boolean): Promise<void> {
  if (removedAt) {
    const id = ulid(Date.parse(removedAt));
    await put({ ...keys.audit(removedAt.slice(0, 7), id, 'PARENT', parentId), type: 'AUDIT', id, at: removedAt, action: 'parent.delete', actor: { kind: 'user', id: 'x' }, target: { type: 'PARENT', id: parentId } });
  }
  if (exists) await put({ ...keys.entity('PARENT', parentId), type: 'PARENT', id: parentId });
  for (const at of ['2027-01-01T00:00:00.000Z', '2027-02-01T00:00:00.000Z']) {
    await put({ ...keys.consent(parentId, at, ulid()), type: 'CONSENT', parentId, at });
  }
  await put({ ...keys.carpoolOptIn(parentId), type: 'CARPOOL_OPTIN', parentId, at: '2027-02-01T00:00:00.000Z' });
  await put({ ...keys.messageConsents(`PARENT#${parentId}`), type: 'MESSAGE_CONSENTS', school: true, class: false, committee: true });
}

/** The parent's choices still stored in the messages context. */
const choicesOf = async (parentId: string) =>
  [...(await partition(keys.carpoolPk())), ...(await partition(keys.messageConsentsPk()))].filter(
    (item) => item.sk === keys.carpoolOptIn(parentId).sk || item.sk === `PARENT#${parentId}`,
  );

/**
 * A campaign with two participants (one link still stored), a send job of two entries, an answer held for review
 * and a paper letter's code (its link stored too).
 */
async function seedCampaign(status: string, completedAt?: string): Promise<{ id: string; tokens: string[] }> {
  const id = ulid();
  const jobId = ulid();
  const tokens = [hash(), hash(), hash()];
  await put({ ...keys.campaign(id), type: 'CAMPAIGN', id, status, ...(completedAt ? { completedAt } : {}) });
  await put({ ...keys.updateToken(tokens[0]!), type: 'TOKEN', campaignId: id });
  await put({ ...keys.pendingChange(id, 'P0'), type: 'PENDING_CHANGE', parentId: 'P0', changes: [{ field: 'phone', new: '5145550100' }] });
  await put({ ...keys.letterCode(id, 'P1'), type: 'LETTER', parentId: 'P1', codeHash: tokens[2] });
  await put({ ...keys.updateToken(tokens[2]!), type: 'TOKEN', campaignId: id });
  await put({ ...keys.sendJob(id, jobId), type: 'SEND_JOB', jobId });
  for (const [i, tokenHash] of tokens.slice(0, 2).entries()) {
    await put({ ...keys.participant(id, `P${i}`), type: 'PARTICIPANT', parentId: `P${i}`, tokenHash });
    await put({ ...keys.sendJobEntry(jobId, `P${i}`), type: 'SEND_JOB_ENTRY', jobId, tokenHash });
  }
  return { id, tokens };
}

async function seedBackup(takenAt: string): Promise<string> {
  const id = ulid();
  await put({ ...keys.progression(id), type: 'PROGRESSION', id, apply: { backup: { parts: 2, items: 3, bytes: 9, takenAt } } });
  for (const part of [0, 1]) await put({ ...keys.progressionBackupPart(id, part), type: 'PROGRESSION_BACKUP', data: 'x' });
  await put({ ...keys.progressionStep(id, 0), type: 'PROGRESSION_STEP' });
  return id;
}

/** A message of the log with its deliveries (docs/messages.md, "Storage"). */
async function seedMessage(createdAt: string, recipients: number): Promise<string> {
  const id = ulid(Date.parse(createdAt));
  await put({ ...keys.message(id), type: 'MESSAGE', id, createdAt });
  for (let i = 0; i < recipients; i += 1) await put({ ...keys.messageDelivery(id, `PARENT#P${i}`), type: 'MESSAGE_DELIVERY', messageId: id });
  return id;
}

const seedRequest = (status: string, updatedAt: string) =>
  put({ ...keys.privacyRequest(ulid()), type: 'PRIVACY_REQUEST', status, updatedAt });

describe('the purge, with a controlled clock', () => {
  const departed = around({ months: DEFAULT_RETENTION.departedMonths });
  const campaign = around({ months: DEFAULT_RETENTION.campaignMonths });
  const backup = around({ days: DEFAULT_RETENTION.backupDays });
  const request = around({ months: DEFAULT_RETENTION.requestMonths });
  const ids = { gone: ulid(), recent: ulid(), back: ulid(), present: ulid() };
  const staff = { gone: ulid(), present: ulid() };
  let campaigns: Record<'old' | 'recent' | 'active', { id: string; tokens: string[] }>;
  let backups: { old: string; recent: string };
  let messages: { old: string; recent: string };

  beforeAll(async () => {
    await seedConsent(ids.gone, departed.past, false);
    await seedConsent(ids.recent, departed.inside, false);
    // Removed long ago, then back in the directory (an import re-creates the same id): kept while it exists.
    await seedConsent(ids.back, '2028-01-10T00:00:00.000Z', true);
    await seedConsent(ids.present, undefined, true);
    // Two staff members' email choices: one still in the directory, one deleted (before a delete took them along).
    await put({ ...keys.entity('STAFF', staff.present), type: 'STAFF', id: staff.present });
    for (const id of [staff.gone, staff.present]) await put({ ...keys.messageConsents(`STAFF#${id}`), type: 'MESSAGE_CONSENTS', school: true });
    campaigns = {
      old: await seedCampaign('completed', campaign.past),
      recent: await seedCampaign('completed', campaign.inside),
      active: await seedCampaign('active'),
    };
    backups = { old: await seedBackup(backup.past), recent: await seedBackup(backup.inside) };
    await seedRequest('closed', request.past);
    await seedRequest('closed', request.inside);
    await seedRequest('answered', '2020-01-01T00:00:00.000Z');
    // NOW is in the school year 2029-2030: messages of 2027-2028 go, those of 2028-2029 stay. The year turns at
    // midnight in Québec: 30 June 23:00 there (03:00 UTC on 1 July) goes, 1 July 01:00 there (05:00 UTC) stays.
    messages = { old: await seedMessage('2028-07-01T03:00:00.000Z', 2), recent: await seedMessage('2028-07-01T05:00:00.000Z', 1) };
  });

  it('deletes only what is past its period, and counts it', async () => {
    const report = await runPurge({ now: NOW, trigger: 'command' });
    expect(report.counts).toEqual({
      // The departed parent's log of two entries, their carpool opt-in and their email choices; the departed staff
      // member's email choices (no period: staff keep no consent log).
      consentEntries: 5,
      campaignParticipants: 4,
      sendJobs: 3,
      updateLinks: 2,
      backupParts: 2,
      privacyRequests: 1,
      messages: 3,
    });
    expect(report).toMatchObject({ complete: true, periods: DEFAULT_RETENTION, startedAt: NOW.toISOString() });
    expect(await partition(keys.consentPk(ids.gone))).toEqual([]);
    for (const id of [ids.recent, ids.back, ids.present]) expect(await partition(keys.consentPk(id))).toHaveLength(2);
    expect(await choicesOf(ids.gone)).toEqual([]);
    for (const id of [ids.recent, ids.back, ids.present]) expect(await choicesOf(id)).toHaveLength(2);
    const staffChoices = (await partition(keys.messageConsentsPk())).map((item) => item.sk).filter((sk) => String(sk).startsWith('STAFF#'));
    expect(staffChoices).toEqual([`STAFF#${staff.present}`]);
    // The old campaign keeps its header (counts only); the others keep everything.
    expect((await partition(keys.campaignPk(campaigns.old.id))).map((i) => i.sk)).toEqual(['CAMPAIGN']);
    for (const c of [campaigns.recent, campaigns.active]) {
      expect(await partition(keys.campaignPk(c.id))).toHaveLength(6);
      expect(await partition(keys.updateToken(c.tokens[0]!).pk)).toHaveLength(1);
    }
    expect(await partition(keys.updateToken(campaigns.old.tokens[0]!).pk)).toEqual([]);
    expect(await partition(keys.updateToken(campaigns.old.tokens[2]!).pk)).toEqual([]);
    expect((await partition(keys.progressionPk(backups.old))).map((i) => i.sk)).toEqual(['PROGRESSION', 'STEP#000000']);
    expect(await partition(keys.progressionPk(backups.recent))).toHaveLength(4);
    const requests = await partition(keys.privacyRequestsPk());
    expect(requests.map((r) => r.updatedAt).sort()).toEqual(['2020-01-01T00:00:00.000Z', request.inside]);
    const log = await partition(keys.messagesPk());
    expect(log.map((m) => m.id)).toEqual([messages.recent]);
    expect(await partition(keys.messageDeliveriesPk(messages.old))).toEqual([]);
    expect(await partition(keys.messageDeliveriesPk(messages.recent))).toHaveLength(1);
  });

  it('keeps a message through its school year and the next (1 July to 30 June, Québec time)', () => {
    // A school year begins at midnight in Québec on 1 July: 04:00 UTC (daylight time).
    expect(messagesKeptFrom(new Date('2030-06-30T12:00:00.000Z'))).toBe('2028-07-01T04:00:00.000Z');
    expect(messagesKeptFrom(new Date('2030-07-01T12:00:00.000Z'))).toBe('2029-07-01T04:00:00.000Z');
    // 30 June, 22:00 in Québec is already 1 July in UTC: the year has not turned yet.
    expect(messagesKeptFrom(new Date('2030-07-01T02:00:00.000Z'))).toBe('2028-07-01T04:00:00.000Z');
    expect(messagesKeptFrom(new Date('2030-07-01T03:59:59.999Z'))).toBe('2028-07-01T04:00:00.000Z');
    expect(messagesKeptFrom(new Date('2030-07-01T04:00:00.000Z'))).toBe('2029-07-01T04:00:00.000Z');
    // A message sent on 30 June at 23:30 in Québec (1 July 03:30 UTC) belongs to the year that ends that night.
    const sentLateJune = '2029-07-01T03:30:00.000Z';
    expect(sentLateJune < messagesKeptFrom(new Date('2030-07-01T05:00:00.000Z'))).toBe(true);
    // A report filed before messages were purged has no count of them: it still reads, as 0.
    const { messages: _none, ...older } = emptyCounts();
    expect(PurgeCountsSchema.parse(older).messages).toBe(0);
  });

  it('files a report and an audit entry that name no one, and a rerun deletes nothing', async () => {
    const before = await scanAll();
    const again = await runPurge({ now: NOW, trigger: 'command' });
    expect(Object.values(again.counts).every((n) => n === 0)).toBe(true);
    const after = await scanAll();
    // Only the rerun's own report and audit entry were added.
    expect(after.length).toBe(before.length + 2);
    const audit = await partition(`AUDIT#${NOW.toISOString().slice(0, 7)}`);
    const purges = audit.filter((a) => a.action === 'retention.purge');
    expect(purges.map((a) => a.count).sort()).toEqual([0, 20]);
    const reports = await partition(keys.retentionPk());
    const text = JSON.stringify(reports);
    for (const id of [ids.gone, staff.gone, campaigns.old.id, campaigns.old.tokens[0]!]) expect(text).not.toContain(id);
  });

  it('stops at its bound and the next run goes on where it stopped', async () => {
    for (let i = 0; i < 3; i += 1) await seedRequest('closed', request.past);
    const first = await runPurge({ now: NOW, trigger: 'command', maxDeletes: 2 });
    expect(first).toMatchObject({ complete: false, counts: { privacyRequests: 2 } });
    const second = await runPurge({ now: NOW, trigger: 'command', maxDeletes: 2 });
    expect(second).toMatchObject({ complete: true, counts: { privacyRequests: 1 } });
  });

  it('runs one purge at a time: a held lock refuses the run, which deletes nothing and files no report', async () => {
    await seedRequest('closed', request.past);
    expect(await acquirePurgeLock('other-run')).toBe(true);
    const before = await scanAll();
    await expect(runPurge({ now: NOW, trigger: 'command' })).rejects.toBeInstanceOf(PurgeBusyError);
    expect(await scanAll()).toEqual(before);
    await releasePurgeLock('other-run');
    expect(await runPurge({ now: NOW, trigger: 'command' })).toMatchObject({ counts: { privacyRequests: 1 } });
    expect(await partition('LOCK#retention-purge')).toEqual([]);
  });

  it('lists the months from the consent log’s start to now', () => {
    expect(monthsFrom('2029-11', new Date('2030-02-03T00:00:00Z'))).toEqual(['2029-11', '2029-12', '2030-01', '2030-02']);
  });
});

describe('the retention routes', () => {
  it('answers the defaults (version 0), then saves with a version check and an audit of field names', async () => {
    const read = await call('GET', '/api/admin/privacy/retention');
    expect(read).toEqual({ status: 200, json: { retention: { ...DEFAULT_RETENTION, version: 0 } } });
    const saved = await call('PUT', '/api/admin/privacy/retention', { ...DEFAULT_RETENTION, backupDays: 30, version: 0 });
    expect(saved.status).toBe(200);
    expect(saved.json.retention).toMatchObject({ backupDays: 30, version: 1 });
    const stale = await call('PUT', '/api/admin/privacy/retention', { ...DEFAULT_RETENTION, version: 0 });
    expect(stale.json).toMatchObject({ error: { code: 'CONFLICT' } });
    expect(stale.status).toBe(409);
    const audit = (await scanAll()).filter((i) => i.action === 'retention.update');
    expect(audit.map((a) => a.fields)).toEqual([['backupDays']]);
    const current = (await call('GET', '/api/admin/privacy/retention')).json.retention as RetentionSettings;
    expect(current).toMatchObject({ backupDays: 30, version: 1 });
  });

  it('refuses unknown fields and periods out of bounds (400)', async () => {
    for (const body of [
      { ...DEFAULT_RETENTION, version: 1, extra: 1 },
      { ...DEFAULT_RETENTION, version: 1, departedMonths: 0 },
      { ...DEFAULT_RETENTION, version: 1, backupDays: 1.5 },
    ]) {
      expect((await call('PUT', '/api/admin/privacy/retention', body)).status).toBe(400);
    }
  });

  it('lists the reports newest first with each year’s totals', async () => {
    const { status, json } = await call('GET', '/api/admin/privacy/retention/reports');
    const body = json as PurgeReportsResponse;
    expect(status).toBe(200);
    expect(body.reports).toHaveLength(5);
    expect(body.reports.map((r) => r.id)).toEqual([...body.reports.map((r) => r.id)].sort().reverse());
    expect(body.years).toEqual([
      {
        year: '2030',
        runs: 5,
        counts: { consentEntries: 5, campaignParticipants: 4, sendJobs: 3, updateLinks: 2, backupParts: 2, privacyRequests: 5, messages: 3 },
      },
    ]);
  });

  it('runs the purge on a scheduled event, which never reaches the API routes', async () => {
    const event = { source: 'aws.events', 'detail-type': 'Scheduled Event', detail: {} } as unknown as APIGatewayProxyEvent;
    const response = (await privacyHandler(event, { getRemainingTimeInMillis: () => 60_000 } as never)) as APIGatewayProxyResult;
    expect(response.statusCode).toBe(200);
    const reports = (await call('GET', '/api/admin/privacy/retention/reports')).json as PurgeReportsResponse;
    expect(reports.reports.some((r) => r.trigger === 'schedule')).toBe(true);
  });
});

describe('npm run purge', () => {
  it('runs the same purge on the table and prints its report in French and English', async () => {
    const lines: string[] = [];
    const env = { TABLE_NAME: tableName(), DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT, AWS_REGION: process.env.AWS_REGION };
    expect(await runPurgeCli([], (line) => lines.push(line), env, NOW)).toBe(0);
    const text = lines.join('\n');
    expect(text).toContain('Purge de conservation');
    expect(text).toContain('Durées\u00a0: parents partis 12 mois');
    expect(text).toContain('Retention purge');
    expect(text).toContain('Closed privacy requests: 0');
    expect(text).not.toMatch(/ :/);
    expect(await runPurgeCli(['--max', 'lots'], (line) => lines.push(line), env, NOW)).toBe(2);
  });
});
