import type { SafetyRestrictionRequest } from '@shared/contracts/admin-api';
import type { Parent } from '@shared/schemas/parent';
import { commit, invalid, loadAt, nextVersion, putUpdate, requireExisting, type EditContext } from './edit-support';

/**
 * A safety restriction (docs/privacy.md): an administrator records the households (their parent records) a parent
 * must be hidden from. Those households then see the parent as name only, everywhere the visibility rule
 * applies (shared/rules/visibility.ts). Version-checked on the parent, audited in the same transaction, by field name.
 */
export async function setSafetyRestriction(id: string, input: SafetyRestrictionRequest, ctx: EditContext): Promise<Parent> {
  const current = await loadAt('PARENT', id, input.version);
  const hiddenFrom = [...new Set(input.hiddenFrom)];
  const self = hiddenFrom.indexOf(id);
  if (self >= 0) throw invalid(`hiddenFrom.${self}`, 'same_parent');
  await requireExisting('PARENT', hiddenFrom, 'hiddenFrom');
  const safetyRestriction = hiddenFrom.length > 0 ? { hiddenFrom } : undefined;
  const next = nextVersion('PARENT', current, { safetyRestriction }, ctx.now, 'merge');
  await commit(ctx, [putUpdate('PARENT', next, current.version)], {
    type: 'PARENT',
    id,
    verb: 'update',
    fields: ['safetyRestriction'],
  });
  return next;
}
