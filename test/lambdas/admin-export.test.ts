import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDirectoryConsistent } from '../../lambdas/admin/admin-repository';
import { writeAudit } from '../../lambdas/common/audit';
import { exportCsvFiles } from '../../lambdas/admin/export-service';
import { planImport, writePlanned } from '../../lambdas/admin/import/import-service';
import { documentClient, tableName } from '../../lambdas/common/dynamo';
import { keys } from '../../lambdas/common/keys';
import { getSettings } from '../../lambdas/directory/directory-repository';
import { rewriteRecord } from './directory-writes';
import { runBackupCli } from '../../local/cli/backup';
import { runRestoreCli } from '../../local/cli/restore';
import { TRANSIENT_TYPES } from '../../local/cli/table-backup';
import { seedDemoSchool } from '../../local/demo/seed';
import type { DemoSchool } from '../../local/demo/generate-school';
import { parseCsv, writeCsv } from '@shared/format/csv';
import { adminClaims, callAdmin, inTable, registeredIds, withExtraTable, withoutMeta } from './admin-support';
import { scanAll, useDirectoryTable } from './directory-support';

/**
 * Export (CSV per entity, JSON) and the backup / restore CLIs, on a demo school in a table of its own; round
 * trips go through fresh empty tables.
 */

let school: DemoSchool;
let claims: Record<string, string>;
let sourceTable: string;
const dir = mkdtempSync(path.join(os.tmpdir(), 'admin-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

useDirectoryTable('admin-export');
beforeAll(async () => {
  school = (await seedDemoSchool({ families: 30, seed: 5 })).school;
  claims = await adminClaims();
  sourceTable = tableName();
});

const NOW_SECONDS = Math.floor(Date.now() / 1000);

describe('export', () => {
  it('leaves an audit entry per export (who, when, which form), like every other admin action', async () => {
    const csv = await callAdmin('GET', '/api/admin/export/csv', { query: { lang: 'en' }, claims });
    const json = await callAdmin('GET', '/api/admin/export/json', { claims });
    expect([csv.status, json.status]).toEqual([200, 200]);
    const audit = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': 'AUDIT#DIRECTORY#export' },
      }),
    );
    const actions = (audit.Items ?? []).map((entry) => [entry.action, (entry.actor as { id: string }).id]);
    expect(actions).toEqual(expect.arrayContaining([['export.csv', claims.sub], ['export.json', claims.sub]]));
    expect(JSON.stringify(audit.Items)).not.toContain('@');
  });

  it('gives seven CSV files in the admin language: French with semicolons, English with commas', async () => {
    const fr = await callAdmin('GET', '/api/admin/export/csv', { query: { lang: 'fr' }, claims });
    const en = await callAdmin('GET', '/api/admin/export/csv', { query: { lang: 'en' }, claims });

    expect(fr.status).toBe(200);
    expect(fr.json.files.map((f: { name: string }) => f.name)).toEqual([
      'ecole.csv',
      'classes.csv',
      'personnel.csv',
      'parents.csv',
      'eleves.csv',
      'comites.csv',
      'membres-comites.csv',
    ]);
    const fileOf = (files: { name: string; text: string }[], name: string) => parseCsv(files.find((f) => f.name === name)!.text);
    const parents = fileOf(fr.json.files, 'parents.csv');
    expect(parents.ok && parents.separator).toBe(';');
    expect(parents.ok && parents.hadBom).toBe(true);
    expect(parents.ok && parents.records[0]!.fields.slice(0, 4)).toEqual(['Clé', 'Prénom', 'Nom', 'Courriel']);
    expect(parents.ok && parents.records.length).toBe(school.parents.length + 1);
    const students = fileOf(en.json.files, 'students.csv');
    expect(students.ok && students.separator).toBe(',');
    expect(students.ok && students.records[0]!.fields).toEqual(['Key', 'First name', 'Last name', 'Level', 'Class', 'Parent 1', 'Parent 2', 'Parent 3', 'Parent 4', 'Staff note']);

    // The school's settings: one row per level, the school's own columns on the first row only.
    const settings = school.settings;
    const schoolFr = fileOf(fr.json.files, 'ecole.csv');
    expect(schoolFr.ok && schoolFr.records.map((r) => r.fields)).toEqual([
      ["Nom de l'école", 'Année scolaire', 'Courriel', 'Téléphone', 'Adresse', 'Ville', 'Code postal', 'Structure des classes', 'Niveau finissant', 'Code du niveau', 'Niveau (français)', 'Niveau (anglais)', 'Abrégé (français)', 'Abrégé (anglais)'],
      ...settings.levels.map((level, i) => [
        ...(i === 0
          ? [settings.schoolName, '2025-2026', settings.contact.email, '514 555-0100', '4500, rue des Érables', 'Montréal', 'H2H 1Y4', 'Classes multiniveaux', 'G6']
          : Array.from({ length: 9 }, () => '')),
        level.code,
        level.label.fr,
        level.label.en,
        level.shortLabel.fr,
        level.shortLabel.en,
      ]),
    ]);
    const schoolEn = fileOf(en.json.files, 'school.csv');
    expect(schoolEn.ok && schoolEn.separator).toBe(',');
    expect(schoolEn.ok && schoolEn.records[0]!.fields.slice(0, 2)).toEqual(['School name', 'School year']);
  });

  it('gives one JSON file with every record and the settings', async () => {
    const { status, json } = await callAdmin('GET', '/api/admin/export/json', { claims });

    expect(status).toBe(200);
    expect(json).toMatchObject({ format: 'school-directory-export', formatVersion: 1, settings: { schoolYear: '2025-2026' } });
    expect(withoutMeta(json.parents)).toEqual(withoutMeta(school.parents));
    expect(json.families).toHaveLength(school.families.length);
    expect(json.memberships).toHaveLength(school.memberships.length);
  });

  it('imported into an empty table, gives the same directory (and the same export)', async () => {
    // A safety restriction (docs/privacy.md) goes through the CSV files too: a school rebuilt from them keeps it.
    const [restrictedParent, householdParent] = (await readDirectoryConsistent()).parents;
    const restricted = await callAdmin('PUT', '/api/admin/parents/{id}/safety-restriction', {
      id: restrictedParent!.id,
      body: { version: restrictedParent!.version, hiddenFrom: [householdParent!.id] },
      claims,
    });
    expect(restricted.status).toBe(200);
    // So does a committee open to sign-ups, and one closed to them.
    const [openCommittee, closedCommittee] = (await readDirectoryConsistent()).committees;
    await rewriteRecord('COMMITTEE', openCommittee!, { ...openCommittee!, openToSignUps: true });
    await rewriteRecord('COMMITTEE', closedCommittee!, { ...closedCommittee!, openToSignUps: false });
    const source = await readDirectoryConsistent();
    const settings = await getSettings();
    const files = exportCsvFiles(source, settings, 'fr');

    await withExtraTable('admin-export-copy', async () => {
      const planned = await planImport(files.map(({ name, text }) => ({ name, text })));
      expect(planned.report.errors).toEqual([]);
      const result = await writePlanned(planned, { actor: { kind: 'system', id: 'test' } });
      expect(result.progress.complete).toBe(true);

      const copy = await readDirectoryConsistent();
      // The school's settings too: name, year, contact, levels and their labels, graduating level.
      const { version: _v, updatedAt: _u, ...copied } = (await getSettings())!;
      const { version: _sv, updatedAt: _su, ...original } = settings!;
      expect(copied).toEqual(original);
      expect(planned.report.counts.school).toEqual({ create: 1, update: 0, unchanged: 0 });
      expect(planned.report.createsSettings).toBe(false);
      for (const list of ['classes', 'students', 'parents', 'staff', 'committees', 'families', 'memberships'] as const) {
        expect(withoutMeta(copy[list] as object[])).toEqual(withoutMeta(source[list] as object[]));
      }
      expect(copy.parents.find((p) => p.id === restrictedParent!.id)?.safetyRestriction).toEqual({ hiddenFrom: [householdParent!.id] });
      const people = [...copy.parents, ...copy.staff].filter((p) => p.email);
      for (const person of people) expect(await registeredIds(person.email!)).toContain(person.id);
      // The copy's export is byte for byte the source's: nothing was lost or reordered on the way.
      expect(exportCsvFiles(copy, await getSettings(), 'fr')).toEqual(files);
      // Importing the same files again changes nothing, the settings' version included.
      const again = await planImport(files.map(({ name, text }) => ({ name, text })));
      expect(again.report.writes).toBe(0);
      expect(again.report.counts.school).toEqual({ create: 0, update: 0, unchanged: 1 });
      expect((await getSettings())!.version).toBe(1);
    });
  });
});

