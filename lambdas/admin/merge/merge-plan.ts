import { mergedHiddenFrom, mergedParentFields, type MergeChoices } from '@shared/contracts/duplicates-api';
import type { Parent } from '@shared/schemas/parent';
import type { SchoolClass } from '@shared/schemas/school-class';
import { keys } from '../../common/keys';
import { campaignHistoryChanges, type CampaignHistory } from '../../annual-update/public';
import { ENTITY_SCHEMAS, entityItem, familyItem, membershipItem, parseItem, parseMembership } from '../../directory/public';
import { registryItem, personDisplayName } from '../../registry/public';
import { validated } from '../edit/edit-support';
import { keyOf, type Item } from './merge-repository';

/**
 * What a merge changes, item by item (docs/product-rules.md, "Duplicates"): for each key, the item before (absent
 * when the merge creates it) and after (absent when the merge deletes it). The merge record stores both sides,
 * so the undo can check nothing moved since and put every item back exactly.
 */
export interface Change {
  before?: Item;
  after?: Item;
}
export type ChangeSet = Map<string, Change>;

/** Everything the plan reads: the two parents and the raw items around them. */
export interface MergeState {
  keep: Parent;
  other: Parent;
  directory: Item[];
  /** Registry items at the keys the merge touches (present ones only). */
  registry: Item[];
  /** The two parents' campaign items (the annual update's: read and changed through its surface). */
  campaigns: CampaignHistory;
}

function record(changes: ChangeSet, before: Item | undefined, after: Item | undefined): void {
  const item = (after ?? before)!;
  changes.set(keyOf(item as { pk: string; sk: string }), { before, after });
}

/** The merged parent: the fields chosen, the kept record's identity, both records' safety restrictions. */
export function mergedParent(state: MergeState, choices: MergeChoices, now: Date): Parent {
  const { keep, other } = state;
  const hiddenFrom = mergedHiddenFrom(keep, other);
  return validated('PARENT', {
    id: keep.id,
    createdAt: keep.createdAt,
    ...(keep.importKey ? { importKey: keep.importKey } : {}),
    ...mergedParentFields(keep, other, choices),
    ...(hiddenFrom.length > 0 ? { safetyRestriction: { hiddenFrom } } : {}),
    version: keep.version + 1,
    updatedAt: now.toISOString(),
  } as Parent);
}

/** The two records, and the authorised-email entries: the kept parent's under the kept email only. */
function planPeople(changes: ChangeSet, state: MergeState, merged: Parent, find: (pk: string, sk: string) => Item | undefined): void {
  const { keep, other } = state;
  record(changes, find(keys.entity('PARENT', keep.id).pk, keys.entity('PARENT', keep.id).sk), entityItem('PARENT', merged));
  record(changes, find(keys.entity('PARENT', other.id).pk, keys.entity('PARENT', other.id).sk), undefined);
  const registryOf = (email: string, id: string) => state.registry.find((i) => i.pk === keys.registryPk(email) && i.sk === `PARENT#${id}`);
  if (other.email) {
    const before = registryOf(other.email, other.id);
    if (before) record(changes, before, undefined);
  }
  if (keep.email && keep.email !== merged.email) {
    const before = registryOf(keep.email, keep.id);
    if (before) record(changes, before, undefined);
  }
  if (merged.email) {
    const after = registryItem({ personType: 'PARENT', personId: keep.id, email: merged.email, displayName: personDisplayName(merged) });
    record(changes, registryOf(merged.email, keep.id), after);
  }
}

/** Children and committee seats move to the kept record (a seat it already holds on that committee stays as is). */
function planRelations(changes: ChangeSet, state: MergeState, merged: Parent): void {
  const { keep, other, directory } = state;
  const sks = new Set(directory.map((item) => String(item.sk)));
  for (const item of directory.filter((i) => String(i.sk).startsWith(keys.familyPrefix(other.id)))) {
    record(changes, item, undefined);
    const moved = familyItem({ parentId: keep.id, studentId: String(item.studentId) });
    if (!sks.has(String(moved.sk))) record(changes, undefined, moved);
  }
  const seats = directory.filter((i) => i.type === 'MEMBER').map((i) => ({ item: i, m: parseMembership(i) }));
  const keptCommittees = new Set(seats.filter((s) => s.m?.personType === 'PARENT' && s.m.personId === keep.id).map((s) => s.m!.committeeId));
  for (const { item, m } of seats) {
    if (!m || m.personType !== 'PARENT') continue;
    // A name-only parent sits on no committee (docs/product-rules.md, Directory participation).
    if (m.personId === keep.id && merged.participation === 'nameOnly') record(changes, item, undefined);
    if (m.personId !== other.id) continue;
    record(changes, item, undefined);
    if (merged.participation !== 'nameOnly' && !keptCommittees.has(m.committeeId)) {
      record(changes, undefined, membershipItem({ ...m, personId: keep.id }));
    }
  }
}

const swapId = (ids: readonly string[], from: string, to: string) => [...new Set(ids.map((id) => (id === from ? to : id)))];

/** Classes naming the other parent as representative, and other parents hidden from it, now name the kept one. */
function planReferences(changes: ChangeSet, state: MergeState, now: Date): void {
  const { keep, other, directory } = state;
  const bump = { updatedAt: now.toISOString() };
  for (const item of directory) {
    if (item.type === 'CLASS') {
      const schoolClass = parseItem(ENTITY_SCHEMAS.CLASS, item) as SchoolClass | undefined;
      if (!schoolClass?.parentRepresentativeIds.includes(other.id)) continue;
      const parentRepresentativeIds = swapId(schoolClass.parentRepresentativeIds, other.id, keep.id);
      const next = validated('CLASS', { ...schoolClass, parentRepresentativeIds, version: schoolClass.version + 1, ...bump });
      record(changes, item, entityItem('CLASS', next));
    } else if (item.type === 'PARENT' && item.id !== keep.id && item.id !== other.id) {
      const parent = parseItem(ENTITY_SCHEMAS.PARENT, item);
      if (!parent?.safetyRestriction?.hiddenFrom.includes(other.id)) continue;
      const hiddenFrom = swapId(parent.safetyRestriction.hiddenFrom, other.id, keep.id);
      const next = validated('PARENT', { ...parent, safetyRestriction: { hiddenFrom }, version: parent.version + 1, ...bump });
      record(changes, item, entityItem('PARENT', next));
    }
  }
}

/** Campaign history: the changes the annual update plans for a merge (its participants and update links). */
function planCampaigns(changes: ChangeSet, state: MergeState): void {
  for (const { before, after } of campaignHistoryChanges(state.campaigns, state.keep.id, state.other.id)) {
    record(changes, before, after);
  }
}

/** Every change of a merge of `other` into `keep`. */
export function planMerge(state: MergeState, choices: MergeChoices, now: Date): { merged: Parent; changes: ChangeSet } {
  const merged = mergedParent(state, choices, now);
  const changes: ChangeSet = new Map();
  const find = (pk: string, sk: string) => state.directory.find((i) => i.pk === pk && i.sk === sk);
  planPeople(changes, state, merged, find);
  planRelations(changes, state, merged);
  planReferences(changes, state, now);
  planCampaigns(changes, state);
  return { merged, changes };
}
