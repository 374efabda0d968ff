import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { planImport, writePlanned } from '../../lambdas/admin/import/import-service';
import { derivedId } from '../../lambdas/admin/import/ids';
import { documentClient, tableName } from '../../lambdas/common/dynamo';
import { keys } from '../../lambdas/common/keys';
import { getEntity, getSettings, readDirectory } from '../../lambdas/directory/directory-repository';
import { runImportCli } from '../../local/cli/import';
import { generateSchool } from '../../local/demo/generate-school';
import { writeCsv } from '@shared/format/csv';
import { describeIssue, type ImportFile, type ImportIssue } from '@shared/contracts/import-api';
import { adminClaims, callAdmin, csvFilesOf, isAuthorised, lastingItems, registeredIds, withoutMeta } from './admin-support';
import { scanAll, useDirectoryTable } from './directory-support';
import { apiEvent, claimsFor } from './auth-support';
import { handler as privacyHandler } from '../../lambdas/privacy/index';
import { MyActivityResponseSchema } from '@shared/contracts/privacy-activity-api';
import { PRIVATE_BY_DEFAULT } from '@shared/rules/visibility';
import { listConsent } from '../../lambdas/directory/consent-repository';

/**
 * The CSV import (lambdas/admin/import) against real tables of DynamoDB Local, each describe in a table of its
 * own: dry runs, applying through the admin API, idempotent re-runs, refusals that change nothing, registry
 * upkeep, a run cut short, and the CLI.
 */

const school = generateSchool({ families: 14 });
const frFiles = csvFilesOf(school, school.settings, 'fr');

type Call = Awaited<ReturnType<typeof callAdmin>>;

/** Calls apply until the import is complete, as the admin page does with its progress bar. */
async function applyAll(files: ImportFile[], claims: Record<string, string>): Promise<{ last: Call; calls: number }> {
  let last: Call;
  let calls = 0;
  do {
    last = await callAdmin('POST', '/api/admin/import/apply', { body: { files }, claims });
    calls++;
  } while (last.status === 200 && !last.json.progress.complete && calls < 20);
  return { last, calls };
}

async function expectDirectoryOf(expected: typeof school) {
  const stored = await readDirectory();
  expect(withoutMeta(stored.classes)).toEqual(withoutMeta(expected.classes));
  expect(withoutMeta(stored.staff)).toEqual(withoutMeta(expected.staff));
  expect(withoutMeta(stored.parents)).toEqual(withoutMeta(expected.parents));
  expect(withoutMeta(stored.students)).toEqual(withoutMeta(expected.students));
  expect(withoutMeta(stored.committees)).toEqual(withoutMeta(expected.committees));
  expect(withoutMeta(stored.families)).toEqual(withoutMeta(expected.families));
  expect(withoutMeta(stored.memberships)).toEqual(withoutMeta(expected.memberships));
}

