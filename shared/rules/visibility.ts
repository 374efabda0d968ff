import type { DirectoryParent, DirectoryStaff, DirectoryStudent } from '../contracts/directory-api';
import type { Address, LocalizedText } from '../schemas/common';
import type { InterestCode } from '../schemas/interests';

/**
 * THE visibility rule (docs/privacy.md, "Who sees what"): what one viewer may see of one parent, student or staff
 * member. Every surface that shows a person to someone other than an administrator goes through `visibleParent`,
 * `visibleStudent` or `visibleStaff`: the directory read (and so search, profiles, the printable directory, the
 * offline copy and contacts built from it) on the server, and the "see my card as others see it" preview in the
 * browser. Pure and zod-free: the first page may import it. Which field reaches whom is declared once per entity
 * in shared/schemas/entity-fields.ts, and a test holds these functions to it.
 *
 * Each contact field has an audience:
 * - `school`: every member of the directory;
 * - `classes`: the parents of students in the same classes as this parent's children, and every staff member;
 * - `admins`: administrators only (the administration screens), and the parent themselves.
 * The three participation levels are presets over these audiences; a parent may adjust field by field.
 */
export const AUDIENCES = ['school', 'classes', 'admins'] as const;

/**
 * Directory participation (docs/product-rules.md): `full`; `limited` shows basic contact only; `nameOnly` (opt-out)
 * removes phone, address, committees and interests, keeping name and email. shared/schemas/parent.ts validates it.
 */
export const PARTICIPATION_LEVELS = ['full', 'limited', 'nameOnly'] as const;
export type Participation = (typeof PARTICIPATION_LEVELS)[number];
export type Audience = (typeof AUDIENCES)[number];

/** The fields an audience applies to; `profile` is interests and skills together. Names are always shown. */
export const VISIBILITY_FIELDS = ['email', 'phone', 'address', 'profile'] as const;
export type VisibilityField = (typeof VISIBILITY_FIELDS)[number];
export type FieldAudiences = Record<VisibilityField, Audience>;

/** What each participation level shows, unchanged from before audiences existed (docs/product-rules.md). */
export const PRESET_AUDIENCES: Readonly<Record<Participation, Readonly<FieldAudiences>>> = {
  full: { email: 'school', phone: 'school', address: 'school', profile: 'school' },
  limited: { email: 'school', phone: 'school', address: 'admins', profile: 'admins' },
  nameOnly: { email: 'school', phone: 'admins', address: 'admins', profile: 'admins' },
};

/**
 * Where a parent created without a choice on file starts (import without a participation value, progression's
 * new families, an administrator's new record): what the most private preset shows, name and email, without
 * removing anything the school holds (docs/decisions/privacy-by-default-name-and-email-for-others-nothing.md, "Privacy by default").
 */
export const PRIVATE_BY_DEFAULT: Readonly<FieldAudiences> = PRESET_AUDIENCES.nameOnly;

/**
 * The privacy choice of a parent being created: the one on file when there is one, PRIVATE_BY_DEFAULT (listed with
 * basic participation, every detail but the email for administrators only) when there is none.
 */
export function initialPrivacy(participation?: Participation, audiences?: FieldAudiences): PrivacyChoice {
  if (!participation) return { participation: 'limited', audiences: { ...PRIVATE_BY_DEFAULT } };
  return { participation, ...(audiences && participation !== 'nameOnly' ? { audiences: { ...audiences } } : {}) };
}

/** Who is looking, relative to the parent shown. */
export type ViewerRelation =
  /** The parent themselves. */
  | 'self'
  /** A staff member (sees the `classes` audience of every family). */
  | 'staff'
  /** A parent with a child in one of this parent's children's classes. */
  | 'sameClass'
  /** Any other member. */
  | 'otherClass'
  /** A household an administrator's safety restriction hides this parent from: name only, as an opted-out parent. */
  | 'restricted';

/** The relations the preview shows, in its order. */
export const PREVIEW_RELATIONS = ['otherClass', 'sameClass', 'staff'] as const satisfies readonly ViewerRelation[];

/** The privacy choice as stored on a parent: a participation level and, when adjusted, per-field audiences. */
export interface PrivacyChoice {
  participation: Participation;
  audiences?: FieldAudiences;
}

/** The audiences in force. Opting out (name only) always means the preset: the details are gone anyway. */
export function audiencesOf(choice: PrivacyChoice): FieldAudiences {
  const preset = PRESET_AUDIENCES[choice.participation] ?? PRESET_AUDIENCES.nameOnly;
  if (choice.participation === 'nameOnly' || !choice.audiences) return { ...preset };
  return { ...choice.audiences };
}

/** Whether two sets of audiences give every field the same audience. */
export const sameAudiences = (a: Readonly<FieldAudiences>, b: Readonly<FieldAudiences>): boolean =>
  VISIBILITY_FIELDS.every((field) => a[field] === b[field]);

/** The preset these audiences equal, if any ('custom' otherwise). */
export function presetOf(audiences: FieldAudiences): Participation | 'custom' {
  const match = (Object.keys(PRESET_AUDIENCES) as Participation[]).find((level) => sameAudiences(PRESET_AUDIENCES[level], audiences));
  return match ?? 'custom';
}

/** Whether a viewer in `relation` is in `audience`. */
export function reaches(audience: Audience, relation: ViewerRelation): boolean {
  if (relation === 'self') return true;
  if (relation === 'restricted') return false;
  if (audience === 'school') return true;
  return audience === 'classes' && (relation === 'staff' || relation === 'sameClass');
}

