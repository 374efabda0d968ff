import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { MessageCategory, MessageConsents } from '@shared/contracts/messages-api';
import { ConsentEntrySchema, type ConsentEntry } from '@shared/contracts/privacy-consent-api';
import type { Language } from '@shared/schemas/common';
import { audiencesOf } from '@shared/rules/visibility';
import { documentClient, tableName } from '../common/dynamo';
import { keys } from '../common/keys';
import { queryAll } from '../common/query';
import { consentItem, currentNoticeVersion, getMessageConsents, messageConsentsPut, parseMessageConsents, type ConsentSource } from '../directory/public';
import { getEntity } from '../directory/public';

/**
 * The emails a member accepts (docs/messages.md, "Consents"; docs/privacy.md, "Messages"): one item per person in
 * MESSAGE_CONSENTS, the defaults while they never chose. A parent's change is written with its consent-log entry in
 * one transaction (the log's before and after carry the participation and audiences in force, unchanged).
 */

/** Stored with the directory (lambdas/directory/message-consents-repository.ts): the update form writes them too. */
export const getConsents = getMessageConsents;

/** Everyone's stored choices, by person key (one Query of a small partition); absent = the defaults. */
export async function allConsents(): Promise<Map<string, MessageConsents>> {
  const items = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.messageConsentsPk() }, ConsistentRead: true });
  return new Map(items.map((item) => [String(item.sk), parseMessageConsents(item)]));
}

/** The consent-log entry of a parent's change of email choices; none for staff (the log is the parents'). */
async function logEntry(
  parentId: string,
  before: MessageConsents,
  after: MessageConsents,
  source: Omit<ConsentSource, 'noticeVersion'>,
): Promise<ConsentEntry | undefined> {
  const parent = await getEntity('PARENT', parentId);
  if (!parent) return undefined;
  const state = { participation: parent.participation, audiences: audiencesOf(parent) };
  return ConsentEntrySchema.parse({
    id: ulid(Date.parse(source.at)),
    parentId,
    ...source,
    noticeVersion: await currentNoticeVersion(),
    before: { ...state, messages: before },
    after: { ...state, messages: after },
  });
}

/** Records a member's choices; nothing is written when they did not change. */
export async function setConsents(
  person: { personType: 'PARENT' | 'STAFF'; personId: string },
  next: MessageConsents,
  source: Omit<ConsentSource, 'noticeVersion'>,
): Promise<MessageConsents> {
  const recipientKey = `${person.personType}#${person.personId}`;
  const before = await getConsents(recipientKey);
  if (JSON.stringify(before) === JSON.stringify(next)) return before;
  const entry = person.personType === 'PARENT' ? await logEntry(person.personId, before, next, source) : undefined;
  const put = messageConsentsPut(recipientKey, next, source.at);
  if (!entry) {
    await documentClient().send(new PutCommand(put.Put!));
    return next;
  }
  await documentClient().send(new TransactWriteCommand({ TransactItems: [put, { Put: { TableName: tableName(), Item: consentItem(entry) } }] }));
  return next;
}

/** One kind turned off, from a message's one-click unsubscribe. */
export async function unsubscribe(
  person: { personType: 'PARENT' | 'STAFF'; personId: string },
  category: MessageCategory,
  language: Language,
  at: string,
): Promise<void> {
  const current = await getConsents(`${person.personType}#${person.personId}`);
  await setConsents(person, { ...current, [category]: false }, { by: 'unsubscribeLink', channel: 'emailUnsubscribe', at, language });
}
