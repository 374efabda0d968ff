import type { z } from 'zod';
import { keys, KEY_ATTRIBUTES, type EntityType, type PersonType } from '../common/keys';
import { logger } from '../common/logger';
import { registryItem, personDisplayName } from '../registry/public';
import { CommitteeSchema, MembershipSchema, type Committee, type Membership } from '@shared/schemas/committee';
import { ParentSchema, type Parent } from '@shared/schemas/parent';
import { SchoolClassSchema, type SchoolClass } from '@shared/schemas/school-class';
import { SchoolSettingsSchema, type SchoolSettings } from '@shared/schemas/settings';
import { StaffSchema, type Staff } from '@shared/schemas/staff';
import { FamilyLinkSchema, StudentSchema, type FamilyLink, type Student } from '@shared/schemas/student';

/** Entity type -> stored shape. One table of schemas so every read and write validates the same way. */
export interface EntityMap {
  CLASS: SchoolClass;
  STUDENT: Student;
  PARENT: Parent;
  STAFF: Staff;
  COMMITTEE: Committee;
}

export const ENTITY_SCHEMAS: { [K in EntityType]: z.ZodType<EntityMap[K]> } = {
  CLASS: SchoolClassSchema,
  STUDENT: StudentSchema,
  PARENT: ParentSchema,
  STAFF: StaffSchema,
  COMMITTEE: CommitteeSchema,
};

export const isPersonType = (type: EntityType): type is PersonType => type === 'PARENT' || type === 'STAFF';

/** Everything in the DIRECTORY partition, plus the settings: what one bulk write or one full read covers. */
export interface DirectoryData {
  settings?: SchoolSettings;
  classes: SchoolClass[];
  students: Student[];
  parents: Parent[];
  staff: Staff[];
  committees: Committee[];
  families: FamilyLink[];
  memberships: Membership[];
}

export type Item = Record<string, unknown>;

export function entityItem<T extends EntityType>(type: T, entity: EntityMap[T]): Item {
  return { ...keys.entity(type, entity.id), type, ...entity };
}

export function familyItem(link: FamilyLink): Item {
  return { ...keys.family(link.parentId, link.studentId), type: 'FAMILY', ...link };
}

export function membershipItem(membership: Membership): Item {
  const { committeeId, personType, personId } = membership;
  return { ...keys.membership(committeeId, personType, personId), type: 'MEMBER', ...membership };
}

export function settingsItem(settings: SchoolSettings): Item {
  return { ...keys.settings(), type: 'SETTINGS', ...settings };
}

/** The item's own fields, without the key attributes the table needs. */
export function stripKeys(item: Item): Item {
  const fields = { ...item };
  for (const attribute of KEY_ATTRIBUTES) delete fields[attribute];
  return fields;
}

/** Parses a stored item back into its entity; undefined when the item no longer fits the schema. */
export function parseItem<T>(schema: z.ZodType<T>, item: Item): T | undefined {
  const result = schema.safeParse(stripKeys(item));
  return result.success ? result.data : undefined;
}

export const parseFamily = (item: Item) => parseItem(FamilyLinkSchema, item);
export const parseMembership = (item: Item) => parseItem(MembershipSchema, item);
export const parseSettings = (item: Item) => parseItem(SchoolSettingsSchema, item);

/**
 * Every item of a dataset, registry entries included, validated: for bulk writes (seed, import). Throws on the
 * first invalid entity, naming its type and id only (no personal data in errors).
 */
export function directoryItems(data: DirectoryData): Item[] {
  const items: Item[] = [];
  if (data.settings) items.push(settingsItem(SchoolSettingsSchema.parse(data.settings)));
  const add = <T extends EntityType>(type: T, entities: EntityMap[T][]) => {
    for (const entity of entities) {
      const parsed = ENTITY_SCHEMAS[type].safeParse(entity);
      if (!parsed.success) throw new Error(`Invalid ${type} ${entity.id}: ${parsed.error.issues[0]?.path.join('.')}`);
      items.push(entityItem(type, parsed.data));
      if (isPersonType(type)) {
        const person = parsed.data as Parent | Staff;
        if (person.email) {
          items.push(
            registryItem({ personType: type, personId: person.id, email: person.email, displayName: personDisplayName(person) }),
          );
        }
      }
    }
  };
  add('CLASS', data.classes);
  add('STUDENT', data.students);
  add('PARENT', data.parents);
  add('STAFF', data.staff);
  add('COMMITTEE', data.committees);
  for (const link of data.families) items.push(familyItem(FamilyLinkSchema.parse(link)));
  for (const membership of data.memberships) items.push(membershipItem(MembershipSchema.parse(membership)));
  return items;
}

/** The entity lists of a directory read, without the settings (they live outside the directory partition). */
export type DirectoryLists = Omit<DirectoryData, 'settings'>;

const LISTS: Record<EntityType, keyof Omit<DirectoryLists, 'families' | 'memberships'>> = {
  CLASS: 'classes',
  STUDENT: 'students',
  PARENT: 'parents',
  STAFF: 'staff',
  COMMITTEE: 'committees',
};

/**
 * Items of the directory partition back into lists. An item that no longer fits its schema is skipped and its
 * key logged (keys hold ids only), so one bad item cannot take every directory screen down.
 */
export function parseDirectoryItems(items: readonly Item[]): { lists: DirectoryLists; skipped: number } {
  const lists: DirectoryLists = { classes: [], students: [], parents: [], staff: [], committees: [], families: [], memberships: [] };
  let skipped = 0;
  for (const item of items) {
    const type = item.type as string;
    let parsed: unknown;
    if (type === 'FAMILY') parsed = parseFamily(item);
    else if (type === 'MEMBER') parsed = parseMembership(item);
    else if (type in LISTS) parsed = parseItem(ENTITY_SCHEMAS[type as EntityType] as z.ZodType<unknown>, item);
    else continue;
    if (parsed === undefined) {
      skipped++;
      logger.error('directory item does not match its schema', { sk: item.sk });
      continue;
    }
    if (type === 'FAMILY') lists.families.push(parsed as FamilyLink);
    else if (type === 'MEMBER') lists.memberships.push(parsed as Membership);
    else (lists[LISTS[type as EntityType]] as unknown[]).push(parsed);
  }
  return { lists, skipped };
}
