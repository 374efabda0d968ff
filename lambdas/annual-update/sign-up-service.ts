import { AppError } from '../common/errors';
import { getEntity } from '../directory/public';
import { planCommitteeChanges, type SignUpCommittee } from '@shared/rules/committee-sign-ups';
import type { ParentUpdate } from '@shared/rules/parent-form';
import type { Membership } from '@shared/schemas/committee';

/** The seats a form answer creates and deletes (docs/product-rules.md, Committee sign-ups). */
export interface SeatChanges {
  join: Membership[];
  leave: Membership[];
}

export const NO_SEAT_CHANGES: SeatChanges = { join: [], leave: [] };

/**
 * Checks the answer's committee changes against the seats the parent holds and the committees as stored now
 * (read consistently): an officer role asked for or left, or a closed committee, refuses the whole answer before
 * anything is written. The transaction re-checks what may move meanwhile (the committee still open, the seat
 * still free or still a plain one: parent-update-repository.ts).
 */
export async function seatChangesFor(
  parentId: string,
  request: ParentUpdate['committees'],
  seats: Membership[],
  now: Date,
): Promise<SeatChanges> {
  if (!request || (request.join.length === 0 && request.leave.length === 0)) return NO_SEAT_CHANGES;
  const wanted = [...new Set(request.join.map((j) => j.committeeId))];
  const found = await Promise.all(wanted.map((id) => getEntity('COMMITTEE', id)));
  const committees = new Map<string, SignUpCommittee>(
    found.filter((c) => c !== undefined).map((c) => [c.id, { id: c.id, kind: c.kind, openToSignUps: c.openToSignUps }]),
  );
  const plan = planCommitteeChanges(parentId, request, seats, committees, now.toISOString());
  if (!plan.ok) {
    const { code, path } = plan.refusal;
    throw new AppError(code, [{ path, issue: code === 'VALIDATION_FAILED' ? 'duplicate' : code === 'COMMITTEE_CLOSED' ? 'closed' : 'reserved' }]);
  }
  return { join: plan.join, leave: plan.leave };
}
