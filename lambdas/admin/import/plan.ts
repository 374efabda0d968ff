import type { ImportEntity } from '@shared/rules/import-columns';
import type { RelatedCounts, RowCounts } from '@shared/contracts/import-api';
import type { Membership, OtherMember } from '@shared/schemas/committee';
import type { SchoolSettings } from '@shared/schemas/settings';
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
} from '../../directory/public';
import { conditionalPutItem, type TransactItem } from '../../common/transact';
import { personDisplayName, registryPut, registryTransactItems } from '../../registry/public';
import type { IssueCollector } from './issues';
import type { ImportTargets, Target } from './resolve';
import { sameRecord } from './same-record';
import { changedFields } from '../edit/edit-support';
import { consentEntry, consentPuts } from '../../directory/public';
import type { Parent } from '@shared/schemas/parent';

/**
 * What applying the files writes, as units that must each land whole (a person with their registry entry, a
 * student with their family links), in phases so that nothing refers to a record not written yet: settings,
 * then people and committees, then classes and students, then memberships. Each unit is one TransactWrite (or
 * part of one), so a crash leaves whole units behind and the next run's plan is simply smaller.
 */
export interface WriteUnit {
  phase: 0 | 1 | 2 | 3;
  items: TransactItem[];
  /**
   * The audit entry of the record this unit changes, written in the same transaction (who and when are known only
   * then: lambdas/admin/import/apply.ts). A parent's change is thus in their activity (docs/privacy.md), and a unit
   * already written is not planned again, so a resumed import never files it twice.
   */
  audit?: PlannedAudit;
}

export interface PlannedAudit {
  action: string;
  target: { type: string; id: string };
  /** Names of the fields changed (never values); absent for a record created. */
  fields?: string[];
}

/** Items a unit writes, its audit entry included. */
export const unitSize = (unit: WriteUnit): number => unit.items.length + (unit.audit ? 1 : 0);

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

export interface PlanInput {
  targets: ImportTargets;
  data: DirectoryData;
  registry: RegistrySnapshot;
  /** Settings to create first when the table has none (and no school file is given). */
  newSettings?: SchoolSettings;
  /** The settings of the school file, and those stored now (absent when the table has none). */
  school?: { settings: SchoolSettings; existing?: SchoolSettings };
  entities: ReadonlySet<ImportEntity>;
  now: string;
  /** The privacy notice's version, for the consent log of parents whose choice the files change. */
  noticeVersion: string;
  issues: IssueCollector;
}

export function buildPlan(input: PlanInput): ImportPlan {
  const plan = new PlanBuilder(input);
  plan.settings();
  plan.people();
  plan.committees();
  plan.classes();
  plan.students();
  plan.memberships();
  return plan.result();
}

/** Builds the plan phase by phase; each method is one step of buildPlan. */
class PlanBuilder {
  private readonly units: WriteUnit[] = [];
  private readonly counts: Partial<Record<ImportEntity, RowCounts>> = {};
  private readonly related: RelatedCounts = {
    familyLinksAdded: 0,
    familyLinksRemoved: 0,
    membershipsAdded: 0,
    membershipsChanged: 0,
    membershipsRemoved: 0,
    registryAdded: 0,
    registryRemoved: 0,
  };
  /** Memberships the people step already deletes (a parent who opts out). */
  private readonly removedMemberships = new Set<string>();
  private readonly committeeTargets: Map<string, Target<EntityMap['COMMITTEE']>>;

  constructor(private readonly input: PlanInput) {
    for (const entity of input.entities) this.counts[entity] = zero();
    this.committeeTargets = new Map(input.targets.committees.map((target) => [target.entity.id, target]));
  }

  result(): ImportPlan {
    const { units, counts, related } = this;
    return { units, counts, related, writes: units.reduce((sum, unit) => sum + unitSize(unit), 0) };
  }

  /** Phase 0: the settings to create, or the school file's changes. */
  settings(): void {
    const { newSettings, school, now } = this.input;
    if (newSettings) this.units.push({ phase: 0, items: [conditionalPutItem(settingsItem(newSettings), 'create')] });
    if (!school) return;
    const { settings, existing } = school;
    const count = this.counts.school ?? zero();
    this.counts.school = count;
    if (!existing) {
      this.units.push({ phase: 0, items: [conditionalPutItem(settingsItem({ ...settings, version: 1, updatedAt: now }), 'create')] });
      count.create++;
    } else if (sameRecord(existing, settings)) {
      count.unchanged++;
    } else {
      const next = { ...settings, version: existing.version + 1, updatedAt: now };
      this.units.push({ phase: 0, items: [conditionalPutItem(settingsItem(next), { expectedVersion: existing.version })] });
      count.update++;
    }
  }

