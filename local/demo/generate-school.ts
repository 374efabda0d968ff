import { ulid } from 'ulid';
import type { DemoAccount } from '../stack-info';
import type { DirectoryData } from '../../lambdas/directory/directory-items';
import type { Level } from '@shared/schemas/common';
import type { SchoolClass } from '@shared/schemas/school-class';
import type { SchoolSettings } from '@shared/schemas/settings';
import type { Parent } from '@shared/schemas/parent';
import type { Staff } from '@shared/schemas/staff';
import type { FamilyLink, Student } from '@shared/schemas/student';
import { generateCommittees } from './committees';
import { generateFamily, type FamilyOverrides, type GeneratedFamily } from './families';
import { ADULT_FEMALE, ADULT_MALE, LAST_NAMES, SCHOOL_DOMAIN } from './names';
import { interests, uniqueEmail } from './people';
import { createRandom, type Random } from './prng';
import { STAFF_ROSTER, staffTitle } from './staff-roster';

/**
 * The demo school: a deterministic, realistic, bilingual dataset (docs/data-model.md, "Demo school").
 * Same options, same data, down to the ids and timestamps: no Math.random, no clock.
 */
export const DEMO_PASSWORD = 'Bottin2025';

/**
 * Sign-in accounts printed by `npm start`. The admin is a parent who chairs the CE; the representative is the
 * parent representative of the demo parent's class (docs/messages.md), so the messages' approval can be tried.
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: 'admin', email: `admin@${SCHOOL_DOMAIN}`, password: DEMO_PASSWORD },
  { role: 'parent', email: `parent@${SCHOOL_DOMAIN}`, password: DEMO_PASSWORD },
  { role: 'staff', email: `personnel@${SCHOOL_DOMAIN}`, password: DEMO_PASSWORD },
  { role: 'representative', email: `representant@${SCHOOL_DOMAIN}`, password: DEMO_PASSWORD },
];

export const DEMO_FAMILIES = 180;
export const BENCHMARK_FAMILIES = 1000;
export const DEFAULT_SEED = 2025;
/** The dataset's fixed clock: the start of the 2025-2026 school year. */
export const GENERATED_AT = '2025-08-25T12:00:00.000Z';
/** Students per class the generator aims for (Québec primary classes hold about 20 to 26). */
const STUDENTS_PER_CLASS = 21;

export interface GenerateOptions {
  seed?: number;
  /** `demo`: ~180 families (~250 students, ~400 parents); `benchmark`: 1,000 families. */
  scale?: 'demo' | 'benchmark';
  /** Exact number of families; overrides `scale`. */
  families?: number;
  /**
   * The school year in the settings (default `2025-2026`, with the dataset's fixed clock): `npm start` gives the
   * current one, so a demo started in November 2026 is in 2026-2027 (two trials saw a year behind the calendar).
   */
  schoolYear?: string;
}

export interface DemoSchool extends DirectoryData {
  settings: SchoolSettings;
  /** Person ids behind DEMO_ACCOUNTS, by role. */
  accounts: Record<DemoAccount['role'], { personType: 'PARENT' | 'STAFF'; personId: string; email: string }>;
}

export function familyCount(options: GenerateOptions): number {
  return options.families ?? (options.scale === 'benchmark' ? BENCHMARK_FAMILIES : DEMO_FAMILIES);
}

const ORDINALS_FR = ['1re', '2e', '3e', '4e', '5e', '6e'];

/** The dataset's own school year, the one its fixed clock (GENERATED_AT) falls in. */
export const DEMO_SCHOOL_YEAR = '2025-2026';

function demoSettings(schoolYear = DEMO_SCHOOL_YEAR): SchoolSettings {
  const levels: Level[] = ORDINALS_FR.map((ordinal, i) => ({
    code: `G${i + 1}`,
    order: i + 1,
    label: { fr: `${ordinal} année`, en: `Grade ${i + 1}` },
    shortLabel: { fr: ordinal, en: String(i + 1) },
  }));
  return {
    schoolName: 'École primaire des Érables',
    schoolYear,
    contact: {
      email: `secretariat@${SCHOOL_DOMAIN}`,
      phone: '5145550100',
      address: { street: '4500, rue des Érables', city: 'Montréal', postalCode: 'H2H 1Y4' },
    },
    levels,
    graduatingLevel: 'G6',
    classStructure: 'multiGrade',
    version: 1,
    updatedAt: GENERATED_AT,
  };
}

