import { relationTo } from './visibility';
import type { Participation } from '../schemas/parent';

/**
 * A household's shared address (docs/product-rules.md, A household's shared address): a parent may save their
 * address on a co-parent (another parent of one of their children) too. Never across a safety restriction: if
 * either parent is hidden from the other (shared/rules/visibility.ts, relationTo), the choice is not offered and the
 * server refuses it, so a restricted household never learns, nor sets, the other's address. A co-parent who opted
 * out (name only) keeps no address, so the choice is not offered for them either.
 */
export interface HouseholdParent {
  id: string;
  participation: Participation;
  safetyRestriction?: { hiddenFrom: readonly string[] } | undefined;
}

export function maySaveAddressFor(submitter: HouseholdParent, coParent: HouseholdParent): boolean {
  if (submitter.id === coParent.id || coParent.participation === 'nameOnly') return false;
  const seenBySubmitter = relationTo(coParent.id, { parentIds: new Set([submitter.id]), staff: false }, true, coParent.safetyRestriction?.hiddenFrom);
  const seenByCoParent = relationTo(submitter.id, { parentIds: new Set([coParent.id]), staff: false }, true, submitter.safetyRestriction?.hiddenFrom);
  return seenBySubmitter !== 'restricted' && seenByCoParent !== 'restricted';
}
