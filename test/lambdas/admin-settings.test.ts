import { beforeAll, describe, expect, it } from 'vitest';
import { handler as adminHandler } from '../../lambdas/admin/index';
import { handler as directoryHandler } from '../../lambdas/directory/index';
import { settingsFormOf, type SettingsResponse, type SettingsUpdate } from '@shared/contracts/school-settings-api';
import { formatIssueMessage, type ImportIssueCode } from '@shared/rules/import-issues';
import { SCHOOL_NAME_MAX_LENGTH } from '@shared/schemas/settings';
import { bulkWriteDirectory } from '../../lambdas/directory/directory-repository';
import { adminClaims, invoke, seedSmallSchool, type SmallSchool } from './annual-update-support';
import { claimsFor } from './auth-support';
import { scanAll, useDirectoryTable } from './directory-support';

/**
 * The school settings screen's routes (docs/data-onboarding.md, "School settings"), through the real handler
 * against DynamoDB Local: the import's checks and issue codes, the version check, the audit entry, and the
 * change as members see it (GET /api/directory, what the home page reads).
 */
useDirectoryTable('settings');
let school: SmallSchool;
let admin: Record<string, string>;

beforeAll(async () => {
  school = await seedSmallSchool('settings');
  admin = adminClaims(school.adminEmail);
});

const getSettings = async () => (await invoke(adminHandler, { method: 'GET', resource: '/api/admin/settings', claims: admin })) as { status: number; body: SettingsResponse };
const put = (body: unknown) => invoke(adminHandler, { method: 'PUT', resource: '/api/admin/settings', body, claims: admin });

async function currentForm(): Promise<SettingsUpdate> {
  const { body } = await getSettings();
  return { ...settingsFormOf(body.settings), version: body.stored ? body.settings.version : 0 };
}

const audits = async () => (await scanAll()).filter((item) => item.type === 'AUDIT' && item.action === 'settings.update');

