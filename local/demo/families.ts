import type { Address, Language } from '@shared/schemas/common';
import { withParticipation, type Parent, type Participation } from '@shared/schemas/parent';
import type { FamilyLink, Student } from '@shared/schemas/student';
import { CHILD_FEMALE, CHILD_MALE, ENGLISH_CHILD } from './names';
import {
  address,
  adultFirstName,
  adultLastName,
  interests,
  personalEmail,
  phone,
  skills,
  type Gender,
} from './people';
import type { Random } from './prng';

/** What a family needs from the generator around it. */
export interface FamilyContext {
  random: Random;
  newId: () => string;
  at: string;
  levels: readonly string[];
  usedEmails: Set<string>;
}

/** A student before a class is chosen for them. */
export type UnplacedStudent = Omit<Student, 'classId'>;

export interface GeneratedFamily {
  parents: Parent[];
  students: UnplacedStudent[];
  links: FamilyLink[];
  /** Two households: separated parents, possibly with new partners (three or four guardians). */
  twoHouseholds: boolean;
}

export type HouseholdKind = 'single' | 'couple' | 'twoHouseholds';

export interface FamilyOverrides {
  kind?: HouseholdKind;
  children?: number;
  /** Fixed email (demo accounts) for the first parent; it is also kept at full participation. */
  firstParentEmail?: string;
}

/**
 * One family: its guardians, children and the links between them. About 6% single-parent, 80% couples, 14%
 * two households; 12% anglophone; 1 to 3 children (siblings), at distinct levels except for twins.
 */
export function generateFamily(ctx: FamilyContext, overrides: FamilyOverrides = {}): GeneratedFamily {
  const { random } = ctx;
  const english = random.chance(0.12);
  const kind =
    overrides.kind ??
    random.weighted<HouseholdKind>([
      ['single', 0.06],
      ['couple', 0.8],
      ['twoHouseholds', 0.14],
    ]);
  const sameSex = random.chance(0.08);
  const genderA: Gender = random.chance(0.85) ? 'f' : 'm';
  const genderB: Gender = sameSex ? genderA : genderA === 'f' ? 'm' : 'f';
  const lastA = adultLastName(random, english);
  const lastB = adultLastName(random, english);
  const homeA = address(random);
  const homeB = kind === 'twoHouseholds' ? address(random, [0.6, 0.25, 0.15]) : homeA;
  // A couple sometimes shares one mailbox: the registry then holds two people under one email.
  const sharedEmail = kind === 'couple' && !overrides.firstParentEmail && random.chance(0.02);

  const makeParent = (gender: Gender, lastName: string, home: Address, email?: string | null): Parent => {
    const firstName = adultFirstName(random, gender, english);
    const language: Language = english ? (random.chance(0.8) ? 'en' : 'fr') : random.chance(0.04) ? 'en' : 'fr';
    const participation: Participation = email
      ? 'full'
      : random.weighted<Participation>([
          ['full', 0.85],
          ['limited', 0.11],
          ['nameOnly', 0.04],
        ]);
    // email === null: this parent has none; undefined: make one up (3% of parents have none).
    const resolvedEmail =
      email === null || (email === undefined && random.chance(0.03))
        ? undefined
        : (email ?? personalEmail(random, firstName, lastName, ctx.usedEmails));
    const parent: Parent = {
      id: ctx.newId(),
      version: 1,
      createdAt: ctx.at,
      updatedAt: ctx.at,
      firstName,
      lastName,
      ...(resolvedEmail ? { email: resolvedEmail } : {}),
      phone: phone(random),
      address: home,
      interests: interests(random),
      skills: skills(random, language),
      participation,
      preferredLanguage: language,
    };
    return withParticipation(parent, participation);
  };

  const parentA = makeParent(genderA, lastA, homeA, overrides.firstParentEmail);
  const parents = [parentA];
  if (kind !== 'single') {
    const parentB = makeParent(genderB, lastB, homeB, sharedEmail ? null : undefined);
    if (sharedEmail && parentA.email) parentB.email = parentA.email;
    parents.push(parentB);
  }
  if (kind === 'twoHouseholds') {
    parents.push(makeParent(random.chance(0.5) ? 'f' : 'm', adultLastName(random, english), homeA));
    if (random.chance(0.5)) parents.push(makeParent(random.chance(0.5) ? 'f' : 'm', adultLastName(random, english), homeB));
  }

  const childCount =
    overrides.children ??
    random.weighted([
      [1, 0.62],
      [2, 0.32],
      [3, 0.06],
    ] as const);
  const childLastName = random.weighted([
    [`${lastA}-${lastB}`, english ? 0.05 : 0.3],
    [lastB, 0.45],
    [lastA, 0.25],
  ] as const);
  const twins = childCount > 1 && random.chance(0.05);
  const levels = random.sample(ctx.levels, childCount);
  const students: UnplacedStudent[] = [];
  const usedFirstNames = new Set<string>();
  for (let i = 0; i < childCount; i++) {
    let firstName: string;
    do {
      const female = random.chance(0.5);
      firstName =
        english && random.chance(0.6) ? random.pick(ENGLISH_CHILD) : random.pick(female ? CHILD_FEMALE : CHILD_MALE);
    } while (usedFirstNames.has(firstName));
    usedFirstNames.add(firstName);
    students.push({
      id: ctx.newId(),
      version: 1,
      createdAt: ctx.at,
      updatedAt: ctx.at,
      firstName,
      lastName: childLastName,
      level: twins ? levels[0]! : levels[i]!,
    });
  }
  const links = parents.flatMap((parent) => students.map((student) => ({ parentId: parent.id, studentId: student.id })));
  return { parents, students, links, twoHouseholds: kind === 'twoHouseholds' };
}
