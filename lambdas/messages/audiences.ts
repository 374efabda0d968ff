import type { AudienceOption, Audience, MessageCategory, MessageSettings, WithheldRight } from '@shared/contracts/messages-api';
import { personKey } from '@shared/contracts/messages-api';
import type { DirectoryData } from '../directory/public';
import type { RegisteredPerson } from '../common/claims';

/**
 * Who may write to whom (docs/messages.md, "Who may write"), decided from the directory on every request:
 * administrators: the school, a level, a class, a committee, the staff; a class's parent representatives and (when
 * the settings allow) its homeroom teacher: the class's parents; a committee's chair or co-chairs: its members.
 * An author whose right an administrator withdrew may write to nothing but as an administrator.
 */

type Directory = Pick<DirectoryData, 'settings' | 'classes' | 'students' | 'parents' | 'staff' | 'committees' | 'families' | 'memberships'>;

/** The committee roles that may write to their committee's members. */
const COMMITTEE_WRITERS = new Set(['chair', 'coChair']);

const ADMIN_ROLE = { fr: 'Administration du bottin', en: 'Directory administration' };
const REPRESENTATIVE_ROLE = { fr: 'Parent représentant(e) de la classe', en: 'Class parent representative' };
const TEACHER_ROLE = { fr: 'Enseignant(e) de la classe', en: 'Class teacher' };

export const audienceKey = (audience: Audience): string => {
  switch (audience.type) {
    case 'level':
      return `level:${audience.level}`;
    case 'class':
      return `class:${audience.classId}`;
    case 'committee':
      return `committee:${audience.committeeId}`;
    default:
      return audience.type;
  }
};

type Offer = Omit<AudienceOption, 'recipients'>;

function option(audience: Audience, label: AudienceOption['label'], role: AudienceOption['role'], category: MessageCategory, needsApproval = false): Offer {
  return { audience, label, role, category, needsApproval };
}

// The class's name already says what it is ("Classe A", "501"): "Parents de la classe Classe A" read twice.
const classLabel = (name: string) => ({ fr: `Parents · ${name}`, en: `Parents · ${name}` });

function adminOptions(directory: Directory): Offer[] {
  const levels = directory.settings?.levels ?? [];
  return [
    option({ type: 'school' }, { fr: "Toute l'école (parents)", en: 'The whole school (parents)' }, ADMIN_ROLE, 'school'),
    option({ type: 'staff' }, { fr: 'Le personnel', en: 'The staff' }, ADMIN_ROLE, 'school'),
    ...levels.map((level) =>
      option({ type: 'level', level: level.code }, { fr: `Parents de ${level.label.fr}`, en: `Parents of ${level.label.en}` }, ADMIN_ROLE, 'school'),
    ),
    ...directory.classes.map((c) => option({ type: 'class', classId: c.id }, classLabel(c.name), ADMIN_ROLE, 'school')),
    ...directory.committees.map((k) =>
      option({ type: 'committee', committeeId: k.id }, { fr: `Membres : ${k.name.fr}`, en: `Members: ${k.name.en}` }, ADMIN_ROLE, 'school'),
    ),
  ];
}

/** The records' ids by kind: who represents or teaches a class, who chairs a committee. */
function idsOf(people: readonly RegisteredPerson[]) {
  return {
    parentIds: new Set(people.filter((p) => p.personType === 'PARENT').map((p) => p.personId)),
    staffIds: new Set(people.filter((p) => p.personType === 'STAFF').map((p) => p.personId)),
  };
}

type Ids = ReturnType<typeof idsOf>;
const represents = (c: Directory['classes'][number], { parentIds }: Ids) => c.parentRepresentativeIds.some((id) => parentIds.has(id));
const teaches = (c: Directory['classes'][number], { staffIds }: Ids) => c.teacherId !== undefined && staffIds.has(c.teacherId);
const chairSeat = (directory: Directory, committeeId: string, { parentIds, staffIds }: Ids) =>
  directory.memberships.find(
    (m) => m.committeeId === committeeId && COMMITTEE_WRITERS.has(m.role) && (m.personType === 'PARENT' ? parentIds : staffIds).has(m.personId),
  );

function memberOptions(people: readonly RegisteredPerson[], directory: Directory, settings: MessageSettings): Offer[] {
  const ids = idsOf(people.filter((p) => !settings.withdrawn.includes(personKey(p.personType, p.personId))));
  const options: Offer[] = [];
  for (const c of directory.classes) {
    const audience: Audience = { type: 'class', classId: c.id };
    if (settings.classRepresentatives && represents(c, ids)) {
      options.push(option(audience, classLabel(c.name), REPRESENTATIVE_ROLE, 'class', settings.approveRepresentatives));
    } else if (settings.teachers && teaches(c, ids)) {
      options.push(option(audience, classLabel(c.name), TEACHER_ROLE, 'class'));
    }
  }
  if (settings.committeeChairs) {
    for (const k of directory.committees) {
      const seat = chairSeat(directory, k.id, ids);
      if (!seat) continue;
      const role = seat.role === 'chair' ? { fr: `Présidence, ${k.name.fr}`, en: `Chair, ${k.name.en}` } : { fr: `Coprésidence, ${k.name.fr}`, en: `Co-chair, ${k.name.en}` };
      options.push(option({ type: 'committee', committeeId: k.id }, { fr: `Membres : ${k.name.fr}`, en: `Members: ${k.name.en}` }, role, 'committee'));
    }
  }
  return options;
}

