import type { ImportEntity } from '../../../shared/import-columns';
import type { RelatedCounts, RowCounts } from '../../../shared/import-api';
import type { Membership } from '../../../shared/schemas/committee';
import type { SchoolSettings } from '../../../shared/schemas/settings';
import { tableName } from '../../common/dynamo';
import { keys, type EntityType, type PersonType } from '../../common/keys';
import {
  ENTITY_SCHEMAS,
  entityItem,
  familyItem,
  membershipItem,
  settingsItem,
  type DirectoryData,
  type EntityMap,
} from '../../directory/directory-items';
import { conditionalPutItem, type TransactItem } from '../../common/transact';
import { personDisplayName, registryPut, registryTransactItems } from '../../registry/registry-repository';
import type { IssueCollector } from './issues';
import type { ImportTargets, Target } from './resolve';
import { sameRecord } from './same-record';

/**
 * What applying the files writes, as units that must each land whole (a person with their registry entry, a
 * student with their family links), in phases so that nothing refers to a record not written yet: settings,
 * then people and committees, then classes and students, then memberships. Each unit is one TransactWrite (or
 * part of one), so a crash leaves whole units behind and the next run's plan is simply smaller.
 */
export interface WriteUnit {
  phase: 0 | 1 | 2 | 3;
  items: TransactItem[];
}

export interface ImportPlan {
  units: WriteUnit[];
  counts: Partial<Record<ImportEntity, RowCounts>>;
  related: RelatedCounts;
  writes: number;
}

/** Registry entries that exist now, `pk|sk` -> displayName (read for the people of the files). */
export type RegistrySnapshot = ReadonlyMap<string, string>;

const itemKey = (key: { pk: string; sk: string }) => `${key.pk}|${key.sk}`;
const put = (item: Record<string, unknown>): TransactItem => ({ Put: { TableName: tableName(), Item: item } });
const del = (key: { pk: string; sk: string }): TransactItem => ({
  Delete: { TableName: tableName(), Key: { pk: key.pk, sk: key.sk } },
});
const zero = (): RowCounts => ({ create: 0, update: 0, unchanged: 0 });

