import type { Committee, Membership, OtherMember } from '@shared/schemas/committee';
import type { CommitteeRole } from '@shared/schemas/committee-roles';
import type { InterestCode } from '@shared/schemas/interests';
import type { Parent } from '@shared/schemas/parent';
import type { Random } from './prng';

/** The ten committees of the demo school, with who sits on them and in which role. */
interface CommitteeSpec {
  key: string;
  kind: Committee['kind'];
  name: Committee['name'];
  description: NonNullable<Committee['description']>;
  /** Parent seats, in order; a demo account may take the first one. */
  parentRoles: CommitteeRole[];
  /** Staff seats by roster key. */
  staffSeats: { rosterKey: string; role: CommitteeRole }[];
  otherMembers?: OtherMember[];
  /** Parents with these interests are asked first. */
  interests: InterestCode[];
  /** Open to parents' sign-ups (docs/annual-update.md, "Committees that recruit"): the demo school recruits for a few. */
  recruits?: true;
}

const times = (role: CommitteeRole, n: number): CommitteeRole[] => Array.from({ length: n }, () => role);

export const COMMITTEE_SPECS: readonly CommitteeSpec[] = [
  {
    key: 'ce',
    kind: 'ce',
    name: { fr: "Conseil d'établissement", en: 'Governing board' },
    description: {
      fr: "Adopte le projet éducatif, le budget et les règles de l'école.",
      en: "Adopts the school's educational project, budget and rules.",
    },
    parentRoles: ['chair', 'viceChair', 'secretary', ...times('member', 2), ...times('substitute', 2)],
    staffSeats: [
      { rosterKey: 'teacher', role: 'member' },
      { rosterKey: 'teacher', role: 'member' },
      { rosterKey: 'daycareTechnician', role: 'member' },
      { rosterKey: 'specialEducation', role: 'member' },
      { rosterKey: 'principal', role: 'nonVoting' },
    ],
    otherMembers: [
      { firstName: 'Hélène', lastName: "L'Espérance", role: 'communityRepresentative', affiliation: 'Maison de la famille du quartier' },
      { firstName: 'Jean-Guy', lastName: 'Beauchemin', role: 'communityRepresentative', affiliation: 'Club de soccer Les Érables' },
    ],
    interests: ['law', 'accounting', 'communications'],
  },
  {
    key: 'opp',
    kind: 'opp',
    name: { fr: 'Organisme de participation des parents (OPP)', en: 'Parent participation organization (OPP)' },
    description: { fr: 'Soutient la vie scolaire par le bénévolat.', en: 'Supports school life through volunteering.' },
    parentRoles: ['chair', 'secretary', 'treasurer', ...times('member', 5)],
    staffSeats: [{ rosterKey: 'vicePrincipal', role: 'member' }],
    interests: ['eventPlanning', 'fundraising'],
    recruits: true,
  },
  {
    key: 'foundation',
    kind: 'foundation',
    name: { fr: "Fondation de l'école", en: 'School foundation' },
    description: { fr: 'Finance les projets et les sorties.', en: 'Funds projects and outings.' },
    parentRoles: ['coChair', 'coChair', 'treasurer', 'secretary', ...times('director', 3)],
    staffSeats: [{ rosterKey: 'principal', role: 'director' }],
    otherMembers: [{ firstName: 'Luc', lastName: 'Desrosiers', role: 'director', affiliation: 'Commerçant du quartier' }],
    interests: ['fundraising', 'accounting'],
  },
  volunteer('library', { fr: 'Comité de la bibliothèque', en: 'Library committee' }, 7, 'resourceTeacher', ['reading', 'writing']),
  { ...volunteer('bazaar', { fr: 'Bazar', en: 'Bazaar' }, 6, undefined, ['fundraising', 'eventPlanning']), recruits: true },
  volunteer('workshops', { fr: 'Ateliers parascolaires', en: 'After-school workshops' }, 5, 'music', ['arts', 'science', 'crafts']),
  { ...volunteer('green', { fr: 'Comité vert', en: 'Green committee' }, 6, 'teacher', ['gardening', 'environment']), recruits: true },
  volunteer('directory', { fr: 'Comité du bottin', en: 'Directory committee' }, 3, undefined, ['technology', 'communications']),
  volunteer('yearEnd', { fr: "Fête de fin d'année", en: 'Year-end party' }, 7, 'daycareTechnician', ['eventPlanning', 'music']),
  volunteer('welcome', { fr: 'Accueil des nouvelles familles', en: 'Welcoming new families' }, 4, undefined, ['languages', 'translation']),
];

