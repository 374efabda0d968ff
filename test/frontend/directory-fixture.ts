import type { DirectoryParent, DirectoryResponse } from '@shared/contracts/directory-api';

/**
 * A small hand-made directory whose relations are known by heart (not a test file):
 * - the Côté family: Zoé (1re, A) and Léo (3e, B), children of Anne and Marc, who share one home;
 * - the Roy family across two households: Emma (2e, A) is the child of Julie (home X) and Paul (home Y);
 *   Noah (1re, A) is Paul's child with Sara (home Y), so Emma and Noah are half-siblings; Julie's partner
 *   Luc (home X) is Emma's step-parent; Éric (limited: no address shown) is Noah's step-parent;
 * - Alice Tremblay (3e, B) has no parent listed; Nadia has no child at the school.
 */
const home = (street: string, postalCode: string) => ({ street, city: 'Montréal', postalCode });
const X = home('12, rue Fabre', 'H2H 1A1');
const Y = home('98, rue Boyer', 'H2J 2B2');
const CÔTÉ = home('5, avenue Papineau', 'H2K 3C3');

const parent = (id: number, firstName: string, lastName: string, childIndexes: number[], extra: Partial<DirectoryParent> = {}) => ({
  id: `01K3J4A0${String(id).padStart(18, '0')}`,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@courriel.example`,
  childIndexes,
  ...extra,
});

export const STUDENT = { zoe: 0, leo: 1, emma: 2, noah: 3, alice: 4 } as const;
export const PARENT = { anne: 0, marc: 1, julie: 2, paul: 3, luc: 4, sara: 5, eric: 6, nadia: 7 } as const;

export const FIXTURE: DirectoryResponse = {
  school: {
    name: 'École des Trembles',
    year: '2025-2026',
    levels: [
      { code: 'G1', order: 1, label: { fr: '1re année', en: 'Grade 1' }, shortLabel: { fr: '1re', en: '1' } },
      { code: 'G2', order: 2, label: { fr: '2e année', en: 'Grade 2' }, shortLabel: { fr: '2e', en: '2' } },
      { code: 'G3', order: 3, label: { fr: '3e année', en: 'Grade 3' }, shortLabel: { fr: '3e', en: '3' } },
    ],
    graduatingLevel: 'G3',
  },
  classes: [
    { id: '01K3J4A0C00000000000000001', code: 'A', name: 'Classe A', levels: ['G1', 'G2'], teacherIndex: 0, parentRepIndexes: [0], studentRepIndexes: [0] },
    { id: '01K3J4A0C00000000000000002', code: 'B', name: 'Classe B', levels: ['G3'], parentRepIndexes: [], studentRepIndexes: [] },
  ],
  students: [
    { firstName: 'Zoé', lastName: 'Côté', level: 'G1', classIndex: 0 },
    { firstName: 'Léo', lastName: 'Côté', level: 'G3', classIndex: 1 },
    { firstName: 'Emma', lastName: 'Roy', level: 'G2', classIndex: 0 },
    { firstName: 'Noah', lastName: 'Roy-Gagnon', level: 'G1', classIndex: 0 },
    { firstName: 'Alice', lastName: 'Tremblay', level: 'G3', classIndex: 1 },
  ],
  parents: [
    parent(1, 'Anne', 'Côté', [0, 1], { address: CÔTÉ, phone: '5145550001' }),
    parent(2, 'Marc', 'Bélanger', [1, 0], { address: CÔTÉ }),
    parent(3, 'Julie', 'Roy', [2], { address: X }),
    parent(4, 'Paul', 'Gagnon', [2, 3], { address: Y }),
    parent(5, 'Luc', 'Martin', [2], { address: X }),
    parent(6, 'Sara', 'Gagnon', [3], { address: Y }),
    parent(7, 'Éric', 'Dubé-Martin', [3], { phone: '5145550007' }),
    parent(8, 'Nadia', 'Haddad', []),
  ],
  staff: [
    {
      id: '01K3J4A0S00000000000000001',
      firstName: 'François',
      lastName: "D'Amours",
      title: { fr: 'Enseignant', en: 'Teacher' },
      department: 'teaching',
      classIndexes: [0],
      ceRole: 'member',
      ceRank: 7,
    },
  ],
  committees: [
    {
      id: '01K3J4A0M00000000000000001',
      kind: 'ce',
      name: { fr: "Conseil d'établissement", en: 'Governing board' },
      parents: [{ parentIndex: 0, role: 'chair' }],
      staff: [{ staffIndex: 0, role: 'member' }],
      others: [{ firstName: 'Hélène', lastName: "L'Espérance", role: 'communityRepresentative' }],
    },
    {
      id: '01K3J4A0M00000000000000002',
      kind: 'opp',
      name: { fr: 'OPP', en: 'OPP' },
      parents: [
        { parentIndex: 0, role: 'secretary' },
        { parentIndex: 3, role: 'member' },
      ],
      staff: [],
      others: [{ firstName: 'Hélène', lastName: "L'Espérance", role: 'member' }],
    },
  ],
};
