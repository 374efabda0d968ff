import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  DEFAULT_MESSAGE_CONSENTS,
  MessageConsentsSchema,
  type MessageConsents,
} from '@shared/contracts/messages-api';
import { documentClient, tableName } from '../common/dynamo';
import { keys } from '../common/keys';
import type { TransactItem } from '../common/transact';

/**
 * The emails a member accepts (docs/messages.md, "Consents"; docs/privacy.md, "Messages"): one item per person in
 * MESSAGE_CONSENTS, the defaults while they never chose. Kept in the kernel beside the consent log, because two
 * contexts write them: the messages (My Profile's section, the one-click unsubscribe) and the annual update (the
 * update form asks them too), each inside its own transaction with the consent-log entry.
 */

/** The stored choices of an item (absent or unreadable: the defaults). */
export function parseMessageConsents(item: Record<string, unknown> | undefined): MessageConsents {
  const parsed = MessageConsentsSchema.safeParse(item ? { school: item.school, class: item.class, committee: item.committee } : undefined);
  return parsed.success ? parsed.data : DEFAULT_MESSAGE_CONSENTS;
}

/** One person's choices (`PARENT#<id>` or `STAFF#<id>`). */
export async function getMessageConsents(recipientKey: string): Promise<MessageConsents> {
  const result = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.messageConsents(recipientKey), ConsistentRead: true }));
  return parseMessageConsents(result.Item);
}

/** The item that records one person's choices, as one element of the transaction that changes them. */
export function messageConsentsPut(recipientKey: string, consents: MessageConsents, at: string): TransactItem {
  const item = { ...keys.messageConsents(recipientKey), type: 'MESSAGE_CONSENTS', ...consents, updatedAt: at };
  return { Put: { TableName: tableName(), Item: item } };
}
