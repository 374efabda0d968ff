import { describe, expect, it } from 'vitest';
import { buildDirectoryResponse } from '../../lambdas/directory/directory-service';
import { generateSchool } from '../../local/demo/generate-school';
import { buildDirectoryIndex, directoryIndex } from '../../frontend/src/lib/directory/directory-index';
import { schoolStatistics } from '../../frontend/src/lib/directory/statistics';
import { DirectoryResponseSchema } from '@shared/contracts/directory-api';
import { FIXTURE, PARENT, STUDENT } from './directory-fixture';

/** The directory screens' derived data (frontend/src/features/directory/model): relations seen from every side. */

const names = (indexes: number[], list: { firstName: string }[]) => indexes.map((i) => list[i]!.firstName);

describe('directory index: siblings, parents, classes, committees', () => {
  const index = buildDirectoryIndex(FIXTURE);

  it('finds siblings through any shared parent, half-siblings across households included', () => {
    expect(names(index.siblingsOfStudent[STUDENT.zoe]!, FIXTURE.students)).toEqual(['Léo']);
    expect(names(index.siblingsOfStudent[STUDENT.leo]!, FIXTURE.students)).toEqual(['Zoé']);
    expect(names(index.siblingsOfStudent[STUDENT.emma]!, FIXTURE.students)).toEqual(['Noah']);
    expect(names(index.siblingsOfStudent[STUDENT.noah]!, FIXTURE.students)).toEqual(['Emma']);
    expect(index.siblingsOfStudent[STUDENT.alice]).toEqual([]);
  });

  it("lists each student's parents by last name", () => {
    expect(names(index.parentsOfStudent[STUDENT.zoe]!, FIXTURE.parents)).toEqual(['Marc', 'Anne']);
    expect(names(index.parentsOfStudent[STUDENT.emma]!, FIXTURE.parents)).toEqual(['Paul', 'Luc', 'Julie']);
    expect(index.parentsOfStudent[STUDENT.alice]).toEqual([]);
  });

  it('puts students in their class by level, then name', () => {
    expect(names(index.studentsByClass[0]!, FIXTURE.students)).toEqual(['Zoé', 'Noah', 'Emma']);
    expect(names(index.studentsByClass[1]!, FIXTURE.students)).toEqual(['Léo', 'Alice']);
  });

  it("gives each person their committee seats, with roles", () => {
    expect(index.seatsOfParent[PARENT.anne]).toEqual([
      { committeeIndex: 0, role: 'chair' },
      { committeeIndex: 1, role: 'secretary' },
    ]);
    expect(index.seatsOfParent[PARENT.paul]).toEqual([{ committeeIndex: 1, role: 'member' }]);
    expect(index.seatsOfParent[PARENT.nadia]).toEqual([]);
    expect(index.seatsOfStaff[0]).toEqual([{ committeeIndex: 0, role: 'member' }]);
  });

  it('is built once per directory copy and shared', () => {
    const copy = structuredClone(FIXTURE);
    expect(directoryIndex(copy)).toBe(directoryIndex(copy));
    expect(directoryIndex(structuredClone(FIXTURE))).not.toBe(directoryIndex(copy));
  });
});

describe('families', () => {
  const index = buildDirectoryIndex(FIXTURE);
  const family = (student: number) => index.families[index.familyOfStudent[student]!]!;

  it('groups siblings, and keeps both households of a separated family together', () => {
    expect(index.families.map((f) => f.name)).toEqual(['Côté', 'Roy / Roy-Gagnon', 'Tremblay']);
    expect(names(family(STUDENT.zoe).students, FIXTURE.students)).toEqual(['Zoé', 'Léo']);
    expect(names(family(STUDENT.noah).students, FIXTURE.students)).toEqual(['Noah', 'Emma']);
    expect(names(family(STUDENT.noah).parents, FIXTURE.parents)).toEqual(['Éric', 'Paul', 'Sara', 'Luc', 'Julie']);
    // Nadia has no child at the school: she is in no family.
    expect(index.families.flatMap((f) => f.parents)).not.toContain(PARENT.nadia);
  });

  it('splits a family into households by the addresses shown, parents without one last', () => {
    const households = family(STUDENT.emma).households;
    expect(households.map((h) => h.address?.street)).toEqual(['98, rue Boyer', '12, rue Fabre', undefined]);
    expect(households.map((h) => names(h.parents, FIXTURE.parents))).toEqual([['Paul', 'Sara'], ['Luc', 'Julie'], ['Éric']]);
    // One shared home: one group, no household headings.
    expect(family(STUDENT.zoe).households).toEqual([{ parents: [PARENT.marc, PARENT.anne] }]);
  });

  it('makes a student without any listed parent a family of one', () => {
    expect(family(STUDENT.alice)).toMatchObject({ students: [STUDENT.alice], parents: [], households: [{ parents: [] }] });
  });

  it('covers every student of a generated school exactly once, with all of their siblings', () => {
    const school = generateSchool({ families: 120, seed: 7 });
    const directory = DirectoryResponseSchema.parse(buildDirectoryResponse(school));
    const generated = buildDirectoryIndex(directory);

    const seen = generated.families.flatMap((f) => f.students).sort((a, b) => a - b);
    expect(seen).toEqual(directory.students.map((_, i) => i));
    directory.students.forEach((_, s) => {
      const members = generated.families[generated.familyOfStudent[s]!]!.students;
      for (const sibling of generated.siblingsOfStudent[s]!) {
        expect(members).toContain(sibling);
        expect(generated.siblingsOfStudent[sibling]).toContain(s);
      }
    });
    // The generator's third family lives in two households.
    expect(generated.families.some((f) => f.households.filter((h) => h.address).length >= 2)).toBe(true);
  });
});

describe('school statistics', () => {
  it('counts students by level, average class size, committee members and the most common level', () => {
    const stats = schoolStatistics(buildDirectoryIndex(FIXTURE));

    expect(stats.studentsByLevel).toEqual([
      { code: 'G1', count: 2 },
      { code: 'G2', count: 1 },
      { code: 'G3', count: 2 },
    ]);
    expect(stats.averageClassSize).toBe(2.5);
    // Anne sits on two committees, Hélène L'Espérance too: each counts once (Anne, Paul, François, Hélène).
    expect(stats.totalCommitteeMembers).toBe(4);
    // G1 and G3 tie: the lower level wins.
    expect(stats.mostCommonLevel).toBe('G1');
    expect(stats.totals).toEqual({ students: 5, families: 3, parents: 8, staff: 1, classes: 2, committees: 2 });
  });

  it('reports a level the settings do not know, zero levels, and an empty school without dividing by zero', () => {
    const directory = structuredClone(FIXTURE);
    directory.students.push({ firstName: 'Théo', lastName: 'Nadeau', level: 'K' });
    directory.students.forEach((student) => (student.level = student.level === 'G2' ? 'G1' : student.level));
    const stats = schoolStatistics(buildDirectoryIndex(directory));
    expect(stats.studentsByLevel).toEqual([
      { code: 'G1', count: 3 },
      { code: 'G2', count: 0 },
      { code: 'G3', count: 2 },
      { code: 'K', count: 1 },
    ]);
    // Théo has no class: he is not in any class's size.
    expect(stats.averageClassSize).toBe(2.5);

    const empty = schoolStatistics(
      buildDirectoryIndex({ ...FIXTURE, classes: [], students: [], parents: [], staff: [], committees: [] }),
    );
    expect(empty).toMatchObject({ averageClassSize: null, mostCommonLevel: null, totalCommitteeMembers: 0 });
  });
});