function volunteer(
  key: string,
  name: Committee['name'],
  seats: number,
  staffKey: string | undefined,
  interestCodes: InterestCode[],
): CommitteeSpec {
  return {
    key,
    kind: 'volunteer',
    name,
    description: { fr: `Bénévoles\u00a0: ${name.fr.toLowerCase()}.`, en: `Volunteers: ${name.en.toLowerCase()}.` },
    parentRoles: ['coordinator', ...times('volunteer', seats - 1)],
    staffSeats: staffKey ? [{ rosterKey: staffKey, role: 'member' }] : [],
    interests: interestCodes,
  };
}

export interface CommitteeContext {
  random: Random;
  newId: () => string;
  at: string;
  parents: readonly Parent[];
  /** Staff ids by roster key, in roster order. */
  staffByKey: ReadonlyMap<string, readonly string[]>;
  /** A demo parent who takes the first parent seat of a committee (admin: CE chair). */
  firstSeats: ReadonlyMap<string, string>;
}

/** Builds the committees and their memberships. A parent sits on at most two; name-only parents on none. */
export function generateCommittees(ctx: CommitteeContext): { committees: Committee[]; memberships: Membership[] } {
  const { random } = ctx;
  const seatsTaken = new Map<string, number>();
  const eligible = ctx.parents.filter((parent) => parent.participation !== 'nameOnly');
  const reserved = new Set(ctx.firstSeats.values());
  const committees: Committee[] = [];
  const memberships: Membership[] = [];

  for (const spec of COMMITTEE_SPECS) {
    const committee: Committee = {
      id: ctx.newId(),
      version: 1,
      createdAt: ctx.at,
      updatedAt: ctx.at,
      name: spec.name,
      kind: spec.kind,
      description: spec.description,
      otherMembers: spec.otherMembers ?? [],
      ...(spec.recruits ? { openToSignUps: true } : {}),
    };
    committees.push(committee);
    const onCommittee = new Set<string>();
    const seat = (personType: Membership['personType'], personId: string, role: CommitteeRole) => {
      onCommittee.add(personId);
      memberships.push({ committeeId: committee.id, personType, personId, role });
      if (personType === 'PARENT') seatsTaken.set(personId, (seatsTaken.get(personId) ?? 0) + 1);
    };

    const roles = [...spec.parentRoles];
    const firstSeat = ctx.firstSeats.get(spec.key);
    if (firstSeat) seat('PARENT', firstSeat, roles.shift()!);
    const free = (parent: Parent) =>
      !onCommittee.has(parent.id) && !reserved.has(parent.id) && (seatsTaken.get(parent.id) ?? 0) < 2;
    const interested = random.sample(
      eligible.filter((p) => free(p) && p.interests.some((code) => spec.interests.includes(code))),
      roles.length,
    );
    const others = random.sample(eligible.filter((p) => free(p) && !interested.includes(p)), roles.length);
    const chosen = [...interested, ...others].slice(0, roles.length);
    chosen.forEach((parent, i) => seat('PARENT', parent.id, roles[i]!));

    const staffUsed = new Map<string, number>();
    for (const { rosterKey, role } of spec.staffSeats) {
      const pool = ctx.staffByKey.get(rosterKey) ?? [];
      const index = staffUsed.get(rosterKey) ?? 0;
      staffUsed.set(rosterKey, index + 1);
      const staffId = pool[index];
      if (staffId && !onCommittee.has(staffId)) seat('STAFF', staffId, role);
    }
  }
  return { committees, memberships };
}
