import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as annualUpdate } from '../../lambdas/annual-update/index';
import { tableName } from '../../lambdas/common/dynamo';
import { handler as progression } from '../../lambdas/progression/index';
import { runBackupCli } from '../../local/cli/backup';
import { runRestoreCli } from '../../local/cli/restore';
import { TRANSIENT_TYPES } from '../../local/cli/table-backup';
import { withExtraTable } from '../lambdas/admin-support';
import { adminClaims, invoke, seedSmallSchool, type SmallSchool } from '../lambdas/annual-update-support';
import { scanAll, useDirectoryTable } from '../lambdas/directory-support';

/**
 * The recovery drill of docs/operations.md on a school caught mid-year: a campaign started and a progression
 * open, backed up with `npm run backup`, restored with `npm run restore` into a new empty table. The new table
 * must hold what the backup holds, and the app must find the campaign and the progression in it.
 */
useDirectoryTable('restore-drill');

let school: SmallSchool;
let sourceTable: string;
let campaignId: string;
let progressionId: string;
const dir = mkdtempSync(path.join(os.tmpdir(), 'restore-drill-'));
const file = path.join(dir, 'backup.json');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const currentCampaign = async () =>
  (await invoke(annualUpdate, { method: 'GET', resource: '/api/admin/annual-update', claims: adminClaims(school.adminEmail) }))
    .body as { campaign: { id: string; status: string } | null };
const currentProgression = async () =>
  (await invoke(progression, { method: 'GET', resource: '/api/admin/progression', claims: adminClaims(school.adminEmail) }))
    .body as { progression: { id: string } | null };

const countByType = (items: Record<string, unknown>[]) =>
  items.reduce<Record<string, number>>((counts, item) => {
    const type = String(item.type);
    counts[type] = (counts[type] ?? 0) + 1;
    return counts;
  }, {});

beforeAll(async () => {
  school = await seedSmallSchool('restore-drill');
  sourceTable = tableName();
  const claims = adminClaims(school.adminEmail);
  const started = await invoke(annualUpdate, {
    method: 'POST',
    resource: '/api/admin/annual-update/campaigns',
    claims,
    body: { schoolYear: '2031-2032', deadline: '2031-10-15', confirmation: 'confirm' },
  });
  expect(started.status).toBe(201);
  campaignId = (started.body as { campaign: { id: string } }).campaign.id;
  const opened = await invoke(progression, { method: 'POST', resource: '/api/admin/progression', claims });
  expect(opened.status, JSON.stringify(opened.body)).toBeLessThan(300);
  progressionId = (await currentProgression()).progression!.id;
});

describe('recovery drill: backup mid-campaign and mid-progression, restore into a new table', () => {
  it('restores every item of the backup, and the app finds the campaign and the progression again', async () => {
    const print = () => undefined;
    expect(await runBackupCli(['--out', file], print, { ...process.env, TABLE_NAME: sourceTable })).toBe(0);
    const backup = JSON.parse(readFileSync(file, 'utf8')) as { counts: Record<string, number> };
    const source = (await scanAll()).filter((item) => !TRANSIENT_TYPES.has(String(item.type)));
    // The campaign's and the progression's locks are their state (no expiry): kept.
    expect(backup.counts).toMatchObject({ CAMPAIGN: 1, PROGRESSION: 1, LOCK: 2, PARENT: school.parents.length });
    expect(backup.counts.PARTICIPANT).toBe(school.parents.length);

    await withExtraTable('restore-drill-copy', async (table) => {
      expect(await runRestoreCli([file], print, { ...process.env, TABLE_NAME: table })).toBe(0);
      const restored = await scanAll();
      // The backup leaves the directory's version out (derived); the restore moves it on (a fresh counter here).
      const { DIRECTORY_VERSION: versions, ...restoredCounts } = countByType(restored);
      expect(restoredCounts).toEqual(backup.counts);
      expect(versions).toBe(1);
      const byKey = (items: Record<string, unknown>[], type: string) =>
        items.filter((item) => item.type === type).sort((a, b) => String(a.sk).localeCompare(String(b.sk)));
      for (const type of ['CAMPAIGN', 'PROGRESSION', 'LOCK', 'PARTICIPANT', 'PARENT']) {
        expect(byKey(restored, type), type).toEqual(byKey(source, type));
      }
      expect((await currentCampaign()).campaign).toMatchObject({ id: campaignId, status: 'active' });
      expect((await currentProgression()).progression).toMatchObject({ id: progressionId });
      // The restored campaign still holds its place: a second one cannot start beside it.
      const second = await invoke(annualUpdate, {
        method: 'POST',
        resource: '/api/admin/annual-update/campaigns',
        claims: adminClaims(school.adminEmail),
        body: { schoolYear: '2032-2033', deadline: '2032-10-15', confirmation: 'confirm' },
      });
      expect(second.status).toBe(409);
    });
  });
});