  /** The Put of a changed record (conditional on the version read), or undefined when nothing changed. */
  private entityPut<T extends EntityType>(type: T, target: Target<EntityMap[T]>): { item: TransactItem; stored: EntityMap[T] } | undefined {
    const { existing } = target;
    if (existing && sameRecord(existing, target.entity)) return undefined;
    const next = existing
      ? { ...target.entity, version: existing.version + 1, createdAt: existing.createdAt, updatedAt: this.input.now }
      : target.entity;
    const parsed = ENTITY_SCHEMAS[type].safeParse(next);
    if (!parsed.success) {
      // Rows were checked cell by cell; a record the schema still refuses is reported on its row, not written.
      this.input.issues.cell(target.source, String(parsed.error.issues[0]?.path[0] ?? ''), 'INVALID_VALUE', {
        value: String(parsed.error.issues[0]?.message ?? ''),
      });
      return undefined;
    }
    const condition = existing ? { expectedVersion: existing.version } : ('create' as const);
    return { item: conditionalPutItem(entityItem(type, parsed.data), condition), stored: parsed.data };
  }

  private tally(entity: ImportEntity, target: Target<unknown>, changed: boolean): void {
    const count = this.counts[entity]!;
    if (!target.existing) count.create++;
    else if (changed) count.update++;
    else count.unchanged++;
  }

  /** Phase 1: people, each with their registry entries (and a parent who opts out loses their seats). */
  people(): void {
    const { targets } = this.input;
    const people = [
      ...targets.staff.map((target) => ({ type: 'STAFF' as PersonType, entity: 'staff' as const, target })),
      ...targets.parents.map((target) => ({ type: 'PARENT' as PersonType, entity: 'parents' as const, target })),
    ];
    for (const { type, entity, target } of people) {
      const write = this.entityPut(type, target as Target<EntityMap[PersonType]>);
      this.tally(entity, target, write !== undefined);
      const after = write?.stored ?? target.entity;
      const items: TransactItem[] = [];
      if (write) {
        const registryItems = registryTransactItems(type, after.id, target.existing, after);
        items.push(write.item, ...registryItems);
        if (type === 'PARENT') items.push(...this.consentOf(target.existing as Parent | undefined, after as Parent));
        this.related.registryRemoved += registryItems.filter((item) => item.Delete).length;
        if (after.email && after.email !== target.existing?.email) this.related.registryAdded++;
      }
      items.push(...this.registryRepair(type, after, items));
      if (type === 'PARENT' && (after as EntityMap['PARENT']).participation === 'nameOnly') {
        items.push(...this.seatsOfOptedOut(after.id));
      }
      const audit = write && type === 'PARENT' ? this.parentAudit(target.existing as Parent | undefined, after as Parent) : undefined;
      if (items.length > 0) this.units.push({ phase: 1, items, ...(audit ? { audit } : {}) });
    }
  }

  /** A parent created or changed by the files, audited per record with the names of the fields changed. */
  private parentAudit(before: Parent | undefined, after: Parent): PlannedAudit {
    const target = { type: 'PARENT', id: after.id };
    return before ? { action: 'parent.importUpdate', target, fields: changedFields(before, after) } : { action: 'parent.importCreate', target };
  }

  /** The consent log's entry when the files set or change a parent's privacy choice (docs/privacy.md). */
  private consentOf(before: Parent | undefined, after: Parent): TransactItem[] {
    const { now, noticeVersion } = this.input;
    const source = { by: 'import', channel: 'importFile', at: now, noticeVersion, language: after.preferredLanguage } as const;
    return consentPuts(consentEntry(after.id, before, after, source));
  }

  /** The person is unchanged but their registry entry is missing or names them differently: put it back. */
  private registryRepair(type: PersonType, after: EntityMap[PersonType], items: TransactItem[]): TransactItem[] {
    const hasPut = items.some((item) => item.Put?.Item?.type === 'REGISTRY');
    if (!after.email || hasPut) return [];
    const displayName = this.input.registry.get(itemKey(keys.registry(after.email, type, after.id)));
    if (displayName === personDisplayName(after)) return [];
    if (displayName === undefined) this.related.registryAdded++;
    return [registryPut(type, after.id, after)];
  }

  /** A parent who opts out keeps no seat on a committee (docs/product-rules.md): removed with the record. */
  private seatsOfOptedOut(parentId: string): TransactItem[] {
    const items: TransactItem[] = [];
    for (const m of this.input.data.memberships) {
      if (m.personType !== 'PARENT' || m.personId !== parentId) continue;
      const key = keys.membership(m.committeeId, m.personType, m.personId);
      items.push(del(key));
      this.removedMemberships.add(itemKey(key));
      this.related.membershipsRemoved++;
    }
    return items;
  }

