import { AppError } from '../common/errors';
import { getEntity } from '../directory/public';
import { maySaveAddressFor } from '@shared/rules/household';
import type { ParentUpdate } from '@shared/rules/parent-form';
import { ParentSchema, type Parent } from '@shared/schemas/parent';
import { coParentsOf } from './parent-form-view';

/** A co-parent the submitted address is also saved on: as read, and as it will be stored. */
export interface CoParentAddressChange {
  current: Parent;
  next: Parent;
}

/**
 * "<co-parent> also lives at this address" (docs/product-rules.md, A household's shared address). Each chosen
 * co-parent must be a co-parent of the submitter that the rule allows (shared/rules/household.ts: no safety restriction
 * either way, not opted out) and still be at the version the form showed; otherwise the whole answer is refused
 * (FORBIDDEN) or reloaded (CONFLICT). Only the address moves on them; a co-parent already at that address is left
 * unchanged.
 */
export async function coParentAddressChanges(
  submitter: Parent,
  after: Parent,
  chosen: ParentUpdate['shareAddressWith'],
  now: Date,
): Promise<CoParentAddressChange[]> {
  if (chosen.length === 0) return [];
  if (new Set(chosen.map((c) => c.parentId)).size !== chosen.length) {
    throw new AppError('VALIDATION_FAILED', [{ path: 'shareAddressWith', issue: 'duplicate' }]);
  }
  const address = after.address;
  if (!address) throw new AppError('VALIDATION_FAILED', [{ path: 'shareAddressWith', issue: 'no_address' }]);
  const household = new Set((await coParentsOf(submitter)).map((p) => p.id));
  const changes: CoParentAddressChange[] = [];
  for (const { parentId, version } of chosen) {
    const current = household.has(parentId) ? await getEntity('PARENT', parentId) : undefined;
    if (!current || !maySaveAddressFor(submitter, current) || !maySaveAddressFor(after, current)) throw new AppError('FORBIDDEN');
    if (current.version !== version) throw new AppError('CONFLICT', [{ path: 'shareAddressWith', issue: 'stale' }]);
    if (JSON.stringify(current.address) === JSON.stringify(address)) continue;
    const next = ParentSchema.parse({ ...current, address: { ...address }, version: current.version + 1, updatedAt: now.toISOString() });
    changes.push({ current, next });
  }
  return changes;
}