describe('safety restrictions in the parents file', () => {
  /** The English parents file of the directory, its restriction cells changed by `edit` (or the column dropped). */
  async function parentsFile(edit: (header: string[], row: string[]) => string[] | undefined) {
    const files = exportCsvFiles(await readDirectoryConsistent(), await getSettings(), 'en');
    const parsed = parseCsv(files.find((f) => f.name === 'parents.csv')!.text);
    if (!parsed.ok) throw new Error('unreadable export');
    const [header, ...rows] = parsed.records.map((r) => r.fields);
    const edited = [edit(header!, header!) ?? header!, ...rows.map((row) => edit(header!, row) ?? row)];
    return [{ name: 'parents.csv', text: writeCsv(edited) }];
  }
  const restrictedRow = async () => (await readDirectoryConsistent()).parents.find((p) => p.safetyRestriction)!;

  it('keeps every restriction when the file has no such column', async () => {
    const restricted = await restrictedRow();
    const planned = await planImport(await parentsFile((header, row) => row.slice(0, header.indexOf('Hidden from (safety restriction)'))));
    expect(planned.report.errors).toEqual([]);
    expect(planned.report.writes).toBe(0);
    expect(restricted.safetyRestriction).toBeDefined();
  });

  it('warns before a blank cell lifts a restriction, and refuses a parent hidden from themselves', async () => {
    const restricted = await restrictedRow();
    const key = restricted.importKey ?? restricted.id;
    const column = (header: string[]) => header.indexOf('Hidden from (safety restriction)');
    const lifted = await planImport(await parentsFile((header, row) => (row[0] === key ? row.map((v, i) => (i === column(header) ? '' : v)) : undefined)));
    expect(lifted.report.valid).toBe(true);
    expect(lifted.report.counts.parents?.update).toBe(1);
    expect(lifted.report.warnings.map((w) => w.code)).toEqual(['RESTRICTION_LIFTED']);

    const self = await planImport(await parentsFile((header, row) => (row[0] === key ? row.map((v, i) => (i === column(header) ? key : v)) : undefined)));
    expect(self.report.valid).toBe(false);
    expect(self.report.errors.map((e) => e.code)).toEqual(['RESTRICTION_SELF']);
  });
});