  /** Phase 1: committees, and those named only by the memberships file (their members without a record). */
  committees(): void {
    const { targets, data } = this.input;
    for (const target of targets.committees) {
      const write = this.entityPut('COMMITTEE', target);
      this.tally('committees', target, write !== undefined);
      if (write) this.units.push({ phase: 1, items: [write.item] });
    }
    for (const [committeeId, group] of targets.committeeMembers) {
      if (this.committeeTargets.has(committeeId)) continue;
      const existing = data.committees.find((c) => c.id === committeeId);
      if (!existing) continue;
      const write = this.entityPut('COMMITTEE', { entity: { ...existing, otherMembers: group.others }, existing, source: group.rows[0]!.source });
      if (write) this.units.push({ phase: 1, items: [write.item] });
    }
  }

  /** Phase 2: classes. */
  classes(): void {
    for (const target of this.input.targets.classes) {
      const write = this.entityPut('CLASS', target);
      this.tally('classes', target, write !== undefined);
      if (write) this.units.push({ phase: 2, items: [write.item] });
    }
  }

  /** Phase 2: students with their family links (the file is the truth for a listed student). */
  students(): void {
    const { targets, data } = this.input;
    const linksNow = new Map<string, Set<string>>();
    for (const link of data.families) {
      const set = linksNow.get(link.studentId) ?? new Set<string>();
      set.add(link.parentId);
      linksNow.set(link.studentId, set);
    }
    for (const target of targets.students) {
      const studentId = target.entity.id;
      const write = this.entityPut('STUDENT', target);
      const wanted = targets.studentParents.get(studentId) ?? [];
      const current = target.existing ? (linksNow.get(studentId) ?? new Set<string>()) : new Set<string>();
      const items: TransactItem[] = write ? [write.item] : [];
      for (const parentId of wanted) {
        if (current.has(parentId)) continue;
        items.push(put(familyItem({ parentId, studentId })));
        this.related.familyLinksAdded++;
      }
      for (const parentId of current) {
        if (wanted.includes(parentId)) continue;
        items.push(del(keys.family(parentId, studentId)));
        this.related.familyLinksRemoved++;
      }
      this.tally('students', target, items.length > 0);
      if (items.length > 0) this.units.push({ phase: 2, items });
    }
  }

  /** Phase 3: memberships of the committees the memberships file names. */
  memberships(): void {
    const { targets, data } = this.input;
    for (const [committeeId, group] of targets.committeeMembers) {
      const existingMembers = new Map<string, Membership>();
      for (const m of data.memberships) {
        if (m.committeeId === committeeId) existingMembers.set(itemKey(keys.membership(committeeId, m.personType, m.personId)), m);
      }
      const existingOthers =
        (this.committeeTargets.get(committeeId)?.existing ?? data.committees.find((c) => c.id === committeeId))?.otherMembers ?? [];
      const wanted = new Set<string>();
      for (const row of group.rows) {
        if (row.other) this.countOther(existingOthers, row.other);
        else wanted.add(this.membershipRow(committeeId, row.membership!, existingMembers));
      }
      for (const [key, m] of existingMembers) {
        if (wanted.has(key) || this.removedMemberships.has(key)) continue;
        this.units.push({ phase: 3, items: [del(keys.membership(committeeId, m.personType, m.personId))] });
        this.related.membershipsRemoved++;
      }
    }
  }

  /** A member without a record lives on the committee (written with it): only counted here. */
  private countOther(existingOthers: readonly OtherMember[], other: OtherMember): void {
    const memberCounts = this.counts.memberships;
    if (!memberCounts) return;
    const same = existingOthers.find((o) => o.firstName === other.firstName && o.lastName === other.lastName);
    if (!same) memberCounts.create++;
    else if (same.role !== other.role || same.affiliation !== other.affiliation) memberCounts.update++;
    else memberCounts.unchanged++;
  }

  /** Writes one membership row when new or changed; returns its key. */
  private membershipRow(committeeId: string, m: Membership, existingMembers: Map<string, Membership>): string {
    const memberCounts = this.counts.memberships;
    const key = itemKey(keys.membership(committeeId, m.personType, m.personId));
    const before = existingMembers.get(key);
    if (before && before.role === m.role) {
      if (memberCounts) memberCounts.unchanged++;
      return key;
    }
    this.units.push({ phase: 3, items: [put(membershipItem(m))] });
    if (before) this.related.membershipsChanged++;
    else this.related.membershipsAdded++;
    if (memberCounts) memberCounts[before ? 'update' : 'create']++;
    return key;
  }
}
