import type { CommitteeInput, DeleteRequest } from '@shared/contracts/admin-api';
import type { Committee, Membership } from '@shared/schemas/committee';
import { keys } from '../../common/keys';
import { membershipItem } from '../../directory/public';
import { newEntityMeta } from '../../directory/public';
import { membersOf } from '../../directory/public';
import {
  changedFields,
  clean,
  commit,
  deleteAt,
  deleteKey,
  invalid,
  loadAt,
  nextVersion,
  putCreate,
  putItem,
  putUpdate,
  requireConfirmation,
  requireExisting,
  validated,
  type EditContext,
} from './edit-support';
import type { TransactItem } from '../../common/transact';

/**
 * Committees with their member lists. The page sends the whole list; the server writes the differences in the
 * committee's own versioned transaction, so two admins editing one committee cannot overwrite each other.
 */

async function checkMembers(members: CommitteeInput['members']): Promise<void> {
  const seen = new Set<string>();
  members.forEach((m, i) => {
    const key = `${m.personType}#${m.personId}`;
    if (seen.has(key)) throw invalid(`members.${i}`, 'duplicate');
    seen.add(key);
  });
  const parents = members.filter((m) => m.personType === 'PARENT');
  const found = await requireExisting('PARENT', parents.map((m) => m.personId), 'members');
  const nameOnly = found.findIndex((parent) => parent.participation === 'nameOnly');
  if (nameOnly >= 0) throw invalid(`members.${members.indexOf(parents[nameOnly]!)}`, 'name_only');
  await requireExisting('STAFF', members.filter((m) => m.personType === 'STAFF').map((m) => m.personId), 'members');
}

function memberWrites(committeeId: string, wanted: CommitteeInput['members'], before: Membership[]): TransactItem[] {
  const items: TransactItem[] = [];
  const seat = (m: { personType: string; personId: string }) => `${m.personType}#${m.personId}`;
  const current = new Map(before.map((m) => [seat(m), m]));
  for (const m of wanted) {
    const held = current.get(seat(m));
    if (held?.role === m.role) continue;
    // A role change keeps the date the parent signed up (the dashboard's "new" mark: docs/product-rules.md).
    items.push(putItem(membershipItem({ committeeId, ...m, ...(held?.signedUpAt ? { signedUpAt: held.signedUpAt } : {}) })));
  }
  const kept = new Set(wanted.map(seat));
  for (const m of before) if (!kept.has(seat(m))) items.push(deleteKey(keys.membership(committeeId, m.personType, m.personId)));
  return items;
}

/** Stored only when open: absent means closed, as for committees stored before sign-ups existed. */
const openFlag = (open: boolean) => (open ? { openToSignUps: true } : {});

export async function createCommittee(
  input: CommitteeInput,
  ctx: EditContext,
): Promise<{ record: Committee; members: Membership[] }> {
  const { members, openToSignUps, ...fields } = input;
  await checkMembers(members);
  const record = validated('COMMITTEE', clean({ ...newEntityMeta(ctx.now), ...fields, ...openFlag(openToSignUps) }));
  await commit(ctx, [putCreate('COMMITTEE', record), ...memberWrites(record.id, members, [])], {
    type: 'COMMITTEE',
    id: record.id,
    verb: 'create',
  });
  return { record, members: members.map((m) => ({ committeeId: record.id, ...m })) };
}

export async function updateCommittee(
  id: string,
  input: CommitteeInput & { version: number },
  ctx: EditContext,
): Promise<{ record: Committee; members: Membership[] }> {
  const { version, members, openToSignUps, ...fields } = input;
  const current = await loadAt('COMMITTEE', id, version);
  await checkMembers(members);
  const next = nextVersion('COMMITTEE', current, { ...fields, ...openFlag(openToSignUps) }, ctx.now);
  const writes = memberWrites(id, members, await membersOf(id, { consistent: true }));
  const fieldNames = changedFields(current, next);
  if (writes.length > 0) fieldNames.push('members');
  await commit(ctx, [putUpdate('COMMITTEE', next, current.version), ...writes], { type: 'COMMITTEE', id, verb: 'update', fields: fieldNames });
  return { record: next, members: members.map((m) => ({ committeeId: id, ...m })) };
}

export async function deleteCommittee(id: string, request: DeleteRequest, ctx: EditContext): Promise<void> {
  requireConfirmation(request.confirm);
  const current = await loadAt('COMMITTEE', id, request.version);
  const seats = (await membersOf(id, { consistent: true })).map((m) => deleteKey(keys.membership(id, m.personType, m.personId)));
  await commit(ctx, [deleteAt('COMMITTEE', current), ...seats], { type: 'COMMITTEE', id, verb: 'delete' });
}