// Not yet split into steps (a known debt, listed in docs/architecture.md): the rule holds everywhere else.
// eslint-disable-next-line max-lines-per-function
export function buildPlan(input: {
  targets: ImportTargets;
  data: DirectoryData;
  registry: RegistrySnapshot;
  /** Settings to create first when the table has none (and no school file is given). */
  newSettings?: SchoolSettings;
  /** The settings of the school file, and those stored now (absent when the table has none). */
  school?: { settings: SchoolSettings; existing?: SchoolSettings };
  entities: ReadonlySet<ImportEntity>;
  now: string;
  issues: IssueCollector;
}): ImportPlan {
  const { targets, data, registry, now, issues } = input;
  const units: WriteUnit[] = [];
  const counts: Partial<Record<ImportEntity, RowCounts>> = {};
  for (const entity of input.entities) counts[entity] = zero();
  const related: RelatedCounts = {
    familyLinksAdded: 0,
    familyLinksRemoved: 0,
    membershipsAdded: 0,
    membershipsChanged: 0,
    membershipsRemoved: 0,
    registryAdded: 0,
    registryRemoved: 0,
  };
  if (input.newSettings) units.push({ phase: 0, items: [conditionalPutItem(settingsItem(input.newSettings), 'create')] });
  if (input.school) {
    const { settings, existing } = input.school;
    const count = counts.school ?? zero();
    counts.school = count;
    if (!existing) {
      units.push({ phase: 0, items: [conditionalPutItem(settingsItem({ ...settings, version: 1, updatedAt: now }), 'create')] });
      count.create++;
    } else if (sameRecord(existing, settings)) {
      count.unchanged++;
    } else {
      const next = { ...settings, version: existing.version + 1, updatedAt: now };
      units.push({ phase: 0, items: [conditionalPutItem(settingsItem(next), { expectedVersion: existing.version })] });
      count.update++;
    }
  }

  /** The Put of a changed record (conditional on the version read), or undefined when nothing changed. */
  function entityPut<T extends EntityType>(type: T, target: Target<EntityMap[T]>): { item: TransactItem; stored: EntityMap[T] } | undefined {
    const { existing } = target;
    if (existing && sameRecord(existing, target.entity)) return undefined;
    const next = existing
      ? { ...target.entity, version: existing.version + 1, createdAt: existing.createdAt, updatedAt: now }
      : target.entity;
    const parsed = ENTITY_SCHEMAS[type].safeParse(next);
    if (!parsed.success) {
      // Rows were checked cell by cell; a record the schema still refuses is reported on its row, not written.
      issues.cell(target.source, String(parsed.error.issues[0]?.path[0] ?? ''), 'INVALID_VALUE', {
        value: String(parsed.error.issues[0]?.message ?? ''),
      });
      return undefined;
    }
    const condition = existing ? { expectedVersion: existing.version } : ('create' as const);
    return { item: conditionalPutItem(entityItem(type, parsed.data), condition), stored: parsed.data };
  }
  const tally = (entity: ImportEntity, target: Target<unknown>, changed: boolean) => {
    const count = counts[entity]!;
    if (!target.existing) count.create++;
    else if (changed) count.update++;
    else count.unchanged++;
  };

  // Phase 1: people (with their registry entries) and committees.
  const removedMemberships = new Set<string>();
  const people = [
    ...targets.staff.map((target) => ({ type: 'STAFF' as PersonType, entity: 'staff' as const, target })),
    ...targets.parents.map((target) => ({ type: 'PARENT' as PersonType, entity: 'parents' as const, target })),
  ];
  for (const { type, entity, target } of people) {
    const write = entityPut(type, target as Target<EntityMap[PersonType]>);
    tally(entity, target, write !== undefined);
    const after = write?.stored ?? target.entity;
    const items: TransactItem[] = [];
    if (write) {
      const registryItems = registryTransactItems(type, after.id, target.existing, after);
      items.push(write.item, ...registryItems);
      related.registryRemoved += registryItems.filter((item) => item.Delete).length;
      if (after.email && after.email !== target.existing?.email) related.registryAdded++;
    }
    const hasPut = items.some((item) => item.Put?.Item?.type === 'REGISTRY');
    if (after.email && !hasPut) {
      // Repair: the person is unchanged but their registry entry is missing or names them differently.
      const key = keys.registry(after.email, type, after.id);
      const displayName = registry.get(itemKey(key));
      if (displayName !== personDisplayName(after)) {
        items.push(registryPut(type, after.id, after));
        if (displayName === undefined) related.registryAdded++;
      }
    }
    if (type === 'PARENT' && (after as EntityMap['PARENT']).participation === 'nameOnly') {
      // A parent who opts out keeps no seat on a committee (spec §4): removed with the record.
      for (const m of data.memberships) {
        if (m.personType !== 'PARENT' || m.personId !== after.id) continue;
        const key = keys.membership(m.committeeId, m.personType, m.personId);
        items.push(del(key));
        removedMemberships.add(itemKey(key));
        related.membershipsRemoved++;
      }
    }
    if (items.length > 0) units.push({ phase: 1, items });
  }
  const committeeTargets = new Map(targets.committees.map((target) => [target.entity.id, target]));
  for (const target of targets.committees) {
    const write = entityPut('COMMITTEE', target);
    tally('committees', target, write !== undefined);
    if (write) units.push({ phase: 1, items: [write.item] });
  }
  // Committees named only by the memberships file: their members without a record live on the committee.
  for (const [committeeId, group] of targets.committeeMembers) {
    if (committeeTargets.has(committeeId)) continue;
    const existing = data.committees.find((c) => c.id === committeeId);
    if (!existing) continue;
    const write = entityPut('COMMITTEE', { entity: { ...existing, otherMembers: group.others }, existing, source: group.rows[0]!.source });
    if (write) units.push({ phase: 1, items: [write.item] });
  }

  // Phase 2: classes, then students with their family links (the file is the truth for a listed student).
  for (const target of targets.classes) {
    const write = entityPut('CLASS', target);
    tally('classes', target, write !== undefined);
    if (write) units.push({ phase: 2, items: [write.item] });
  }
  const linksNow = new Map<string, Set<string>>();
  for (const link of data.families) {
    const set = linksNow.get(link.studentId) ?? new Set<string>();
    set.add(link.parentId);
    linksNow.set(link.studentId, set);
  }
  for (const target of targets.students) {
    const studentId = target.entity.id;
    const write = entityPut('STUDENT', target);
    const wanted = targets.studentParents.get(studentId) ?? [];
    const current = target.existing ? (linksNow.get(studentId) ?? new Set<string>()) : new Set<string>();
    const items: TransactItem[] = write ? [write.item] : [];
    for (const parentId of wanted) {
      if (current.has(parentId)) continue;
      items.push(put(familyItem({ parentId, studentId })));
      related.familyLinksAdded++;
    }
    for (const parentId of current) {
      if (wanted.includes(parentId)) continue;
      items.push(del(keys.family(parentId, studentId)));
      related.familyLinksRemoved++;
    }
    tally('students', target, items.length > 0);
    if (items.length > 0) units.push({ phase: 2, items });
  }

  // Phase 3: memberships of the committees the memberships file names.
  const memberCounts = counts.memberships;
  for (const [committeeId, group] of targets.committeeMembers) {
    const existingMembers = new Map<string, Membership>();
    for (const m of data.memberships) {
      if (m.committeeId === committeeId) existingMembers.set(itemKey(keys.membership(committeeId, m.personType, m.personId)), m);
    }
    const existingOthers = (committeeTargets.get(committeeId)?.existing ?? data.committees.find((c) => c.id === committeeId))
      ?.otherMembers ?? [];
    const wanted = new Set<string>();
    for (const row of group.rows) {
      if (row.other) {
        const same = existingOthers.find((o) => o.firstName === row.other!.firstName && o.lastName === row.other!.lastName);
        if (memberCounts) {
          if (!same) memberCounts.create++;
          else if (same.role !== row.other.role || same.affiliation !== row.other.affiliation) memberCounts.update++;
          else memberCounts.unchanged++;
        }
        continue;
      }
      const m = row.membership!;
      const key = itemKey(keys.membership(committeeId, m.personType, m.personId));
      wanted.add(key);
      const before = existingMembers.get(key);
      if (before && before.role === m.role) {
        if (memberCounts) memberCounts.unchanged++;
        continue;
      }
      units.push({ phase: 3, items: [put(membershipItem(m))] });
      if (before) related.membershipsChanged++;
      else related.membershipsAdded++;
      if (memberCounts) memberCounts[before ? 'update' : 'create']++;
    }
    for (const [key, m] of existingMembers) {
      if (wanted.has(key) || removedMemberships.has(key)) continue;
      units.push({ phase: 3, items: [del(keys.membership(committeeId, m.personType, m.personId))] });
      related.membershipsRemoved++;
    }
  }

  return { units, counts, related, writes: units.reduce((sum, unit) => sum + unit.items.length, 0) };
}
