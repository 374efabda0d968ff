import { beforeEach, describe, expect, it } from 'vitest';
import { writeCsv } from '@shared/format/csv';
import { templateRows, IMPORT_ENTITIES, fileNameOf } from '@shared/rules/import-columns';
import { derivedId } from '../../lambdas/admin/import/ids';
import { parseDirectoryItems } from '../../lambdas/directory/directory-items';
import { STAFF_NOTE_MAX_LENGTH } from '@shared/schemas/student';
import { exportCsvFiles } from '../../lambdas/admin/export-service';
import { IMPORT_MAX_FIELD_LENGTH } from '@shared/contracts/import-api';
import { formatIssueMessage, type ImportIssueCode } from '@shared/rules/import-issues';
import { AT, CLASSES, PARENTS, STAFF, STUDENTS, csv, dryRun, emptyDirectory, settings, stubTable, where } from './import-support';

/**
 * The import's checking and planning on an empty directory held in memory (no table): what a dry run reports.
 * Writes, and re-runs against a real table, are tested in test/lambdas/admin-import.test.ts.
 */

beforeEach(stubTable);

describe('dry run of a new school', () => {
  it('imports the seven templates as they are into an empty directory', async () => {
    const files = Object.fromEntries(
      IMPORT_ENTITIES.map((entity) => [fileNameOf(entity, 'fr'), writeCsv(templateRows(entity, 'fr'), { separator: ';' })]),
    );
    const { report } = await dryRun(files, emptyDirectory(), new Map(), null);
    expect(report.errors).toEqual([]);
    expect(report.valid).toBe(true);
    // The school template gives the settings (counted as a school to create): no default ones.
    expect(report.createsSettings).toBe(false);
    for (const entity of IMPORT_ENTITIES) expect(report.counts[entity]).toEqual({ create: 1, update: 0, unchanged: 0 });
    expect(report.related).toMatchObject({ familyLinksAdded: 1, membershipsAdded: 1, registryAdded: 2 });
  });

  it('counts rows to create with French headers, semicolons and a byte-order mark, and normalises values', async () => {
    const { report, plan } = await dryRun({
      'classes.csv': csv(CLASSES),
      'personnel.csv': csv(STAFF),
      // Accents typed as a letter plus a combining mark (NFD) are stored as one character, as the API stores them.
      'parents.csv': csv(PARENTS.map((row) => row.map((cell) => cell.normalize('NFD')))),
      'eleves.csv': csv(STUDENTS),
    });
    expect(report.errors).toEqual([]);
    expect(report.files.map((f) => [f.name, f.entity, f.separator, f.hadBom, f.rows])).toEqual([
      ['classes.csv', 'classes', ';', true, 2],
      ['personnel.csv', 'staff', ';', true, 1],
      ['parents.csv', 'parents', ';', true, 2],
      ['eleves.csv', 'students', ';', true, 2],
    ]);
    expect(report.counts).toEqual({
      classes: { create: 2, update: 0, unchanged: 0 },
      staff: { create: 1, update: 0, unchanged: 0 },
      parents: { create: 2, update: 0, unchanged: 0 },
      students: { create: 2, update: 0, unchanged: 0 },
    });
    expect(report.related).toMatchObject({ familyLinksAdded: 3, registryAdded: 3 });
    const items = plan.units.flatMap((unit) => unit.items).map((item) => item.Put?.Item).filter(Boolean);
    const marie = items.find((item) => item!.firstName === 'Marie-Ève')!;
    expect(marie).toMatchObject({
      id: derivedId('PARENT', 'P1'),
      importKey: 'P1',
      email: 'marie-eve.cote@courriel.example',
      phone: '5145550123',
      address: { street: '12, rue des Érables', city: 'Montréal', postalCode: 'H2H 1Y4' },
      participation: 'full',
      preferredLanguage: 'fr',
      version: 1,
      createdAt: AT,
    });
    const noah = items.find((item) => item!.firstName === 'Noah')!;
    expect(noah).toMatchObject({ level: 'G3' });
    expect(noah.importKey).toBeUndefined();
    // Settings first, then people, then classes and students: nothing refers to a record not yet written.
    expect(plan.units.map((unit) => unit.phase)).toEqual([...plan.units.map((unit) => unit.phase)].sort());
  });

  it('reports every bad cell with its file, line and column', async () => {
    const parents = [
      ...PARENTS,
      ['P3', 'Zoé', 'Roy', 'zoe@', '514 555 12', 'rue X', 'Laval', 'H2X 1Y', 'Partielle'],
      ['P1', 'Autre', 'Parent', '', '', '', '', '', ''],
    ];
    const students = [
      ...STUDENTS,
      ['S3', 'Ana', 'Roy', '1re année', 'Z', 'P1', ''],
      ['S4', 'Eli', 'Roy', 'G5', 'A', 'nobody@x.example', 'P1'],
    ];
    const { report } = await dryRun({
      'classes.csv': csv(CLASSES),
      'personnel.csv': csv(STAFF),
      'parents.csv': csv(parents),
      'eleves.csv': csv(students),
    });
    expect(report.valid).toBe(false);
    expect(where(report.errors)).toEqual([
      ['parents.csv', 4, 4, 'INVALID_EMAIL', { value: 'zoe@' }],
      ['parents.csv', 4, 5, 'INVALID_PHONE', { value: '514 555 12' }],
      ['parents.csv', 4, 8, 'INVALID_POSTAL_CODE', { value: 'H2X 1Y' }],
      ['parents.csv', 4, 9, 'INVALID_CHOICE', { value: 'Partielle', allowed: 'participation' }],
      ['parents.csv', 5, 1, 'DUPLICATE_KEY', { key: 'P1', line: 2 }],
      ['eleves.csv', 4, 5, 'UNKNOWN_CLASS', { value: 'Z' }],
      ['eleves.csv', 5, 6, 'UNKNOWN_PARENT', { value: 'nobody@x.example' }],
      ['eleves.csv', 5, 4, 'LEVEL_NOT_IN_CLASS', { level: 'G5', class: 'A' }],
    ]);
    expect(report.errors[0]).toMatchObject({ entity: 'parents', header: 'Courriel', field: 'email' });
    expect(report.errorCount).toBe(8);
  });

  it('reports a key given twice even when its rows have other bad cells (one check shows every error)', async () => {
    const parents = [PARENTS[0]!, ['N002', 'Anne', 'Roy', 'anne@', '', '', '', '', ''], ['N002', 'Anne', 'Roy', 'anne@', '', '', '', '', '']];
    const { report } = await dryRun({ 'classes.csv': csv(CLASSES), 'personnel.csv': csv(STAFF), 'parents.csv': csv(parents) });
    expect(where(report.errors)).toEqual([
      ['parents.csv', 2, 4, 'INVALID_EMAIL', { value: 'anne@' }],
      ['parents.csv', 3, 1, 'DUPLICATE_KEY', { key: 'N002', line: 2 }],
      ['parents.csv', 3, 4, 'INVALID_EMAIL', { value: 'anne@' }],
    ]);
  });

  it('refuses a value over 1,000 characters in any column on its cell, in both languages, without echoing it', async () => {
    const long = 'P'.repeat(IMPORT_MAX_FIELD_LENGTH + 1);
    const classes = [...CLASSES.slice(0, 2), ['B', 'Classe B', 'G3', long]];
    const students = [...STUDENTS.slice(0, 2), ['S2', 'Noah', 'Roy', '1re année', 'A', long, '']];
    const { report } = await dryRun({
      'classes.csv': csv(classes),
      'personnel.csv': csv(STAFF),
      'parents.csv': csv(PARENTS),
      'eleves.csv': csv(students),
    });
    expect(where(report.errors)).toEqual([
      ['classes.csv', 3, 4, 'TOO_LONG', { max: IMPORT_MAX_FIELD_LENGTH }],
      ['eleves.csv', 3, 6, 'TOO_LONG', { max: IMPORT_MAX_FIELD_LENGTH }],
    ]);
    // The rows with a long value are left out; the others are still checked and counted.
    expect(report.counts.classes).toEqual({ create: 1, update: 0, unchanged: 0 });
    expect(report.counts.students).toEqual({ create: 1, update: 0, unchanged: 0 });
    expect(JSON.stringify(report)).not.toContain(long.slice(0, 100));
    const issue = report.errors[1]!;
    expect(formatIssueMessage(issue.code as ImportIssueCode, { ...issue.params, field: issue.header! }, 'fr')).toBe(
      'Parent 1\u00a0: au plus 1\u00a0000 caractères.',
    );
    expect(formatIssueMessage(issue.code as ImportIssueCode, { ...issue.params, field: issue.header! }, 'en')).toBe(
      'Parent 1: at most 1,000 characters.',
    );
  });

  it('reports a missing required column once, on the header line, and an unknown one as a warning', async () => {
    const students = [['Clé', 'Prénom', 'Nom', 'Niveau', 'Parent 1', 'Couleur préférée'], ['S1', 'Léa', 'Côté', 'G1', 'P1', 'bleu']];
    const { report } = await dryRun({ 'eleves.csv': csv(students, ',') });
    expect(where(report.errors.filter((e) => e.code === 'MISSING_COLUMN'))).toEqual([['eleves.csv', 1, null, 'MISSING_COLUMN', {}]]);
    expect(report.errors.find((e) => e.code === 'MISSING_COLUMN')?.field).toBe('class');
    expect(where(report.warnings)).toEqual([['eleves.csv', 1, 6, 'UNKNOWN_COLUMN', { value: 'Couleur préférée' }]]);
  });

  it('reports file-level problems: syntax, encoding, unknown and duplicate files', async () => {
    const { report } = await dryRun({
      'parents.csv': 'Prénom,Nom\n"Léa,Côté\n',
      'eleves.csv': 'Pr\uFFFDnom;Nom\n',
      'notes.csv': 'a,b\n1,2\n',
      'classes.csv': csv(CLASSES),
      'classes (2).csv': csv(CLASSES),
    });
    expect(where(report.errors)).toEqual([
      ['parents.csv', 2, 1, 'UNTERMINATED_QUOTE', {}],
      ['eleves.csv', 1, null, 'INVALID_ENCODING', {}],
      ['notes.csv', 0, null, 'UNKNOWN_FILE', {}],
      ['classes (2).csv', 0, null, 'DUPLICATE_FILE', { entity: 'classes' }],
      ['classes.csv', 2, 4, 'UNKNOWN_STAFF', { value: 'E1' }],
    ]);
  });

  it('says a reference to a row refused for its own error is that row, not an unknown key (fr and en)', async () => {
    // P1's row has a bad email: its child's « P1 » points at it, and the admin is sent to that line, not told « inconnu ».
    const parents = PARENTS.map((row, i) => (i === 1 ? row.map((cell, j) => (j === 3 ? 'pas-un-courriel' : cell)) : row));
    const { report } = await dryRun({ 'classes.csv': csv(CLASSES), 'personnel.csv': csv(STAFF), 'parents.csv': csv(parents), 'eleves.csv': csv(STUDENTS) });
    const issue = report.errors.find((e) => e.file === 'eleves.csv')!;
    expect(issue).toMatchObject({ line: 2, field: 'parent1', code: 'REFERENCE_ROW_REFUSED', params: { value: 'P1', file: 'parents.csv', line: 2 } });
    expect(report.errors.map((e) => e.code)).not.toContain('UNKNOWN_PARENT');
    expect(formatIssueMessage('REFERENCE_ROW_REFUSED', issue.params!, 'fr')).toBe("«\u00a0P1\u00a0» est à la ligne 2 de parents.csv, qui a elle-même une erreur\u00a0: corrigez d'abord cette ligne.");
    expect(formatIssueMessage('REFERENCE_ROW_REFUSED', issue.params!, 'en')).toBe('"P1" is on line 2 of parents.csv, which has an error of its own: fix that line first.');
  });

  it('refuses a name-only parent with details, and an incomplete address', async () => {
    const parents = [
      ['Clé', 'Prénom', 'Nom', 'Téléphone', 'Adresse', 'Ville', 'Code postal', 'Participation au bottin'],
      ['P1', 'Léa', 'Côté', '514 555-0123', '', '', '', 'Nom seulement'],
      ['P2', 'Jo', 'Roy', '', '1, rue A', '', 'H2X 1Y4', ''],
      ['', 'Sans', 'Clé', '', '', '', '', ''],
    ];
    const { report } = await dryRun({ 'parents.csv': csv(parents) });
    expect(where(report.errors)).toEqual([
      ['parents.csv', 2, 4, 'NAME_ONLY_DETAILS', {}],
      ['parents.csv', 3, 6, 'ADDRESS_INCOMPLETE', {}],
      ['parents.csv', 4, 1, 'KEY_REQUIRED', {}],
    ]);
  });
});