describe('PUT /api/admin/settings', () => {
  it('saves name, year, contact and levels at the next version, audited, and members see the new name', async () => {
    const form = await currentForm();
    const before = (await audits()).length;
    const response = await put({
      ...form,
      schoolName: 'École du Ruisseau',
      schoolYear: '2070-2071',
      email: ' Secretariat@Ruisseau.Example ',
      phone: '514 555-0199',
      street: '12, rue des Saules',
      city: 'Montréal',
      postalCode: 'h2x1y4',
      classStructure: 'singleGrade',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const saved = (response.body as SettingsResponse).settings;
    expect(saved).toMatchObject({
      schoolName: 'École du Ruisseau',
      schoolYear: '2070-2071',
      contact: { email: 'secretariat@ruisseau.example', phone: '5145550199', address: { street: '12, rue des Saules', city: 'Montréal', postalCode: 'H2X 1Y4' } },
      classStructure: 'singleGrade',
      version: form.version + 1,
    });
    expect((await getSettings()).body.settings).toEqual(saved);
    const entries = (await audits()).slice(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ target: { type: 'SETTINGS', id: 'school' }, fields: ['schoolName', 'schoolYear', 'contact', 'classStructure'] });
    // What the home page reads.
    const directory = await invoke(directoryHandler, { method: 'GET', resource: '/api/directory', claims: claimsFor(school.adminEmail) });
    expect((directory.body as { school: { name: string; year: string } }).school).toMatchObject({ name: 'École du Ruisseau', year: '2070-2071' });
  });

  it('refuses what the import refuses, with its issue codes by field, and writes nothing', async () => {
    const form = await currentForm();
    const items = await scanAll();
    const levels = form.levels.map((level, i) => (i === 1 ? { ...level, levelFr: '', levelCode: 'g 2!' } : level));
    const response = await put({ ...form, schoolName: '', schoolYear: '2070-2072', email: 'pas-un-courriel', street: '', city: '', postalCode: 'H2X', levels });
    expect(response.status).toBe(400);
    const body = response.body as { error: { code: string; fields: { path: string; issue: string }[] }; issues: { path: string; code: string }[] };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.issues.map((i) => `${i.path}:${i.code}`).sort()).toEqual(
      [
        'schoolName:REQUIRED',
        'schoolYear:INVALID_SCHOOL_YEAR',
        'email:INVALID_EMAIL',
        'postalCode:INVALID_POSTAL_CODE',
        'street:ADDRESS_INCOMPLETE',
        'city:ADDRESS_INCOMPLETE',
        'levels.1.levelCode:INVALID_LEVEL_CODE',
        'levels.1.levelFr:REQUIRED',
      ].sort(),
    );
    expect(body.error.fields).toContainEqual({ path: 'schoolName', issue: 'REQUIRED' });
    expect(await scanAll()).toEqual(items);
  });

  it('refuses a school name past SCHOOL_NAME_MAX_LENGTH (TOO_LONG), takes one at the limit, and still reads a longer name saved before', async () => {
    const form = await currentForm();
    const items = await scanAll();
    const tooLong = await put({ ...form, schoolName: `  ${'É'.repeat(SCHOOL_NAME_MAX_LENGTH + 1)}  ` });
    expect(tooLong.status).toBe(400);
    const body = tooLong.body as { error: { code: string; fields: unknown[] }; issues: unknown[] };
    expect(body.error).toEqual({ code: 'VALIDATION_FAILED', fields: [{ path: 'schoolName', issue: 'TOO_LONG' }] });
    expect(body.issues).toEqual([{ path: 'schoolName', code: 'TOO_LONG', params: { max: SCHOOL_NAME_MAX_LENGTH } }]);
    expect(await scanAll()).toEqual(items);

    // The limit counts the name as saved: the spaces around it are not part of it.
    const atLimit = await put({ ...form, schoolName: ` ${'É'.repeat(SCHOOL_NAME_MAX_LENGTH)} ` });
    expect(atLimit.status, JSON.stringify(atLimit.body)).toBe(200);
    expect((atLimit.body as SettingsResponse).settings.schoolName).toHaveLength(SCHOOL_NAME_MAX_LENGTH);

    // A 190-character name saved before the limit still reads (the screen then asks for a shorter one).
    const { body: current } = await getSettings();
    const legacy = 'N'.repeat(190);
    await bulkWriteDirectory({ classes: [], students: [], parents: [], staff: [], committees: [], families: [], memberships: [], settings: { ...current.settings, schoolName: legacy } });
    const read = await getSettings();
    expect(read.status).toBe(200);
    expect(read.body.settings.schoolName).toBe(legacy);
    const again = await currentForm();
    expect((await put(again)).status).toBe(400);
    expect((await put({ ...again, schoolName: 'École du Ruisseau' })).status).toBe(200);
  });

  it('refuses to drop a level that students still have, as the import does, in words of the settings (no file here)', async () => {
    const form = await currentForm();
    const used = new Set(school.students.map((s) => s.level));
    const kept = form.levels.filter((level) => !used.has(level.levelCode) || level.levelCode !== [...used][0]);
    const response = await put({ ...form, levels: kept, graduatingLevel: '' });
    expect(response.status).toBe(400);
    const issues = (response.body as { issues: { path: string; code: string; params?: Record<string, string | number> }[] }).issues;
    const issue = issues.find((i) => i.path === 'levels');
    expect(issue).toMatchObject({ code: 'SETTINGS_LEVEL_IN_USE', params: { value: [...used][0] } });
    // The import's LEVEL_IN_USE said « manque dans ce fichier » on a screen that has no file.
    const fr = formatIssueMessage(issue!.code as ImportIssueCode, issue!.params ?? {}, 'fr');
    const en = formatIssueMessage(issue!.code as ImportIssueCode, issue!.params ?? {}, 'en');
    expect(fr).toMatch(/^Le niveau «\u00a0\S+\u00a0» ne peut pas être retiré des paramètres\u00a0: des classes ou des élèves ont encore ce niveau \(\d+\)\.$/);
    expect(en).toMatch(/^Level "\S+" cannot be removed from the settings: classes or students still have this level \(\d+\)\.$/);
    expect(`${fr} ${en}`).not.toMatch(/fichier|file/i);
  });

  it('answers 409 CONFLICT to a stale version, and 400 to an unknown field (strict), writing nothing', async () => {
    const form = await currentForm();
    const items = await scanAll();
    const stale = await put({ ...form, version: form.version - 1, schoolName: 'Trop tard' });
    const extra = await put({ ...form, admin: true });
    expect(stale).toEqual({ status: 409, body: { error: { code: 'CONFLICT' } } });
    expect(extra.status).toBe(400);
    expect(await scanAll()).toEqual(items);
  });
});