describe('backup and restore', () => {
  const env = (table: string) => ({ ...process.env, TABLE_NAME: table });
  const run = async (cli: typeof runBackupCli | typeof runRestoreCli, argv: string[], table: string) => {
    const lines: string[] = [];
    const code = await cli(argv, (line) => lines.push(line), env(table));
    return { code, lines };
  };
  const file = path.join(dir, 'backup.json');

  beforeAll(async () => {
    // Items of other features that a backup keeps (audit, a valid link) or leaves out (counters, locks, expired).
    await writeAudit({ at: new Date().toISOString(), actor: { kind: 'system', id: 'test' }, action: 'import.apply', target: { type: 'DIRECTORY', id: 'import' }, count: 1 });
    const put = (Item: Record<string, unknown>) => documentClient().send(new PutCommand({ TableName: tableName(), Item }));
    await put({ ...keys.updateToken('a'.repeat(64)), type: 'TOKEN', campaignId: 'c', parentId: 'p', expiresAt: NOW_SECONDS + 86_400 });
    await put({ ...keys.updateToken('b'.repeat(64)), type: 'TOKEN', campaignId: 'c', parentId: 'p', expiresAt: NOW_SECONDS - 60 });
    await put({ ...keys.rateLimit('validate#abc', 1), type: 'RATE_LIMIT', hits: 3, expiresAt: NOW_SECONDS + 120 });
    // A lease (a lock with an expiry, held by a running worker) is left out.
    await put({ ...keys.lock('progression-apply'), type: 'LOCK', name: 'progression-apply', owner: 'x', acquiredAt: new Date().toISOString(), expiresAt: NOW_SECONDS + 60 });
  });

  it('backs up every lasting item to a file only its owner can read', async () => {
    const { code, lines } = await run(runBackupCli, ['--out', file], sourceTable);

    expect(code).toBe(0);
    expect(lines.join('\n')).toMatch(/item\(s\) of \d+ written/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const backup = JSON.parse(readFileSync(file, 'utf8'));
    // The import audit written above, and one per export the tests before made.
    const audits = (await scanAll()).filter((item) => item.type === 'AUDIT').length;
    expect(audits).toBeGreaterThan(1);
    expect(backup.counts).toMatchObject({ TOKEN: 1, AUDIT: audits, PARENT: school.parents.length, SETTINGS: 1 });
    expect(backup.counts.RATE_LIMIT).toBeUndefined();
    expect(backup.counts.LOCK).toBeUndefined();
  });

  it('restores into an empty table exactly, refuses a table in use, and replaces one with --force', async () => {
    // Rate counters and the directory's version and snapshot are not backed up (local/cli/table-backup.ts): a
    // restore bumps the version of its own.
    const lasting = (items: Record<string, unknown>[]) =>
      items.filter((item) => !TRANSIENT_TYPES.has(String(item.type)));
    const original = lasting(await scanAll()).filter(
      (item) => !(item.type === 'LOCK' && item.expiresAt !== undefined) && !((item.expiresAt as number) <= NOW_SECONDS),
    );

    await withExtraTable('admin-restore', async (table) => {
      const restored = await run(runRestoreCli, [file], table);
      expect(restored.code).toBe(0);
      expect(lasting(await scanAll())).toEqual(original);
      expect(await inTable(sourceTable, readDirectoryConsistent)).toEqual(await readDirectoryConsistent());

      // Not empty any more: refused, and nothing changes.
      const extra = { pk: 'DIRECTORY', sk: 'PARENT#01JZZZZZZZZZZZZZZZZZZZZZZZ', type: 'PARENT' };
      await documentClient().send(new PutCommand({ TableName: table, Item: extra }));
      const refused = await run(runRestoreCli, [file], table);
      expect(refused.code).toBe(1);
      expect(refused.lines.at(-1)).toMatch(/the table is not empty/);
      expect(lasting(await scanAll())).toHaveLength(original.length + 1);

      const forced = await run(runRestoreCli, [file, '--force'], table);
      expect(forced.code).toBe(0);
      expect(forced.lines.at(-1)).toMatch(/deleted 1 item\(s\) not in the backup/);
      expect(lasting(await scanAll())).toEqual(original);
    });
  });

  it('refuses a file that is not a backup', async () => {
    const { code, lines } = await run(runRestoreCli, [path.join(dir, 'missing.json')], sourceTable);
    expect(code).toBe(1);
    expect(lines.at(-1)).toMatch(/^error: cannot read/);
  });
});
