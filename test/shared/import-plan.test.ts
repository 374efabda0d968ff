import { beforeAll, describe, expect, it, vi } from 'vitest';
import { writeCsv } from '../../shared/csv';
import type { ImportIssue } from '../../shared/import-api';
import { templateRows, IMPORT_ENTITIES, fileNameOf } from '../../shared/import-columns';
import type { DirectoryData } from '../../lambdas/directory/directory-items';
import { defaultSettings } from '../../lambdas/admin/import/default-settings';
import { derivedId } from '../../lambdas/admin/import/ids';
import { planAgainst } from '../../lambdas/admin/import/import-service';

/**
 * The import's checking and planning, on a directory held in memory (no table): what a dry run reports. The
 * writes themselves, and re-runs against a real table, are tested in test/lambdas/admin-import.test.ts.
 */

const NOW = new Date('2025-09-02T12:00:00.000Z');
const AT = NOW.toISOString();
const settings = defaultSettings(NOW, 'École des Érables');
const emptyDirectory = (): DirectoryData => ({
  classes: [],
  students: [],
  parents: [],
  staff: [],
  committees: [],
  families: [],
  memberships: [],
});

beforeAll(() => {
  // Plans name their table in every write item; nothing is written here.
  vi.stubEnv('TABLE_NAME', 'unit-test');
});

function csv(rows: string[][], separator: ',' | ';' = ';') {
  return writeCsv(rows, { separator });
}

async function dryRun(
  files: Record<string, string>,
  data = emptyDirectory(),
  registry = new Map<string, string>(),
  current: typeof settings | null = settings,
) {
  const list = Object.entries(files).map(([name, text]) => ({ name, text }));
  return planAgainst(list, { data, settings: current ?? undefined, readRegistry: async () => registry }, { now: NOW });
}

const where = (issues: ImportIssue[]) => issues.map((i) => [i.file, i.line, i.column ?? null, i.code, i.params ?? {}]);

const CLASSES = [
  ['Code', 'Nom', 'Niveaux', 'Enseignant(e)'],
  ['A', 'Classe A', '1re année|2e année', 'E1'],
  ['B', 'Classe B', 'G3|G4', ''],
];
const STAFF = [
  ['Clé', 'Prénom', 'Nom', 'Courriel', 'Service', 'Titre (français)'],
  ['E1', 'Isabelle', 'Tremblay', 'isabelle@ecole.example', 'Enseignement', 'Enseignante'],
];
const PARENTS = [
  ['Clé', 'Prénom', 'Nom', 'Courriel', 'Téléphone', 'Adresse', 'Ville', 'Code postal', 'Participation au bottin'],
  ['P1', 'Marie-Ève', 'Côté', 'Marie-Eve.Cote@Courriel.example', '(514) 555-0123', '12, rue des Érables', 'Montréal', 'h2h1y4', 'Complète'],
  ['', 'Jean', "D'Amours", 'jean@courriel.example', '', '', '', '', ''],
];
const STUDENTS = [
  ['Clé', 'Prénom', 'Nom', 'Niveau', 'Classe', 'Parent 1', 'Parent 2'],
  ['S1', 'Léa', 'Côté', '1re année', 'A', 'P1', 'jean@courriel.example'],
  ['', 'Noah', "D'Amours", 'Grade 3', 'b', 'JEAN@courriel.example', ''],
];