/** The person keys of an author's records (a message never goes to its own author). */
export const authorKeys = (people: readonly RegisteredPerson[]) => new Set(people.map((p) => personKey(p.personType, p.personId)));

/**
 * Every audience this caller may write to now, each once (an administrator's option wins), with the number of people
 * it reaches (the confirmation before sending says it).
 */
export function audienceOptions(
  people: readonly RegisteredPerson[],
  isAdmin: boolean,
  directory: Directory,
  settings: MessageSettings,
): AudienceOption[] {
  const all = [...(isAdmin ? adminOptions(directory) : []), ...memberOptions(people, directory, settings)];
  const seen = new Set<string>();
  const mine = authorKeys(people);
  const english = englishReaders(directory);
  return all
    .filter((o) => {
      const key = audienceKey(o.audience);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((o) => {
      const recipients = recipientsOf(o.audience, directory, mine);
      return { ...o, recipients: recipients.length, readers: readersOf(recipients, english) };
    });
}

/** The people who read English (their record's preferred language; staff without one read French), read once. */
function englishReaders(directory: Directory): ReadonlySet<string> {
  return new Set([
    ...directory.parents.filter((p) => p.preferredLanguage === 'en').map((p) => personKey('PARENT', p.id)),
    ...directory.staff.filter((s) => s.preferredLanguage === 'en').map((s) => personKey('STAFF', s.id)),
  ]);
}

/** How many of the recipients read each language: a message written in one is sent in it to all (the form says so). */
function readersOf(recipients: readonly Recipient[], english: ReadonlySet<string>): { fr: number; en: number } {
  const en = recipients.filter((r) => english.has(r.key)).length;
  return { fr: recipients.length - en, en };
}

/**
 * Why a member with a role offers nothing to write to (the Messages page says it rather than "no class"): the kinds
 * of author the settings turn off that the caller is, and `withdrawn` when an administrator withdrew one of the
 * caller's records' right.
 */
export function withheldRights(people: readonly RegisteredPerson[], directory: Directory, settings: MessageSettings): WithheldRight[] {
  const withdrawn = people.some((p) => settings.withdrawn.includes(personKey(p.personType, p.personId)));
  const ids = idsOf(people.filter((p) => !settings.withdrawn.includes(personKey(p.personType, p.personId))));
  const held: WithheldRight[] = [];
  if (!settings.classRepresentatives && directory.classes.some((c) => represents(c, ids))) held.push('classRepresentatives');
  if (!settings.teachers && directory.classes.some((c) => teaches(c, ids))) held.push('teachers');
  if (!settings.committeeChairs && directory.committees.some((k) => chairSeat(directory, k.id, ids))) held.push('committeeChairs');
  if (withdrawn) held.push('withdrawn');
  return held;
}

export interface Recipient {
  key: string;
  personType: 'PARENT' | 'STAFF';
  personId: string;
}

function parentsOfStudents(directory: Directory, keep: (studentId: string) => boolean): Recipient[] {
  const ids = new Set(directory.families.filter((f) => keep(f.studentId)).map((f) => f.parentId));
  return directory.parents.filter((p) => ids.has(p.id)).map((p) => ({ key: personKey('PARENT', p.id), personType: 'PARENT', personId: p.id }));
}

/** The people an audience reaches (whatever their email choices: everyone reads it in the app), author excluded. */
export function recipientsOf(audience: Audience, directory: Directory, authorKeys: ReadonlySet<string>): Recipient[] {
  const studentsWhere = (test: (s: Directory['students'][number]) => boolean) => {
    const ids = new Set(directory.students.filter(test).map((s) => s.id));
    return parentsOfStudents(directory, (id) => ids.has(id));
  };
  let list: Recipient[];
  switch (audience.type) {
    case 'school':
      list = directory.parents.map((p) => ({ key: personKey('PARENT', p.id), personType: 'PARENT' as const, personId: p.id }));
      break;
    case 'staff':
      list = directory.staff.map((s) => ({ key: personKey('STAFF', s.id), personType: 'STAFF' as const, personId: s.id }));
      break;
    case 'level':
      list = studentsWhere((s) => s.level === audience.level);
      break;
    case 'class':
      list = studentsWhere((s) => s.classId === audience.classId);
      break;
    case 'committee':
      list = directory.memberships
        .filter((m) => m.committeeId === audience.committeeId)
        .map((m) => ({ key: personKey(m.personType, m.personId), personType: m.personType, personId: m.personId }));
      break;
  }
  const unique = new Map(list.map((r) => [r.key, r]));
  for (const key of authorKeys) unique.delete(key);
  return [...unique.values()];
}
