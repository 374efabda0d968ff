import type { DeleteRequest, ParentInput, StaffInput } from '@shared/contracts/admin-api';
import type { Parent } from '@shared/schemas/parent';
import type { Staff } from '@shared/schemas/staff';
import { initialPrivacy } from '@shared/rules/visibility';
import { consentEntry, consentPuts, currentNoticeVersion } from '../../directory/public';
import { keys, type PersonType } from '../../common/keys';
import { newEntityMeta } from '../../directory/public';
import { membershipsOf } from '../../directory/public';
import { removeUnregisteredAccounts } from '../../registry/public';
import { registryTransactItems } from '../../registry/public';
import { staffChoiceKeys } from '../../messages/public';
import { childrenOf } from '../../directory/public';
import {
  changedFields,
  classCleanup,
  clean,
  commit,
  deleteAt,
  deleteKey,
  loadAt,
  nextVersion,
  putCreate,
  putUpdate,
  requireConfirmation,
  validated,
  type EditContext,
} from './edit-support';
import type { TransactItem } from '../../common/transact';

/**
 * Parents and staff members. Every write carries the person's registry entries in the same transaction, so the
 * authorised-email index follows each create, email change and delete at once: a removed person can no longer
 * sign up (and a signed-in one loses access at the next request), a new one can.
 */

type Person = Parent | Staff;
type PersonFields = ParentInput | StaffInput;

/**
 * A parent's privacy choice after an administrator's form (docs/privacy.md): a new parent without a participation
 * starts private; an edit keeps the audiences on file while the participation stays, and never touches the
 * safety restriction (it has its own route).
 */
function parentPrivacy(input: ParentInput, current?: Parent): Partial<Parent> {
  if (!current) return { ...initialPrivacy(input.participation, input.audiences) };
  const participation = input.participation ?? current.participation;
  const kept = participation === current.participation ? current.audiences : undefined;
  const audiences = participation === 'nameOnly' ? undefined : (input.audiences ?? kept);
  return { participation, audiences, safetyRestriction: current.safetyRestriction };
}

const personFields = (type: PersonType, input: PersonFields, current?: Person): object =>
  type === 'PARENT'
    ? { ...input, ...parentPrivacy(input as ParentInput, current as Parent | undefined) }
    : { ...staffOwnChoices(current as Staff | undefined), ...input };

/**
 * What a staff member sets through their update link (docs/annual-update.md, "Staff") and the admin form does
 * not show: kept when an administrator saves the record.
 */
function staffOwnChoices(current: Staff | undefined): Partial<Staff> {
  if (!current) return {};
  const { extension, showEmail, preferredLanguage } = current;
  return {
    ...(extension ? { extension } : {}),
    ...(showEmail !== undefined ? { showEmail } : {}),
    ...(preferredLanguage ? { preferredLanguage } : {}),
  };
}

/** The consent log's entry for an administrator's change of a parent's privacy choice (none for staff). */
async function adminConsent(type: PersonType, before: Person | undefined, after: Person, ctx: EditContext): Promise<TransactItem[]> {
  if (type !== 'PARENT') return [];
  const parent = after as Parent;
  const entry = consentEntry(parent.id, before as Parent | undefined, parent, {
    by: 'admin',
    channel: 'adminScreen',
    at: ctx.now.toISOString(),
    noticeVersion: await currentNoticeVersion(),
    language: parent.preferredLanguage,
  });
  return consentPuts(entry);
}

export async function createPerson(type: PersonType, input: PersonFields, ctx: EditContext): Promise<Person> {
  const record = validated(type, clean({ ...newEntityMeta(ctx.now), ...personFields(type, input) }) as Person);
  const consent = await adminConsent(type, undefined, record, ctx);
  await commit(ctx, [putCreate(type, record), ...registryTransactItems(type, record.id, undefined, record), ...consent], {
    type,
    id: record.id,
    verb: 'create',
  });
  return record;
}

export async function updatePerson(
  type: PersonType,
  id: string,
  input: PersonFields & { version: number },
  ctx: EditContext,
): Promise<Person> {
  const { version, ...fields } = input;
  const current = await loadAt(type, id, version);
  const next = nextVersion(type, current, personFields(type, fields, current), ctx.now);
  const items: TransactItem[] = [
    putUpdate(type, next, current.version),
    ...registryTransactItems(type, id, current, next),
    ...(await adminConsent(type, current, next, ctx)),
  ];
  // The address an administrator enters is vouched for: a bounce or complaint it had is cleared (docs/annual-update.md).
  if (next.email && current.email !== next.email) items.push(deleteKey(keys.suppression(next.email)));
  if (type === 'PARENT' && (next as Parent).participation === 'nameOnly') {
    // Opting out removes the parent's committee seats (docs/product-rules.md, Directory participation); the schema already refused phone, address...
    for (const m of await membershipsOf('PARENT', id)) items.push(deleteKey(keys.membership(m.committeeId, 'PARENT', id)));
  }
  await commit(ctx, items, { type, id, verb: 'update', fields: changedFields(current, next) });
  if (current.email !== next.email) await removeUnregisteredAccounts([current.email]);
  return next;
}

/** The writes that remove a person and everything that hangs off them (shared with the student delete). */
export async function personDeletion(type: PersonType, person: Person, studentIds?: string[]): Promise<TransactItem[]> {
  const items: TransactItem[] = [deleteAt(type, person), ...registryTransactItems(type, person.id, person, undefined)];
  if (type === 'PARENT') {
    for (const studentId of studentIds ?? (await childrenOf(person.id, { consistent: true }))) {
      items.push(deleteKey(keys.family(person.id, studentId)));
    }
  }
  for (const m of await membershipsOf(type, person.id)) items.push(deleteKey(keys.membership(m.committeeId, type, person.id)));
  // A staff member's message choices have no consent log to keep them for: they leave with the record.
  if (type === 'STAFF') for (const key of staffChoiceKeys(person.id)) items.push(deleteKey(key));
  return items;
}

export async function deletePerson(type: PersonType, id: string, request: DeleteRequest, ctx: EditContext): Promise<void> {
  requireConfirmation(request.confirm);
  const current = await loadAt(type, id, request.version);
  const items = await personDeletion(type, current);
  items.push(...(await classCleanup(type === 'PARENT' ? { parents: [id] } : { staff: [id] }, ctx.now)));
  await commit(ctx, items, { type, id, verb: 'delete' });
  await removeUnregisteredAccounts([current.email]);
}