describe('dry run of a new school', () => {
  it('imports the six templates as they are into an empty directory', async () => {
    const files = Object.fromEntries(
      IMPORT_ENTITIES.map((entity) => [fileNameOf(entity, 'fr'), writeCsv(templateRows(entity, 'fr'), { separator: ';' })]),
    );
    const { report } = await dryRun(files, emptyDirectory(), new Map(), null);
    expect(report.errors).toEqual([]);
    expect(report.valid).toBe(true);
    expect(report.createsSettings).toBe(true);
    for (const entity of IMPORT_ENTITIES) expect(report.counts[entity]).toEqual({ create: 1, update: 0, unchanged: 0 });
    expect(report.related).toMatchObject({ familyLinksAdded: 1, membershipsAdded: 1, registryAdded: 2 });
  });

  it('counts rows to create with French headers, semicolons and a byte-order mark, and normalises values', async () => {
    const { report, plan } = await dryRun({
      'classes.csv': csv(CLASSES),
      'personnel.csv': csv(STAFF),
      'parents.csv': csv(PARENTS),
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
      ['parents.csv', 4, 9, 'INVALID_VALUE', { value: 'Partielle' }],
      ['parents.csv', 5, 1, 'DUPLICATE_KEY', { key: 'P1', line: 2 }],
      ['eleves.csv', 4, 5, 'UNKNOWN_CLASS', { value: 'Z' }],
      ['eleves.csv', 5, 6, 'UNKNOWN_PARENT', { value: 'nobody@x.example' }],
      ['eleves.csv', 5, 4, 'LEVEL_NOT_IN_CLASS', { level: 'G5', class: 'A' }],
    ]);
    expect(report.errors[0]).toMatchObject({ entity: 'parents', header: 'Courriel', field: 'email' });
    expect(report.errorCount).toBe(8);
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

describe('dry run against an existing directory', () => {
  function existingSchool(): DirectoryData {
    const meta = (id: string) => ({ id, version: 3, createdAt: AT, updatedAt: AT });
    const parent = {
      ...meta('01J0000000000000000000P001'),
      firstName: 'Jean',
      lastName: "D'Amours",
      email: 'jean@courriel.example',
      interests: [],
      skills: '',
      participation: 'full' as const,
      preferredLanguage: 'fr' as const,
    };
    return {
      ...emptyDirectory(),
      classes: [{ ...meta('01J0000000000000000000C001'), code: 'B', name: 'Classe B', levels: ['G3', 'G4'], parentRepresentativeIds: [], studentRepresentativeIds: [] }],
      parents: [parent],
      students: [{ ...meta('01J0000000000000000000S001'), firstName: 'Noah', lastName: "D'Amours", level: 'G3', classId: '01J0000000000000000000C001' }],
      families: [{ parentId: parent.id, studentId: '01J0000000000000000000S001' }],
    };
  }

  it('recognises records created elsewhere by email and by parent and name, never creating them twice', async () => {
    const data = existingSchool();
    const registry = new Map([[`EMAIL#jean@courriel.example|PARENT#${data.parents[0]!.id}`, "Jean D'Amours"]]);
    const parents = [PARENTS[0]!, PARENTS[2]!];
    const students = [STUDENTS[0]!, STUDENTS[2]!];
    const { report, plan } = await dryRun({ 'parents.csv': csv(parents), 'eleves.csv': csv(students) }, data, registry);
    expect(report.errors).toEqual([]);
    expect(report.counts).toEqual({
      parents: { create: 0, update: 0, unchanged: 1 },
      students: { create: 0, update: 0, unchanged: 1 },
    });
    expect(plan.writes).toBe(0);
  });

  it('plans an update conditional on the version read, and re-registers a changed email', async () => {
    const data = existingSchool();
    const parents = [PARENTS[0]!, ['', 'Jean', "D'Amours", 'jean@courriel.example', '514 555-0199', '', '', '', '']];
    const { report, plan } = await dryRun({ 'parents.csv': csv(parents) }, data);
    expect(report.counts.parents).toEqual({ create: 0, update: 1, unchanged: 0 });
    const update = plan.units.flatMap((unit) => unit.items).find((item) => item.Put?.Item?.id === data.parents[0]!.id);
    expect(update?.Put).toMatchObject({
      Item: { version: 4, phone: '5145550199', createdAt: AT },
      ConditionExpression: '#version = :expected',
      ExpressionAttributeValues: { ':expected': 3 },
    });
    // The registry entry was missing (the registry read found nothing): the update registers the email again.
    expect(report.related.registryAdded).toBe(1);
    const changed = [PARENTS[0]!, ['', 'Jean', "D'Amours", 'jean.damours@courriel.example', '', '', '', '', '']];
    const moved = await dryRun({ 'parents.csv': csv(changed) }, data);
    // A new email is a new identity for a row without a key: a new parent, not a silent merge by name.
    expect(moved.report.counts.parents).toEqual({ create: 1, update: 0, unchanged: 0 });
  });

  it('unregisters an email the file clears, and takes a parent who opts out off their committees', async () => {
    const data = existingSchool();
    const jean = data.parents[0]!;
    const committee = {
      id: '01J0000000000000000000M001',
      version: 1,
      createdAt: AT,
      updatedAt: AT,
      name: { fr: 'Comité vert', en: 'Green committee' },
      kind: 'volunteer' as const,
      otherMembers: [],
    };
    data.committees.push(committee);
    data.memberships.push({ committeeId: committee.id, personType: 'PARENT', personId: jean.id, role: 'member' });
    const parents = [
      ['Clé', 'Prénom', 'Nom', 'Courriel', 'Participation au bottin'],
      [jean.id, 'Jean', "D'Amours", '', 'Nom seulement'],
    ];
    const { report, plan } = await dryRun({ 'parents.csv': csv(parents) }, data);
    expect(report.errors).toEqual([]);
    expect(report.related).toMatchObject({ registryRemoved: 1, membershipsRemoved: 1 });
    const deletes = plan.units.flatMap((unit) => unit.items).filter((item) => item.Delete).map((item) => item.Delete!.Key);
    expect(deletes).toEqual([
      { pk: 'EMAIL#jean@courriel.example', sk: `PARENT#${jean.id}` },
      { pk: 'DIRECTORY', sk: `MEMBER#${committee.id}#PARENT#${jean.id}` },
    ]);
  });

  it('makes the memberships file the truth for the committees it names', async () => {
    const data = existingSchool();
    const [jean] = data.parents;
    const committee = {
      id: '01J0000000000000000000M002',
      version: 2,
      createdAt: AT,
      updatedAt: AT,
      name: { fr: 'Bazar', en: 'Bazaar' },
      kind: 'volunteer' as const,
      otherMembers: [{ firstName: 'Luc', lastName: 'Roy', role: 'volunteer' as const }],
    };
    const untouched = { ...committee, id: '01J0000000000000000000M003', name: { fr: 'OPP', en: 'PPO' } };
    data.committees.push(committee, untouched);
    data.staff.push({
      id: '01J0000000000000000000E001', version: 1, createdAt: AT, updatedAt: AT, firstName: 'Ana', lastName: 'Roy',
      email: 'ana@ecole.example', title: { fr: 'Enseignante', en: 'Teacher' }, department: 'teaching', interests: [],
    });
    data.memberships.push(
      { committeeId: committee.id, personType: 'PARENT', personId: jean!.id, role: 'member' },
      { committeeId: committee.id, personType: 'STAFF', personId: '01J0000000000000000000E001', role: 'member' },
      { committeeId: untouched.id, personType: 'PARENT', personId: jean!.id, role: 'member' },
    );
    const members = [
      ['Comité', 'Type de membre', 'Membre', 'Rôle', 'Prénom', 'Nom', 'Organisme'],
      ['Bazar', 'Parent', 'jean@courriel.example', 'Coordonnateur(trice)', '', '', ''],
      ['bazaar', 'Autre', '', 'Bénévole', 'Luc', 'Roy', 'Quincaillerie'],
      ['Bazar', 'Parent', jean!.id, 'Membre', '', '', ''],
    ];
    const { report, plan } = await dryRun({ 'membres-comites.csv': csv(members) }, data);
    expect(where(report.errors)).toEqual([['membres-comites.csv', 4, 3, 'DUPLICATE_MEMBER', { line: 2 }]]);

    const fixed = await dryRun({ 'membres-comites.csv': csv(members.slice(0, 3)) }, data);
    expect(fixed.report.errors).toEqual([]);
    expect(fixed.report.counts.memberships).toEqual({ create: 0, update: 2, unchanged: 0 });
    expect(fixed.report.related).toMatchObject({ membershipsChanged: 1, membershipsRemoved: 1, membershipsAdded: 0 });
    const writes = fixed.plan.units.flatMap((unit) => unit.items);
    // The staff member left the Bazaar only; the other committee is not in the file and keeps its member.
    expect(writes.filter((item) => item.Delete).map((item) => item.Delete!.Key!.sk)).toEqual([
      `MEMBER#${committee.id}#STAFF#01J0000000000000000000E001`,
    ]);
    expect(writes.find((item) => item.Put?.Item?.type === 'COMMITTEE')?.Put?.Item).toMatchObject({
      id: committee.id,
      version: 3,
      otherMembers: [{ firstName: 'Luc', lastName: 'Roy', role: 'volunteer', affiliation: 'Quincaillerie' }],
    });
    expect(plan.writes).toBeGreaterThan(0);
  });

  it('follows the student file: parents not listed any more are unlinked', async () => {
    const data = existingSchool();
    const students = [
      ['Clé', 'Prénom', 'Nom', 'Niveau', 'Classe', 'Parent 1'],
      [data.students[0]!.id, 'Noah', "D'Amours", 'G4', 'B', 'P9'],
    ];
    const parents = [['Clé', 'Prénom', 'Nom'], ['P9', 'Alex', 'Roy']];
    const { report } = await dryRun({ 'parents.csv': csv(parents), 'eleves.csv': csv(students) }, data);
    expect(report.errors).toEqual([]);
    expect(report.counts.students).toEqual({ create: 0, update: 1, unchanged: 0 });
    expect(report.related).toMatchObject({ familyLinksAdded: 1, familyLinksRemoved: 1 });
  });
});
