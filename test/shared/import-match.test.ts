import { beforeEach, describe, expect, it } from 'vitest';
import type { DirectoryData } from '../../lambdas/directory/directory-items';
import { AT, PARENTS, STUDENTS, csv, dryRun, emptyDirectory, stubTable, where } from './import-support';

/** How the import recognises records already in the directory, and what the files decide for them. */

beforeEach(stubTable);

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

    // A committee whose every row is wrong is not "named by the file": its seats are not planned away.
    const wrong = await dryRun({ 'membres-comites.csv': csv([members[0]!, ['OPP', 'Parent', 'P404', 'Membre', '', '', '']]) }, data);
    expect(where(wrong.report.errors)).toEqual([['membres-comites.csv', 2, 3, 'UNKNOWN_PARENT', { value: 'P404' }]]);
    expect(wrong.report.related.membershipsRemoved).toBe(0);
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
