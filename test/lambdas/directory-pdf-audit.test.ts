import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../lambdas/directory/index';
import { useStack } from '../support/stack';
import { claimsFor } from './auth-support';
import { invoke, seedSmallSchool, type SmallSchool } from './annual-update-support';
import { scanAll, useDirectoryTable } from './directory-support';

/**
 * POST /api/directory/pdf-audit (docs/decisions/printable-directory-a-pdf-built-in-the-browser.md, "Printable directory: a PDF built in the browser"), through the
 * real handler against the stack's DynamoDB Local, in a table of this file's own: one audit entry per printout with
 * who, when and the scope; a malformed, forged or unknown-class request is refused and writes nothing.
 */
useStack();
useDirectoryTable('pdf-audit');

let school: SmallSchool;
let parent: SmallSchool['parents'][number];
const sub = ulid();
const call = (body: unknown) =>
  invoke(handler, { method: 'POST', resource: '/api/directory/pdf-audit', body, claims: claimsFor(parent.email!, { sub }) });
const audits = async () => (await scanAll()).filter((item) => item.type === 'AUDIT' && item.action === 'directory.printPdf');

beforeAll(async () => {
  school = await seedSmallSchool('pdf-audit');
  parent = school.reachable[0]!;
});

describe('POST /api/directory/pdf-audit', () => {
  it('records a whole-school printout and a class printout, and answers whom the copy is for and the day', async () => {
    const whole = await call({ scope: { kind: 'school' }, paper: 'letter', lang: 'fr' });
    expect(whole.status).toBe(201);
    expect(whole.body).toMatchObject({ preparedFor: `${parent.firstName} ${parent.lastName}` });
    expect((whole.body as { day: string }).day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const schoolClass = school.classes[0]!;
    expect((await call({ scope: { kind: 'class', classId: schoolClass.id }, paper: 'a4', lang: 'en' })).status).toBe(201);

    const entries = await audits();
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => e.target).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual([
      { type: 'CLASS', id: schoolClass.id },
      { type: 'DIRECTORY', id: 'print' },
    ]);
    for (const entry of entries) expect(entry.actor).toEqual({ kind: 'user', id: sub });
    // Ids and codes only: no name, email or phone in the trail.
    expect(JSON.stringify(entries)).not.toContain(parent.email!);
    expect(JSON.stringify(entries)).not.toContain(parent.lastName);
  });

  it('refuses malformed and forged requests with a clear code, and writes nothing', async () => {
    const before = await audits();
    const refused = [
      [{}, 400, 'VALIDATION_FAILED'],
      [{ scope: { kind: 'class' }, paper: 'letter', lang: 'fr' }, 400, 'VALIDATION_FAILED'],
      [{ scope: { kind: 'class', classId: 'not-an-id' }, paper: 'letter', lang: 'fr' }, 400, 'VALIDATION_FAILED'],
      [{ scope: { kind: 'school', classId: school.classes[0]!.id }, paper: 'letter', lang: 'fr' }, 400, 'VALIDATION_FAILED'],
      [{ scope: { kind: 'school' }, paper: 'legal', lang: 'fr' }, 400, 'VALIDATION_FAILED'],
      [{ scope: { kind: 'school' }, paper: 'letter', lang: 'de' }, 400, 'VALIDATION_FAILED'],
      [{ scope: { kind: 'school' }, paper: 'letter', lang: 'fr', viewer: 'Quelqu\'un d\'autre' }, 400, 'VALIDATION_FAILED'],
      [{ scope: { kind: 'class', classId: ulid() }, paper: 'letter', lang: 'fr' }, 404, 'NOT_FOUND'],
    ] as const;
    for (const [body, status, code] of refused) {
      const response = await call(body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect((response.body as { error: { code: string } }).error.code).toBe(code);
    }
    expect(await audits()).toEqual(before);
  });
});