describe('importing a school into an empty table through the admin API', () => {
  useDirectoryTable('admin-import');
  let claims: Record<string, string>;
  beforeAll(async () => {
    claims = await adminClaims();
  });

  it('dry-runs: counts every row to create and writes nothing', async () => {
    const before = await lastingItems();

    const { status, json: report } = await callAdmin('POST', '/api/admin/import/dry-run', { body: { files: frFiles }, claims });

    expect(status).toBe(200);
    expect(report.errors).toEqual([]);
    // The school file is there: its settings are created, not default ones.
    expect(report).toMatchObject({ valid: true, createsSettings: false, errorCount: 0 });
    expect(report.counts).toEqual({
      school: { create: 1, update: 0, unchanged: 0 },
      classes: { create: school.classes.length, update: 0, unchanged: 0 },
      staff: { create: school.staff.length, update: 0, unchanged: 0 },
      parents: { create: school.parents.length, update: 0, unchanged: 0 },
      students: { create: school.students.length, update: 0, unchanged: 0 },
      committees: { create: school.committees.length, update: 0, unchanged: 0 },
      memberships: {
        create: school.memberships.length + school.committees.reduce((n, c) => n + c.otherMembers.length, 0),
        update: 0,
        unchanged: 0,
      },
    });
    expect(report.files.every((file: { separator: string; hadBom: boolean }) => file.separator === ';' && file.hadBom)).toBe(true);
    expect(report.related.familyLinksAdded).toBe(school.families.length);
    expect(await lastingItems()).toEqual(before);
  });

  it('applies the files, and importing the same files again changes nothing', async () => {
    const { last } = await applyAll(frFiles, claims);
    expect(last.status).toBe(200);
    expect(last.json.progress).toMatchObject({ remaining: 0, complete: true });

    // Keys that are ids (an export's) keep their ids: the import reproduces the school exactly.
    await expectDirectoryOf(school);
    expect(withoutMeta([(await getSettings())!])).toEqual(withoutMeta([school.settings]));
    const withEmail = [...school.parents, ...school.staff].filter((person) => person.email);
    for (const person of withEmail) expect(await registeredIds(person.email!)).toContain(person.id);

    const after = await lastingItems();
    const again = await callAdmin('POST', '/api/admin/import/dry-run', { body: { files: frFiles }, claims });
    expect(again.json.writes).toBe(0);
    expect(again.json.counts.parents).toEqual({ create: 0, update: 0, unchanged: school.parents.length });
    expect(again.json.counts.school).toEqual({ create: 0, update: 0, unchanged: 1 });
    const second = await applyAll(frFiles, claims);
    expect(second.last.json.progress).toEqual({ written: 0, remaining: 0, complete: true });
    expect(await lastingItems()).toEqual(after);
  });

  it('warns before a row found by its email renames someone else; not for the same name written differently', async () => {
    const stored = school.staff.find((person) => person.email)!;
    const dryRun = (first: string, last: string) =>
      callAdmin('POST', '/api/admin/import/dry-run', {
        body: {
          files: [
            {
              name: 'personnel.csv',
              text: writeCsv(
                [
                  ['Prénom', 'Nom', 'Courriel', 'Titre (français)', 'Service'],
                  [first, last, stored.email!, stored.title.fr, stored.department],
                ],
                { separator: ';' },
              ),
            },
          ],
        },
        claims,
      });
    const renamed = await dryRun('Luc', 'Doublon');
    expect(renamed.json.errors, JSON.stringify(renamed.json.errors)).toEqual([]);
    const warnings = (renamed.json.warnings as ImportIssue[]).filter((w) => w.code === 'RENAMED_BY_EMAIL');
    expect(warnings).toHaveLength(1);
    expect(describeIssue(warnings[0]!, 'fr')).toBe(
      `personnel.csv, ligne 2, colonne B (Nom)\u00a0: Ce courriel appartient à ${stored.firstName} ${stored.lastName}, qui s'appellera «\u00a0Luc Doublon\u00a0»\u00a0: vérifiez que c'est la même personne.`,
    );
    expect(describeIssue(warnings[0]!, 'en')).toContain(`This email is ${stored.firstName} ${stored.lastName}'s, who will be named "Luc Doublon": check that this is the same person.`);
    const same = await dryRun(stored.firstName.toUpperCase(), stored.lastName);
    expect((same.json.warnings as ImportIssue[]).filter((w) => w.code === 'RENAMED_BY_EMAIL')).toEqual([]);
  });

  it('refuses files with any error, says where, and changes nothing', async () => {
    const before = await lastingItems();
    const parents = frFiles.find((file) => file.name === 'parents.csv')!;
    const lines = parents.text.split('\r\n');
    // Row 3 gets a bad email; row 4 a new phone, which must not be written either.
    const cells = lines[2]!.split(';');
    cells[3] = 'pas-un-courriel';
    lines[2] = cells.join(';');
    const other = lines[3]!.split(';');
    other[4] = '514 555-9999';
    lines[3] = other.join(';');
    const files = frFiles.map((file) => (file === parents ? { ...file, text: lines.join('\r\n') } : file));

    const { status, json } = await callAdmin('POST', '/api/admin/import/apply', { body: { files }, claims });

    expect(status).toBe(400);
    expect(json.error.code).toBe('VALIDATION_FAILED');
    expect(json.report.errors).toEqual([
      {
        file: 'parents.csv',
        entity: 'parents',
        line: 3,
        column: 4,
        header: 'Courriel',
        field: 'email',
        code: 'INVALID_EMAIL',
        params: { value: 'pas-un-courriel' },
      },
    ]);
    expect(json.report.counts.parents.update).toBe(1);
    expect(await lastingItems()).toEqual(before);
  });

  /** The school file with some of its cells changed: [line, column, value], 1-based. */
  const schoolWith = (changes: [number, number, string][], dropLines: number[] = []): ImportFile[] => {
    const file = frFiles.find((f) => f.name === 'ecole.csv')!;
    const rows = file.text.split('\r\n').map((line) => line.split(';'));
    for (const [line, column, value] of changes) rows[line - 1]![column - 1] = value;
    const text = rows.filter((_, i) => !dropLines.includes(i + 1)).map((cells) => cells.join(';')).join('\r\n');
    return frFiles.map((f) => (f === file ? { ...f, text } : f));
  };

  it('refuses a wrong school file, says where in both languages, and changes nothing', async () => {
    const before = await lastingItems();
    // Line 2: a school year that is not two consecutive years; line 3: a bad level code; line 4: the school's
    // name again, on a level row.
    const files = schoolWith([
      [2, 2, '2025-2027'],
      [3, 10, 'G 2!'],
      [4, 1, 'Autre école'],
    ]);

    const { status, json } = await callAdmin('POST', '/api/admin/import/apply', { body: { files }, claims });

    expect(status).toBe(400);
    expect(json.report.valid).toBe(false);
    expect(json.report.errors.map((issue: ImportIssue) => describeIssue(issue, 'fr'))).toEqual([
      "ecole.csv, ligne 2, colonne B (Année scolaire)\u00a0: Année scolaire invalide\u00a0: «\u00a02025-2027\u00a0» (deux années qui se suivent, p. ex. 2025-2026).",
      "ecole.csv, ligne 4, colonne A (Nom de l'école)\u00a0: Nom de l'école\u00a0: à remplir sur la première ligne seulement (ligne 2).",
      'ecole.csv, ligne 3, colonne J (Code du niveau)\u00a0: Code de niveau invalide\u00a0: «\u00a0G 2!\u00a0» (au plus 8 majuscules, chiffres ou tirets, p. ex. G1 ou K).',
    ]);
    expect(describeIssue(json.report.errors[0], 'en')).toBe(
      'ecole.csv, line 2, column B (Année scolaire): Invalid school year: "2025-2027" (two consecutive years, e.g. 2025-2026).',
    );
    expect(await lastingItems()).toEqual(before);

    // A level dropped while classes and students still use it: refused too.
    const dropped = schoolWith([[2, 9, 'G5']], [7]);
    const schoolOnly = dropped.filter((file) => file.name === 'ecole.csv');
    const refused = await callAdmin('POST', '/api/admin/import/dry-run', { body: { files: schoolOnly }, claims });
    expect(refused.json.errors.map((issue: ImportIssue) => [issue.file, issue.line, issue.code, issue.params?.value])).toEqual([
      ['ecole.csv', 0, 'LEVEL_IN_USE', 'G6'],
    ]);
    expect(await lastingItems()).toEqual(before);
  });

  it('updates the settings from the school file once: a new version, then nothing to do', async () => {
    const stored = (await getSettings())!;
    const files = schoolWith([
      [2, 1, 'École des Érables-Nord'],
      [5, 13, '4e (fermée)'],
    ]);

    const { last } = await applyAll(files, claims);

    expect(last.json.report.counts.school).toEqual({ create: 0, update: 1, unchanged: 0 });
    const updated = (await getSettings())!;
    expect(updated).toMatchObject({ schoolName: 'École des Érables-Nord', schoolYear: stored.schoolYear, version: stored.version + 1 });
    expect(updated.levels.find((level) => level.code === 'G4')!.shortLabel.fr).toBe('4e (fermée)');
    const again = await callAdmin('POST', '/api/admin/import/dry-run', { body: { files }, claims });
    expect(again.json.writes).toBe(0);
    expect(again.json.counts.school).toEqual({ create: 0, update: 0, unchanged: 1 });

    // Back to the export's settings, as the other tests expect.
    await applyAll(frFiles, claims);
    expect(withoutMeta([(await getSettings())!])).toEqual(withoutMeta([school.settings]));
  });

  it('adds a family from hand-made French files (semicolons, byte-order mark) and registers its emails', async () => {
    const newEmail = 'nouveau.parent@courriel.example';
    expect(await isAuthorised(newEmail)).toBe(false);
    const classA = school.classes[0]!;
    const parents = writeCsv(
      [
        ['Clé', 'Prénom', 'Nom', 'Courriel', 'Téléphone', 'Langue'],
        ['FAM-1', 'Geneviève', 'L’Heureux', newEmail, '438 555-0101', 'Anglais'],
      ],
      { separator: ';' },
    );
    const students = writeCsv(
      [
        ['Clé', 'Prénom', 'Nom', 'Niveau', 'Classe', 'Parent 1'],
        ['ELV-1', 'Éloïse', 'L’Heureux', '1re année', classA.code, newEmail],
      ],
      { separator: ';' },
    );
    const files = [
      { name: 'parents.csv', text: parents },
      { name: 'élèves.csv', text: students },
    ];

    const { last } = await applyAll(files, claims);

    expect(last.json.report.counts).toEqual({
      parents: { create: 1, update: 0, unchanged: 0 },
      students: { create: 1, update: 0, unchanged: 0 },
    });
    const parentId = derivedId('PARENT', 'FAM-1');
    // No participation column: no choice on file, so the new parent starts private (docs/decisions/privacy-by-default-name-and-email-for-others-nothing.md).
    expect(await getEntity('PARENT', parentId)).toMatchObject({
      importKey: 'FAM-1',
      phone: '4385550101',
      preferredLanguage: 'en',
      participation: 'limited',
      audiences: PRIVATE_BY_DEFAULT,
    });
    expect(await getEntity('STUDENT', derivedId('STUDENT', 'ELV-1'))).toMatchObject({ classId: classA.id, level: 'G1' });
    expect(await isAuthorised(newEmail)).toBe(true);
    expect(await registeredIds(newEmail)).toEqual([parentId]);

    // The email changes in the file: the new one is registered, the old one no longer opens sign-up.
    const moved = 'genevieve.lheureux@courriel.example';
    const changed = parents.replace(newEmail, moved);
    const result = await applyAll([{ name: 'parents.csv', text: changed }], claims);
    expect(result.last.json.report.counts.parents).toEqual({ create: 0, update: 1, unchanged: 0 });
    expect(result.last.json.report.related).toMatchObject({ registryAdded: 1, registryRemoved: 1 });
    expect(await isAuthorised(newEmail)).toBe(false);
    expect(await isAuthorised(moved)).toBe(true);
    expect(await registeredIds(moved)).toEqual([parentId]);
    // Still no participation in the file: the choice on record stays as it was, and the consent log holds only
    // the entry of the creation.
    expect(await getEntity('PARENT', parentId)).toMatchObject({ participation: 'limited', audiences: PRIVATE_BY_DEFAULT });
    expect(await listConsent(parentId)).toEqual([
      expect.objectContaining({ by: 'import', channel: 'importFile', language: 'en', after: { participation: 'limited', audiences: PRIVATE_BY_DEFAULT } }),
    ]);
  });

  it('reads who sees each field from the parents file, and writes it back in the export', async () => {
    const parents = writeCsv([
      ['Key', 'First name', 'Last name', 'Email', 'Phone', 'Directory participation', 'Phone visible to', 'Address visible to'],
      ['VIS-1', 'Ève', 'Bélanger', 'eve.belanger@courriel.example', '514 555-0177', 'Full', "Children's classes", 'Administrators only'],
    ]);
    const { last } = await applyAll([{ name: 'parents.csv', text: parents }], claims);
    expect(last.status).toBe(200);
    const stored = (await getEntity('PARENT', derivedId('PARENT', 'VIS-1')))!;
    // Blank cells take the participation's preset (full: the whole school).
    expect(stored).toMatchObject({
      participation: 'full',
      audiences: { email: 'school', phone: 'classes', address: 'admins', profile: 'school' },
    });
    const exported = await callAdmin('GET', '/api/admin/export/csv', { query: { lang: 'fr' }, claims });
    const text = (exported.json.files as { name: string; text: string }[]).find((f) => f.name === 'parents.csv')!.text;
    expect(text).toContain('Courriel visible par;Téléphone visible par;Adresse visible par;Intérêts visibles par');
    expect(text).toMatch(/VIS-1;Ève;Bélanger;.*;Complète;Français;Toute l'école;Classes des enfants;Administrateurs seulement;Toute l'école/);

    const refused = await callAdmin('POST', '/api/admin/import/dry-run', {
      body: { files: [{ name: 'parents.csv', text: parents.replace("Children's classes", 'Everybody') }] },
      claims,
    });
    expect(JSON.stringify(refused.json)).toContain('INVALID_CHOICE');
  });

  it('puts back a registry entry that went missing', async () => {
    const parent = school.parents.find((p) => p.email && p.participation === 'full')!;
    await documentClient().send(
      new DeleteCommand({ TableName: tableName(), Key: keys.registry(parent.email!, 'PARENT', parent.id) }),
    );
    expect(await registeredIds(parent.email!)).not.toContain(parent.id);

    const { last } = await applyAll(frFiles, claims);

    expect(last.json.report.related.registryAdded).toBe(1);
    expect(last.json.report.counts.parents.update).toBe(0);
    expect(await registeredIds(parent.email!)).toContain(parent.id);
  });
});

