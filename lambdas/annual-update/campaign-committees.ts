import type { Committee } from '@shared/schemas/committee';
import { auditPut, type Actor } from '../common/audit';
import { AppError } from '../common/errors';
import { conditionalPutItem, MAX_TRANSACT_ITEMS, transactWrite, type TransactItem } from '../common/transact';
import { entityItem } from '../directory/public';
import { listEntities } from '../directory/public';

/**
 * The committees that recruit this year, chosen in the campaign's start dialog (docs/annual-update.md, "Committees
 * that recruit"): the listed committees open to parents' sign-ups, every other one closes. The same records and
 * flag as the committees screen and the data editor (PUT /api/admin/committees/{id}), written with their version
 * and one audit entry each, in one transaction: all change or none.
 */

/** The committees as stored now, refusing an id that names none before anything is written. */
export async function committeesToRecruit(ids: readonly string[] | undefined): Promise<Committee[] | undefined> {
  if (ids === undefined) return undefined;
  const committees = await listEntities('COMMITTEE', { consistent: true });
  const known = new Set(committees.map((c) => c.id));
  const unknown = ids.findIndex((id) => !known.has(id));
  if (unknown >= 0) throw new AppError('VALIDATION_FAILED', [{ path: `recruitingCommittees.${unknown}`, issue: 'unknown_committee' }]);
  return committees;
}

/** Opens the chosen committees and closes the others; a committee already as asked is not written. */
export async function applyRecruitingCommittees(
  committees: readonly Committee[],
  ids: readonly string[],
  actor: Actor,
  now: Date,
): Promise<void> {
  const open = new Set(ids);
  const items: TransactItem[] = [];
  for (const committee of committees) {
    const wanted = open.has(committee.id);
    if ((committee.openToSignUps ?? false) === wanted) continue;
    const { openToSignUps: _previous, ...rest } = committee;
    const next: Committee = {
      ...rest,
      ...(wanted ? { openToSignUps: true } : {}),
      version: committee.version + 1,
      updatedAt: now.toISOString(),
    };
    items.push(conditionalPutItem(entityItem('COMMITTEE', next), { expectedVersion: committee.version }));
    items.push(
      auditPut({
        at: now.toISOString(),
        actor,
        action: 'committee.update',
        target: { type: 'COMMITTEE', id: committee.id },
        fields: ['openToSignUps'],
      }),
    );
  }
  if (items.length === 0) return;
  if (items.length > MAX_TRANSACT_ITEMS) throw new AppError('VALIDATION_FAILED', [{ path: 'recruitingCommittees', issue: 'too_many_changes' }]);
  await transactWrite(items);
}
