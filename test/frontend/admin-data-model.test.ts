import { describe, expect, it } from 'vitest';
import type { AdminDirectory } from '../../frontend/src/features/admin-data/api/admin-data-client';
import {
  applyBlock,
  applyPercent,
  countRows,
  issueRow,
  jsonExportName,
  latestByName,
} from '../../frontend/src/features/admin-data/model/import-model';
import { childrenLeftWithoutParent, orphanNames, validateParent, valuesFromParent } from '../../frontend/src/features/admin-data/model/parent-edit';
import { searchRecords } from '../../frontend/src/features/admin-data/model/entity-edit';
import type { ImportReport } from '@shared/contracts/import-api';
import type { Parent } from '@shared/schemas/parent';

const report = (patch: Partial<ImportReport> = {}): ImportReport => ({
  valid: true,
  files: [],
  counts: { students: { create: 3, update: 1, unchanged: 0 }, parents: { create: 2, update: 0, unchanged: 5 } },
  related: {
    familyLinksAdded: 0,
    familyLinksRemoved: 0,
    membershipsAdded: 0,
    membershipsChanged: 0,
    membershipsRemoved: 0,
    registryAdded: 0,
    registryRemoved: 0,
  },
  createsSettings: false,
  writes: 6,
  errors: [],
  warnings: [],
  errorCount: 0,
  ...patch,
});

const meta = { version: 3, createdAt: '2025-09-01T12:00:00.000Z', updatedAt: '2025-09-01T12:00:00.000Z' };
const parent: Parent = {
  ...meta,
  id: '01JAAAAAAAAAAAAAAAAAAAAAA1',
  firstName: 'Marie-Ève',
  lastName: 'Côté',
  email: 'marie-eve.cote@courriel.example',
  phone: '5145550123',
  address: { street: '1234, rue des Érables', city: 'Montréal', postalCode: 'H2H 1Y4' },
  interests: ['gardening'],
  skills: 'Comptable',
  participation: 'full',
  preferredLanguage: 'fr',
};

describe('import report', () => {
  it('lists counts in the templates order, only for the files present', () => {
    expect(countRows(report()).map((row) => row.entity)).toEqual(['parents', 'students']);
    expect(countRows(report())[1]).toEqual({ entity: 'students', create: 3, update: 1, unchanged: 0, refused: 0 });
  });

  it('lists a file whose every row was refused, and the rows the plan could not use', () => {
    const refusedWhole = report({
      valid: false,
      files: [
        { name: 'ecole.csv', entity: 'school', rows: 6 },
        { name: 'parents.csv', entity: 'parents', rows: 9 },
        { name: 'eleves.csv', entity: 'students', rows: 4 },
      ],
      counts: { school: { create: 0, update: 1, unchanged: 0 }, parents: { create: 2, update: 0, unchanged: 5 } },
    });
    expect(countRows(refusedWhole)).toEqual([
      // One record over six rows (one per level): none refused.
      { entity: 'school', create: 0, update: 1, unchanged: 0, refused: 0 },
      { entity: 'parents', create: 2, update: 0, unchanged: 5, refused: 2 },
      { entity: 'students', create: 0, update: 0, unchanged: 0, refused: 4 },
    ]);
  });

  it('splits an issue into its place and the shared sentence, in each language', () => {
    const issue = {
      file: 'parents.csv',
      entity: 'parents' as const,
      line: 12,
      column: 4,
      header: 'Courriel',
      field: 'email',
      code: 'INVALID_EMAIL' as const,
      params: { value: 'marie@' },
    };
    expect(issueRow(issue, 'fr', 0)).toEqual({
      id: '0',
      file: 'parents.csv',
      line: '12',
      column: 'D (Courriel)',
      message: 'Courriel invalide\u00a0: «\u00a0marie@\u00a0».',
    });
    expect(issueRow(issue, 'en', 1).message).toBe('Invalid email: "marie@".');
    // A whole-file issue has no line nor column; {entity} is translated.
    expect(issueRow({ file: 'a.csv', line: 0, code: 'DUPLICATE_FILE', params: { entity: 'students' } }, 'fr', 2)).toEqual({
      id: '2',
      file: 'a.csv',
      line: '',
      column: '',
      message: 'Deux fichiers contiennent des élèves\u00a0: retirez celui qui est de trop (✕), ou mettez leurs lignes dans un seul fichier.',
    });
    expect(issueRow({ file: 'p.csv', entity: 'parents', line: 3, column: 2, field: 'firstName', code: 'REQUIRED' }, 'en', 3).message).toBe(
      'First name is required.',
    );
  });

  it('blocks the apply on errors, and when nothing would change', () => {
    expect(applyBlock(report())).toBeNull();
    expect(applyBlock(report({ valid: false, errorCount: 2 }))).toBe('errors');
    expect(applyBlock(report({ writes: 0 }))).toBe('noChanges');
  });

  it('measures the progress against the dry run, within 0 to 100', () => {
    expect(applyPercent(200, 200)).toBe(0);
    expect(applyPercent(200, 50)).toBe(75);
    expect(applyPercent(200, 0)).toBe(100);
    expect(applyPercent(200, 260)).toBe(0);
    expect(applyPercent(0, 0)).toBe(100);
  });

  it('keeps the latest file of each name, in the order first chosen', () => {
    const files = [{ name: 'parents.csv', v: 1 }, { name: 'eleves.csv', v: 1 }, { name: 'parents.csv', v: 2 }];
    expect(latestByName(files)).toEqual([{ name: 'parents.csv', v: 2 }, { name: 'eleves.csv', v: 1 }]);
  });

  it("names the JSON export by the school's date", () => {
    expect(jsonExportName(new Date('2026-11-22T15:00:00Z'))).toBe('bottin-2026-11-22.json');
    // 22 h in Montréal on 21 November: UTC's day (the 22nd) named the file of an evening's export.
    expect(jsonExportName(new Date('2026-11-22T03:00:00Z'))).toBe('bottin-2026-11-21.json');
  });
});