/** A, B ... Z, AA, AB ...: class codes in grade order. */
export function classCode(index: number): string {
  const letter = String.fromCharCode(65 + (index % 26));
  return index < 26 ? letter : `${classCode(Math.floor(index / 26) - 1)}${letter}`;
}

/**
 * Grades 1 to 6 in multi-grade classes of two consecutive grades (1-2, 3-4, 5-6), the same number of classes
 * per pair, lettered in grade order: with 12 classes, A-D host 1-2, E-H 3-4, I-L 5-6.
 */
function makeClasses(studentCount: number, newId: () => string): SchoolClass[] {
  const perPair = Math.max(1, Math.round(studentCount / STUDENTS_PER_CLASS / 3));
  const pairs = [['G1', 'G2'], ['G3', 'G4'], ['G5', 'G6']];
  return pairs.flatMap((levels, pair) =>
    Array.from({ length: perPair }, (_, i) => {
      const code = classCode(pair * perPair + i);
      return {
        id: newId(),
        version: 1,
        createdAt: GENERATED_AT,
        updatedAt: GENERATED_AT,
        code,
        name: `Classe ${code}`,
        levels,
        parentRepresentativeIds: [],
        studentRepresentativeIds: [],
      };
    }),
  );
}

function makeStaff(random: Random, newId: () => string, size: { classes: number; students: number }) {
  const used = new Set<string>([...DEMO_ACCOUNTS.map((account) => account.email)]);
  const staff: Staff[] = [];
  const byKey = new Map<string, string[]>();
  for (const entry of STAFF_ROSTER) {
    for (let i = 0; i < entry.count(size); i++) {
      const gender = random.chance(entry.department === 'daycare' || entry.department === 'teaching' ? 0.85 : 0.7)
        ? 'f'
        : 'm';
      const firstName = random.pick(gender === 'f' ? ADULT_FEMALE : ADULT_MALE);
      const lastName = random.pick(LAST_NAMES);
      const member: Staff = {
        id: newId(),
        version: 1,
        createdAt: GENERATED_AT,
        updatedAt: GENERATED_AT,
        firstName,
        lastName,
        email: uniqueEmail(firstName, lastName, SCHOOL_DOMAIN, used),
        phone: `514555${String(100 + staff.length).padStart(4, '0')}`,
        title: staffTitle(entry, gender),
        department: entry.department,
        interests: random.chance(0.5) ? interests(random) : [],
      };
      staff.push(member);
      byKey.set(entry.key, [...(byKey.get(entry.key) ?? []), member.id]);
    }
  }
  return { staff, byKey };
}

