import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import {
  DEFAULT_MESSAGE_SETTINGS,
  MessageSchema,
  MessageSettingsSchema,
  type Message,
  type MessageCounts,
  type MessageSettings,
} from '@shared/contracts/messages-api';
import { batchWriteAll, deleteRequests, putRequests } from '../common/batch';
import { documentClient, tableName } from '../common/dynamo';
import { keys, withoutKeys } from '../common/keys';
import { queryAll } from '../common/query';
import { AppError } from '../common/errors';
import { conditionalUpdate, isWriteConflict, transactWrite, type TransactItem } from '../common/transact';
import type { Recipient } from './audiences';

/** The storage of messages (docs/messages.md, "Storage"): the log, one delivery per recipient, the settings. */

export const DELIVERY_STATES = ['pending', 'sending', 'sent', 'skipped', 'failed', 'uncertain'] as const;

export const DeliverySchema = z.object({
  messageId: z.string(),
  recipientKey: z.string(),
  personType: z.enum(['PARENT', 'STAFF']),
  personId: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  /** Why no email went (declined, noEmail, addressBounced...) or the SES error's name. */
  reason: z.string().optional(),
  readAt: z.string().optional(),
});
export type Delivery = z.infer<typeof DeliverySchema>;

export async function getMessageSettings(): Promise<MessageSettings> {
  const result = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.messageSettings() }));
  // Settings saved before they had a version read as version 0.
  const parsed = MessageSettingsSchema.safeParse(result.Item ? { version: 0, ...withoutKeys(result.Item) } : undefined);
  return parsed.success ? parsed.data : DEFAULT_MESSAGE_SETTINGS;
}

/**
 * Saves the settings at the version read, as version + 1: CONFLICT when another save (a withdrawal, a restore, the
 * switches from another window) came in between, so a stale copy of the withdrawn authors never overwrites it.
 */
export async function putMessageSettings(settings: MessageSettings): Promise<MessageSettings> {
  const stored = { ...settings, version: settings.version + 1 };
  const condition =
    settings.version === 0
      ? { ConditionExpression: 'attribute_not_exists(#version)', ExpressionAttributeNames: { '#version': 'version' } }
      : { ConditionExpression: '#version = :expected', ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':expected': settings.version } };
  try {
    await documentClient().send(new PutCommand({ TableName: tableName(), Item: { ...keys.messageSettings(), type: 'MESSAGE_SETTINGS', ...stored }, ...condition }));
  } catch (error) {
    if (isWriteConflict(error)) throw new AppError('CONFLICT');
    throw error;
  }
  return stored;
}

/**
 * The message, then its deliveries (BatchWrite of 25, a few calls in parallel). The message is written last with
 * its counts, so a message in the log always has all its deliveries; a retry after a failure writes the same keys.
 * The message and its client key are written in one transaction, each only if absent: when another request with
 * the same key got there first (a double click), this one's deliveries are removed and false is answered.
 */
export async function createMessage(message: Message, recipients: readonly Recipient[], clientKeyHash: string): Promise<boolean> {
  const deliveries = recipients.map((r) => ({
    ...keys.messageDelivery(message.id, r.key),
    type: 'MESSAGE_DELIVERY',
    messageId: message.id,
    recipientKey: r.key,
    personType: r.personType,
    personId: r.personId,
    state: 'pending',
    attempts: 0,
  }));
  await batchWriteAll(putRequests(deliveries));
  const claim = { ...keys.messageClientKey(clientKeyHash), type: 'MESSAGE_CLIENT_KEY', messageId: message.id, expiresAt: Math.floor(Date.parse(message.createdAt) / 1000) + CLIENT_KEY_TTL_S };
  try {
    await transactWrite([
      { Put: { TableName: tableName(), Item: claim, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: tableName(), Item: { ...keys.message(message.id), type: 'MESSAGE', ...message }, ConditionExpression: 'attribute_not_exists(pk)' } },
    ]);
    return true;
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    await batchWriteAll(deleteRequests(deliveries.map((d) => deliveryKey(d.messageId, d.recipientKey))));
    return false;
  }
}

/** How long a client key is remembered: long past any retry of the page. */
const CLIENT_KEY_TTL_S = 7 * 86_400;

/** The message a client key created, if any. */
export async function messageOfClientKey(clientKeyHash: string): Promise<Message | undefined> {
  const result = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.messageClientKey(clientKeyHash), ConsistentRead: true }));
  return typeof result.Item?.messageId === 'string' ? getMessage(result.Item.messageId) : undefined;
}

export async function getMessage(id: string): Promise<Message | undefined> {
  const result = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.message(id), ConsistentRead: true }));
  const parsed = MessageSchema.safeParse(result.Item ? withoutKeys(result.Item) : undefined);
  return parsed.success ? parsed.data : undefined;
}

/** The whole log, oldest first (the admin log, the author's sent messages and the inbox's texts read it). */
export async function listMessages(): Promise<Message[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.messagesPk(), ':prefix': keys.messagePrefix() },
  });
  return items.flatMap((item) => {
    const parsed = MessageSchema.safeParse(withoutKeys(item));
    return parsed.success ? [parsed.data] : [];
  });
}