describe('an import cut short', () => {
  useDirectoryTable('admin-import-crash');

  it('is finished by the next run, without duplicates', async () => {
    const actor = { kind: 'system' as const, id: 'test' };
    const planned = await planImport(frFiles);
    let batches = 0;
    const crash = writePlanned(planned, {
      actor,
      concurrency: 1,
      onProgress: () => {
        // The process dies after its third transaction.
        if (++batches === 3) throw new Error('simulated crash');
      },
    });
    await expect(crash).rejects.toThrow('simulated crash');
    const partial = await planImport(frFiles);
    expect(partial.report.writes).toBeGreaterThan(0);
    expect(partial.report.writes).toBeLessThan(planned.report.writes);

    const resumed = await writePlanned(partial, { actor });

    expect(resumed.progress.complete).toBe(true);
    await expectDirectoryOf(school);
    expect((await planImport(frFiles)).report.writes).toBe(0);
    // Each parent's creation audited once, in the transaction that wrote them: none missing, none twice.
    const created = (await scanAll()).filter((item) => item.type === 'AUDIT' && item.action === 'parent.importCreate');
    expect(created.map((item) => (item.target as { id: string }).id).sort()).toEqual(school.parents.map((p) => p.id).sort());
  });
});

describe("an import's changes in the parent's activity", () => {
  useDirectoryTable('admin-import-activity');

  it('files one entry per parent created or changed, with the fields changed, that the parent sees', async () => {
    const claims = await adminClaims();
    expect((await applyAll(frFiles, claims)).last.json.progress.complete).toBe(true);
    const parent = school.parents.find((p) => p.email && p.phone)!;
    const changed = { ...school, parents: school.parents.map((p) => (p.id === parent.id ? { ...p, phone: '+15145550177' } : p)) };
    const { last } = await applyAll(csvFilesOf(changed, school.settings, 'fr'), claims);
    expect(last.json.report.counts.parents.update).toBe(1);

    const audit = (await scanAll()).filter((item) => item.type === 'AUDIT' && item.gsi1pk === `AUDIT#PARENT#${parent.id}`);
    expect(audit.map((item) => [item.action, item.fields])).toEqual([
      ['parent.importCreate', undefined],
      ['parent.importUpdate', ['phone']],
    ]);
    const response = await privacyHandler(apiEvent({ method: 'GET', resource: '/api/me/activity', claims: claimsFor(parent.email!) }));
    const { entries } = MyActivityResponseSchema.parse(JSON.parse(response.body));
    expect(entries.map(({ role, kind, fields }) => ({ role, kind, fields }))).toEqual([
      { role: 'administrator', kind: 'changed', fields: ['phone'] },
      { role: 'administrator', kind: 'created', fields: undefined },
    ]);
  });
});