export function generateSchool(options: GenerateOptions = {}): DemoSchool {
  const seed = options.seed ?? DEFAULT_SEED;
  const random = createRandom(seed);
  // Ids draw from their own stream, so a change in the data's draws does not reshuffle every id.
  const idRandom = createRandom(seed ^ 0x5eed1d5);
  let clock = Date.parse(GENERATED_AT);
  const newId = () => ulid(clock++, idRandom.next);
  const settings = demoSettings(options.schoolYear);
  const levelCodes = settings.levels.map((level) => level.code);
  const usedEmails = new Set<string>(DEMO_ACCOUNTS.map((account) => account.email));
  const ctx = { random, newId, at: GENERATED_AT, levels: levelCodes, usedEmails };

  // The first families are fixed so demo accounts always have what a demo needs: siblings, two parents,
  // and one two-household family.
  const fixed: FamilyOverrides[] = [
    { kind: 'couple', children: 2, firstParentEmail: DEMO_ACCOUNTS[0]!.email },
    { kind: 'couple', children: 2, firstParentEmail: DEMO_ACCOUNTS[1]!.email },
    { kind: 'twoHouseholds', children: 2 },
  ];
  const families: GeneratedFamily[] = Array.from({ length: familyCount(options) }, (_, i) =>
    generateFamily(ctx, fixed[i] ?? {}),
  );
  const unplaced = families.flatMap((family) => family.students);
  const parents = families.flatMap((family) => family.parents);

  const classes = makeClasses(unplaced.length, newId);
  const students: Student[] = [];
  for (const level of levelCodes) {
    const hosts = classes.filter((schoolClass) => schoolClass.levels.includes(level));
    unplaced
      .filter((student) => student.level === level)
      .forEach((student, i) => students.push({ ...student, classId: hosts[i % hosts.length]!.id }));
  }

  const { staff, byKey } = makeStaff(random, newId, { classes: classes.length, students: students.length });
  const teachers = byKey.get('teacher') ?? [];
  classes.forEach((schoolClass, i) => (schoolClass.teacherId = teachers[i]));
  const staffAccount = staff.find((member) => member.id === teachers[0])!;
  staffAccount.email = DEMO_ACCOUNTS[2]!.email;

  const links = families.flatMap((family) => family.links);
  for (const schoolClass of classes) {
    const inClass = students.filter((student) => student.classId === schoolClass.id);
    const reps = random.sample(inClass, random.chance(0.3) ? 2 : 1);
    schoolClass.studentRepresentativeIds = reps.map((student) => student.id);
    const parentIds = new Set(links.filter((l) => inClass.some((s) => s.id === l.studentId)).map((l) => l.parentId));
    const candidates = parents.filter((parent) => parentIds.has(parent.id) && parent.participation === 'full');
    schoolClass.parentRepresentativeIds = random.sample(candidates, 1).map((parent) => parent.id);
  }

  const adminParent = families[0]!.parents[0]!;
  const demoParent = families[1]!.parents[0]!;
  const representative = demoRepresentative({ classes, students, parents, links }, [adminParent.id, demoParent.id]);
  representative.email = DEMO_ACCOUNTS[3]!.email;
  const { committees, memberships } = generateCommittees({
    random,
    newId,
    at: GENERATED_AT,
    parents,
    staffByKey: byKey,
    firstSeats: new Map([
      ['ce', adminParent.id],
      ['directory', demoParent.id],
    ]),
  });

  return {
    settings,
    classes,
    students,
    parents,
    staff,
    committees,
    families: links,
    memberships,
    accounts: {
      admin: { personType: 'PARENT', personId: adminParent.id, email: adminParent.email! },
      parent: { personType: 'PARENT', personId: demoParent.id, email: demoParent.email! },
      staff: { personType: 'STAFF', personId: staffAccount.id, email: staffAccount.email! },
      representative: { personType: 'PARENT', personId: representative.id, email: representative.email },
    },
  };
}

/**
 * The parent behind the representative demo account: a seeded class representative who writes in French, has an
 * address of their own (not shared with a partner) and is not another demo account, from the demo parent's class
 * first (so `parent@` receives what they write), else the first class that has one. Draws nothing, so the rest
 * of the school is the same as without it; only that parent's address changes.
 */
function demoRepresentative(
  school: { classes: SchoolClass[]; students: Student[]; parents: Parent[]; links: FamilyLink[] },
  taken: readonly string[],
): Parent & { email: string } {
  const { classes, students, parents, links } = school;
  const demoParentId = taken[1];
  const childClasses = new Set(
    links
      .filter((link) => link.parentId === demoParentId)
      .map((link) => students.find((student) => student.id === link.studentId)?.classId),
  );
  const ordered = [...classes.filter((c) => childClasses.has(c.id)), ...classes.filter((c) => !childClasses.has(c.id))];
  const suitable = (parent: Parent | undefined): parent is Parent & { email: string } =>
    !!parent?.email &&
    parent.preferredLanguage === 'fr' &&
    parent.participation === 'full' &&
    !taken.includes(parent.id) &&
    parents.filter((other) => other.email === parent.email).length === 1;
  for (const schoolClass of ordered) {
    const found = schoolClass.parentRepresentativeIds
      .map((id) => parents.find((parent) => parent.id === id))
      .find(suitable);
    if (found) return found;
  }
  // A school too small for such a representative (a test's three families): a parent of the demo parent's class who
  // is no other demo account becomes its representative, their email taken over by the account below.
  for (const schoolClass of ordered) {
    const inClass = new Set(students.filter((student) => student.classId === schoolClass.id).map((student) => student.id));
    const parentIds = links.filter((link) => inClass.has(link.studentId) && !taken.includes(link.parentId)).map((link) => link.parentId);
    const parent = parents.find((candidate) => candidate.id === parentIds[0]);
    if (!parent) continue;
    schoolClass.parentRepresentativeIds = [...new Set([...schoolClass.parentRepresentativeIds, parent.id])];
    parent.email ??= `representant@${SCHOOL_DOMAIN}`;
    return parent as Parent & { email: string };
  }
  throw new Error('The demo school has no parent for the representative demo account');
}