/** Whether the parent's committee seats and class-representative roles are listed for this viewer. */
export function listsRoles(choice: PrivacyChoice, relation: ViewerRelation): boolean {
  return choice.participation !== 'nameOnly' && relation !== 'restricted';
}

/** The stored fields the rule reads. */
export interface ParentDetails extends PrivacyChoice {
  id: string;
  firstName: string;
  lastName: string;
  email?: string;
  phone?: string;
  address?: Address;
  interests: readonly InterestCode[];
  skills: string;
}

/**
 * The parent as this viewer may see them. Built field by field from an allow-list: a field added to the stored
 * parent later never reaches anyone by accident, and a hidden field is absent, never blank.
 */
export function visibleParent(parent: ParentDetails, relation: ViewerRelation, childIndexes: number[]): DirectoryParent {
  const audiences = audiencesOf(parent);
  const show = (field: VisibilityField) => reaches(audiences[field], relation);
  const { address } = parent;
  return {
    id: parent.id,
    firstName: parent.firstName,
    lastName: parent.lastName,
    ...(show('email') && parent.email ? { email: parent.email } : {}),
    ...(show('phone') && parent.phone ? { phone: parent.phone } : {}),
    ...(show('address') && address
      ? { address: { street: address.street, city: address.city, postalCode: address.postalCode } }
      : {}),
    ...(show('profile') && parent.interests.length > 0 ? { interests: [...parent.interests] } : {}),
    ...(show('profile') && parent.skills !== '' ? { skills: parent.skills } : {}),
    childIndexes,
  };
}

/**
 * The viewer's relation to a parent. `viewerParentIds` are the viewer's own parent records (an email may hold
 * two), `sharesClass` says whether one of the viewer's children is in one of the parent's children's classes,
 * `hiddenFrom` lists the parent records a safety restriction hides this parent from.
 */
export function relationTo(
  parentId: string,
  viewer: { parentIds: ReadonlySet<string>; staff: boolean },
  sharesClass: boolean,
  hiddenFrom: readonly string[] = [],
): ViewerRelation {
  if (viewer.parentIds.has(parentId)) return 'self';
  if (hiddenFrom.some((id) => viewer.parentIds.has(id))) return 'restricted';
  if (viewer.staff) return 'staff';
  return sharesClass ? 'sameClass' : 'otherClass';
}

/** The stored fields of a staff member that the staff rule reads (shared/schemas/staff.ts). */
export interface StaffContactDetails {
  email?: string;
  phone?: string;
  extension?: string;
  /** Absent: shown (the school's staff directory always listed the work email). */
  showEmail?: boolean;
}

/** The stored fields of a student that the student rule reads (shared/schemas/student.ts). */
export interface StudentDetails {
  firstName: string;
  lastName: string;
  level: string;
  staffNote?: string;
}

/**
 * A student as this viewer may see them: name, level and class for every member; the staff note for staff only
 * (administrators read it on the administration screens), never for a parent (a parent who also works at the
 * school reads as staff). Built from an allow-list like visibleParent. `classIndex` is the class's position, if any.
 */
export function visibleStudent(
  student: StudentDetails,
  viewer: { staff: boolean },
  classIndex: number | undefined,
): DirectoryStudent {
  return {
    firstName: student.firstName,
    lastName: student.lastName,
    level: student.level,
    ...(classIndex !== undefined ? { classIndex } : {}),
    ...(viewer.staff && student.staffNote ? { staffNote: student.staffNote } : {}),
  };
}

/** The stored fields of a staff member that the staff rule reads (shared/schemas/staff.ts). */
export interface StaffDetails extends StaffContactDetails {
  id: string;
  firstName: string;
  lastName: string;
  title: LocalizedText;
  department: DirectoryStaff['department'];
  interests: readonly InterestCode[];
}

/**
 * A staff member as any directory reader sees them (the same for every viewer): names, title, department,
 * interests and the contact fields of visibleStaffContact; `placement` is what the directory computes (homeroom
 * classes, CE role and rank).
 */
export function visibleStaff(
  member: StaffDetails,
  placement: Pick<DirectoryStaff, 'classIndexes' | 'ceRole' | 'ceRank'>,
): DirectoryStaff {
  return {
    id: member.id,
    firstName: member.firstName,
    lastName: member.lastName,
    ...visibleStaffContact(member),
    title: { fr: member.title.fr, en: member.title.en },
    department: member.department,
    ...(member.interests.length > 0 ? { interests: [...member.interests] } : {}),
    classIndexes: placement.classIndexes,
    ...(placement.ceRole ? { ceRole: placement.ceRole, ceRank: placement.ceRank } : {}),
  };
}

/**
 * The contact fields of a staff member any directory reader may see (docs/annual-update.md, "Staff"): the work
 * phone, the extension, and the email unless the staff member chose to hide it through their update link. The
 * extension stays without a phone of their own: it is on the school's line (« Poste 1234 »), and it is the one
 * contact a staff member sets through their link. Every directory answer goes through this, and so does every
 * surface that shows a staff member's contact (the staff page, the printable directory, vCards, which can only
 * carry it on a number); a hidden email is absent, never blank, for every viewer.
 */
export function visibleStaffContact(staff: StaffContactDetails): { email?: string; phone?: string; extension?: string } {
  return {
    ...(staff.email && staff.showEmail !== false ? { email: staff.email } : {}),
    ...(staff.phone ? { phone: staff.phone } : {}),
    ...(staff.extension ? { extension: staff.extension } : {}),
  };
}