describe('npm run import', () => {
  useDirectoryTable('admin-import-cli');

  function folderWith(files: ImportFile[]): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'import-cli-'));
    for (const file of files) writeFileSync(path.join(dir, file.name), file.text);
    return dir;
  }

  it('dry-runs, refuses a folder with errors in English, then imports and converges', async () => {
    const cli = (argv: string[]) => {
      const lines: string[] = [];
      return runImportCli(argv, (line) => lines.push(line), { ...process.env }).then((code) => ({ code, lines }));
    };
    const good = folderWith(csvFilesOf(school, school.settings, 'en'));
    const broken = folderWith([
      { name: 'parents.csv', text: 'Key,First name,Last name,Email\nP1,Léa,Côté,lea@\n' },
      { name: 'students.csv', text: 'Key,First name,Last name,Level,Parent 1\n' },
    ]);
    try {
      const refused = await cli([broken, '--lang', 'en']);
      expect(refused.code).toBe(1);
      expect(refused.lines).toContain('  parents.csv, line 2, column D (Email): Invalid email: "lea@".');
      expect(refused.lines).toContain('  students.csv, line 1: Required column missing: Class.');
      expect(refused.lines.at(-1)).toBe('2 error(s): nothing was written.');

      const dry = await cli([good, '--dry-run']);
      expect(dry.code).toBe(0);
      expect(dry.lines).toContain(`  parents\u00a0: ${school.parents.length} / 0 / 0`);
      expect(dry.lines.at(-1)).toMatch(/^Essai à blanc réussi/);
      expect((await readDirectory()).parents).toEqual([]);

      const run = await cli([good, '--lang', 'en']);
      expect(run.code).toBe(0);
      expect(run.lines.some((line) => /^ {2}written \d+\/\d+ \(100%\)$/.test(line))).toBe(true);
      expect(run.lines.at(-1)).toMatch(/^Import complete: \d+ write\(s\)/);
      await expectDirectoryOf(school);

      const again = await cli([good, '--lang', 'en']);
      expect(again.lines.at(-1)).toBe('Nothing to change: the directory already matches the files.');
    } finally {
      rmSync(good, { recursive: true, force: true });
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