describe("a student's staff note in the students file", () => {
  const withNote = (notes: string[]) => STUDENTS.map((row, i) => [...row, i === 0 ? 'Note pour le personnel' : notes[i - 1]!]);
  const files = (students: string[][]) => ({
    'classes.csv': csv(CLASSES),
    'personnel.csv': csv(STAFF),
    'parents.csv': csv(PARENTS),
    'eleves.csv': csv(students),
  });
  const studentItems = (plan: Awaited<ReturnType<typeof dryRun>>['plan']) =>
    plan.units.flatMap((unit) => unit.items).map((item) => item.Put?.Item).filter((item) => item?.type === 'STUDENT');

  it('sets the note from its column, refuses one over the limit, and a re-import without the column keeps it', async () => {
    const first = await dryRun(files(withNote(['Son grand-père vient la chercher', ''])));
    expect(first.report.errors).toEqual([]);
    const created = studentItems(first.plan);
    expect(created.find((item) => item!.firstName === 'Léa')).toMatchObject({ staffNote: 'Son grand-père vient la chercher' });
    expect(created.find((item) => item!.firstName === 'Noah')).not.toHaveProperty('staffNote');

    const tooLong = await dryRun(files(withNote(['x'.repeat(STAFF_NOTE_MAX_LENGTH + 1), ''])));
    expect(where(tooLong.report.errors)).toEqual([['eleves.csv', 2, 8, 'TOO_LONG', { max: STAFF_NOTE_MAX_LENGTH }]]);

    // The directory as the first import leaves it: the same files without the column change no student.
    const written = first.plan.units.flatMap((unit) => unit.items).map((item) => item.Put?.Item).filter(Boolean);
    const data = parseDirectoryItems(written as Record<string, unknown>[]).lists;
    const again = await dryRun(files(STUDENTS), data);
    expect(again.report.counts.students).toEqual({ create: 0, update: 0, unchanged: 2 });
    // A blank cell in the column removes it.
    const cleared = await dryRun(files(withNote(['', ''])), data);
    expect(cleared.report.counts.students).toEqual({ create: 0, update: 1, unchanged: 1 });
    expect(studentItems(cleared.plan)[0]).not.toHaveProperty('staffNote');
  });

  it('survives an export and its import into an empty school, on several lines and with separators', async () => {
    const first = await dryRun(files(withNote(['', ''])));
    const written = first.plan.units.flatMap((unit) => unit.items).map((item) => item.Put?.Item).filter(Boolean);
    const data = parseDirectoryItems(written as Record<string, unknown>[]).lists;
    const note = 'Son grand-père vient la chercher\nAutobus 12; départ à 15 h 30, « porte B »';
    data.students = data.students.map((student) => (student.firstName === 'Léa' ? { ...student, staffNote: note } : student));
    for (const lang of ['fr', 'en'] as const) {
      const exported = Object.fromEntries(exportCsvFiles(data, settings, lang).map((file) => [file.name, file.text]));
      const copy = await dryRun(exported);
      expect(copy.report.errors).toEqual([]);
      const lea = studentItems(copy.plan).find((item) => item!.firstName === 'Léa');
      expect({ lang, note: lea!.staffNote }).toEqual({ lang, note });
    }
  });
});