describe('admin parent form', () => {
  it('starts from the record, phone formatted, email editable', () => {
    const values = valuesFromParent(parent);
    expect(values).toMatchObject({ version: 3, phone: '514 555-0123', email: 'marie-eve.cote@courriel.example', postalCode: 'H2H 1Y4' });
  });

  it('sends the whole record with its version and the email', () => {
    const result = validateParent({ ...valuesFromParent(parent), phone: '(438) 555-0199' });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.input).toMatchObject({ version: 3, email: 'marie-eve.cote@courriel.example', phone: '(438) 555-0199' });
      expect(result.input.address).toEqual(parent.address);
    }
    const cleared = validateParent({ ...valuesFromParent(parent), email: ' ' });
    expect(cleared.ok && 'email' in cleared.input).toBe(false);
  });

  it('explains bad input per field: required names, phone, postal code, email', () => {
    const result = validateParent({ ...valuesFromParent(parent), firstName: ' ', phone: '555-12', postalCode: 'H2H', email: 'marie@' });
    expect(result).toEqual({
      ok: false,
      errors: { firstName: 'required', phone: 'invalidPhone', postalCode: 'invalidPostalCode', email: 'invalidEmail' },
      unplaced: [],
    });
  });

  it('names the parents a delete would leave without a child', () => {
    expect(orphanNames([parent.id, 'unknown-id'], [parent])).toEqual(['Marie-Ève Côté', 'unknown-id']);
  });
});

describe('people search', () => {
  const directory: AdminDirectory = {
    classes: [{ ...meta, id: 'C1', code: '3A', name: 'Classe 3A', levels: ['3'], parentRepresentativeIds: [], studentRepresentativeIds: [] }],
    students: [{ ...meta, id: 'S1', firstName: 'Léa', lastName: 'Côté', level: '3', classId: 'C1' }],
    parents: [parent],
    families: [],
  } as unknown as AdminDirectory;

  const names = (kind: 'parent' | 'student', query: string) =>
    searchRecords(directory, kind, query, 'fr').map((hit) => `${hit.name}:${hit.detail}`);

  it('finds parents by name or email and students by name or class, accents aside', () => {
    expect(names('parent', 'cote')).toEqual(['Marie-Ève Côté:marie-eve.cote@courriel.example']);
    expect(names('student', 'cote')).toEqual(['Léa Côté:3A']);
    expect(searchRecords(directory, 'parent', 'courriel.example', 'fr').map((hit) => hit.id)).toEqual([parent.id]);
    expect(searchRecords(directory, 'student', '3a', 'fr').map((hit) => hit.id)).toEqual(['S1']);
  });

  it('shows no people before a query, and nothing for an unknown name', () => {
    expect(names('parent', '  ')).toEqual([]);
    expect(names('student', 'Tremblay')).toEqual([]);
  });
});

// A trial deleted a child's only parent, unwarned.
describe("a parent's deletion", () => {
  it('names the students it would leave with no parent, not those another parent still has', () => {
    const directory = {
      students: [
        { id: 's1', firstName: 'Zoé', lastName: "D'Amours" },
        { id: 's2', firstName: 'Léo', lastName: 'Roy' },
        { id: 's3', firstName: 'Mia', lastName: 'Roy' },
      ],
      families: [
        { parentId: 'p1', studentId: 's1' },
        { parentId: 'p1', studentId: 's2' },
        { parentId: 'p2', studentId: 's2' },
        { parentId: 'p2', studentId: 's3' },
      ],
    };
    expect(childrenLeftWithoutParent('p1', directory)).toEqual(["Zoé D'Amours"]);
    expect(childrenLeftWithoutParent('p2', directory)).toEqual(['Mia Roy']);
    expect(childrenLeftWithoutParent('p3', directory)).toEqual([]);
  });
});