export async function listDeliveries(messageId: string): Promise<Delivery[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.messageDeliveriesPk(messageId) },
    ConsistentRead: true,
  });
  return items.flatMap((item) => {
    const parsed = DeliverySchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A member's deliveries (their inbox), by gsi1. */
export async function listInbox(recipientKey: string): Promise<Delivery[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.inboxGsi(recipientKey) },
  });
  return items.flatMap((item) => {
    const parsed = DeliverySchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A delivery's primary key (its gsi1 attributes are no part of it). */
function deliveryKey(messageId: string, recipientKey: string) {
  const { pk, sk } = keys.messageDelivery(messageId, recipientKey);
  return { pk, sk };
}

/** Claims a pending delivery for this worker: false when another got it first or it is no longer pending. */
export function claimDelivery(delivery: Delivery): Promise<boolean> {
  return conditionalUpdate({
    Key: deliveryKey(delivery.messageId, delivery.recipientKey),
    UpdateExpression: 'SET #state = :sending, attempts = attempts + :one',
    ConditionExpression: '#state = :pending AND attempts = :attempts',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: { ':sending': 'sending', ':pending': 'pending', ':one': 1, ':attempts': delivery.attempts },
  });
}

/** Records a delivery's outcome; `from` is the state it must still be in (a lost race changes nothing). */
export function recordDelivery(delivery: Delivery, from: Delivery['state'], state: Delivery['state'], reason?: string): Promise<boolean> {
  return conditionalUpdate({
    Key: deliveryKey(delivery.messageId, delivery.recipientKey),
    UpdateExpression: reason ? 'SET #state = :state, reason = :reason' : 'SET #state = :state REMOVE reason',
    ConditionExpression: '#state = :from',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: { ':state': state, ':from': from, ...(reason ? { ':reason': reason } : {}) },
  });
}

export async function markRead(messageId: string, recipientKey: string, at: string): Promise<boolean> {
  return conditionalUpdate({
    Key: deliveryKey(messageId, recipientKey),
    UpdateExpression: 'SET readAt = if_not_exists(readAt, :at)',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':at': at },
  });
}

export async function updateMessageState(id: string, status: Message['status'], counts: MessageCounts): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.message(id),
      UpdateExpression: 'SET #status = :status, #counts = :counts',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status', '#counts': 'counts' },
      ExpressionAttributeValues: { ':status': status, ':counts': counts },
    }),
  );
}

/**
 * The email that tells a held message's author the decision (decision-service.ts), stored on the message beside
 * it: `pending` from the decision, claimed (`sending`) by the one request that sends it, then its outcome.
 */
export const AUTHOR_NOTICE_STATES = ['pending', 'sending', 'sent', 'skipped', 'failed', 'uncertain'] as const;
export type AuthorNoticeState = (typeof AUTHOR_NOTICE_STATES)[number];

/**
 * Records an administrator's decision with its audit entry, in one transaction: only a message still waiting for
 * approval changes (two administrators deciding at once: one wins, the other gets false), and its author's notice
 * starts `pending`.
 */
export async function decideMessage(id: string, decision: NonNullable<Message['decision']>, audit: TransactItem): Promise<boolean> {
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: keys.message(id),
          UpdateExpression: 'SET #status = :status, #decision = :decision, #notice = :pending',
          ConditionExpression: '#status = :held',
          ExpressionAttributeNames: { '#status': 'status', '#decision': 'decision', '#notice': 'authorNotice' },
          ExpressionAttributeValues: { ':status': decision.approved ? 'sending' : 'rejected', ':decision': decision, ':pending': 'pending', ':held': 'pendingApproval' },
        },
      },
      audit,
    ]);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') return false;
    throw error;
  }
}

/** Claims the author's notice for this request: false when another request has it, or it went already. */
export function claimAuthorNotice(id: string): Promise<boolean> {
  return conditionalUpdate({
    Key: keys.message(id),
    UpdateExpression: 'SET #notice = :sending',
    ConditionExpression: '#notice = :pending',
    ExpressionAttributeNames: { '#notice': 'authorNotice' },
    ExpressionAttributeValues: { ':sending': 'sending', ':pending': 'pending' },
  });
}

/** The notice's outcome, with a short code (an SES error's name, `noEmail`...): never an address or a text. */
export function recordAuthorNotice(id: string, state: Exclude<AuthorNoticeState, 'pending' | 'sending'>, reason?: string): Promise<boolean> {
  return conditionalUpdate({
    Key: keys.message(id),
    UpdateExpression: reason ? 'SET #notice = :state, authorNoticeReason = :reason' : 'SET #notice = :state',
    ConditionExpression: '#notice = :sending',
    ExpressionAttributeNames: { '#notice': 'authorNotice' },
    ExpressionAttributeValues: { ':state': state, ':sending': 'sending', ...(reason ? { ':reason': reason } : {}) },
  });
}

/** The counts of a message from its deliveries. */
export function countsOf(deliveries: readonly Delivery[]): MessageCounts {
  const count = (...states: Delivery['state'][]) => deliveries.filter((d) => states.includes(d.state)).length;
  return {
    recipients: deliveries.length,
    pending: count('pending', 'sending'),
    sent: count('sent', 'uncertain'),
    skipped: count('skipped'),
    failed: count('failed'),
  };
}
