import { ulid } from 'ulid';
import { ConsentEntrySchema, type ConsentActor, type ConsentChannel, type ConsentEntry } from '@shared/contracts/privacy-consent-api';
import { noticeVersionOf } from '@shared/contracts/privacy-api';
import type { MessageConsents } from '@shared/contracts/messages-api';
import type { Language } from '@shared/schemas/common';
import { audiencesOf, type PrivacyChoice } from '@shared/rules/visibility';
import { tableName } from '../common/dynamo';
import { keys } from '../common/keys';
import { queryAll } from '../common/query';
import type { TransactItem } from '../common/transact';
import { getSettings } from './settings-repository';

/**
 * The consent log's storage (docs/privacy.md, "Consent log"): `CONSENT#<parentId>`, one item per change, sorted by
 * time. Entries are written by the services that change a parent's privacy choice, inside their own transaction.
 */

/** How a change was made: everything but the before and after. */
export interface ConsentSource {
  by: ConsentActor;
  channel: ConsentChannel;
  at: string;
  noticeVersion: string;
  language: Language;
}

const stateOf = (choice: PrivacyChoice) => ({ participation: choice.participation, audiences: audiencesOf(choice) });

/** The notice version in force now (one read of the settings). */
export async function currentNoticeVersion(): Promise<string> {
  return noticeVersionOf((await getSettings())?.version ?? 0);
}

/**
 * The consent entry for a change of privacy choice, or none when what is in force did not change (audiences equal
 * to the preset are the same choice, stored or not). `messages`, the emails accepted before and after when the same
 * answer also sets them (the update form): the entry then carries them, and a change of them alone is an entry too.
 */
export function consentEntry(
  parentId: string,
  before: PrivacyChoice | undefined,
  after: PrivacyChoice,
  source: ConsentSource,
  messages?: { before: MessageConsents; after: MessageConsents },
): ConsentEntry | undefined {
  const next = stateOf(after);
  const previous = before && stateOf(before);
  const messagesChanged = messages !== undefined && JSON.stringify(messages.before) !== JSON.stringify(messages.after);
  if (previous && JSON.stringify(previous) === JSON.stringify(next) && !messagesChanged) return undefined;
  return ConsentEntrySchema.parse({
    id: ulid(Date.parse(source.at)),
    parentId,
    ...source,
    ...(previous ? { before: { ...previous, ...(messagesChanged ? { messages: messages.before } : {}) } } : {}),
    after: { ...next, ...(messagesChanged ? { messages: messages.after } : {}) },
  });
}

export function consentItem(entry: ConsentEntry): Record<string, unknown> {
  return { ...keys.consent(entry.parentId, entry.at, entry.id), type: 'CONSENT', ...entry };
}

/** The entry as one item of the transaction that makes the change; none when nothing changed. */
export function consentPuts(entry: ConsentEntry | undefined): TransactItem[] {
  return entry ? [{ Put: { TableName: tableName(), Item: consentItem(entry) } }] : [];
}

/** A parent's log, newest first. Items that no longer fit the schema are skipped. */
export async function listConsent(parentId: string): Promise<ConsentEntry[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.consentPk(parentId) },
    ConsistentRead: true,
  });
  return items
    .map((item) => ConsentEntrySchema.safeParse(item))
    .filter((r) => r.success)
    .map((r) => r.data)
    .reverse();
}
