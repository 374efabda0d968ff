import { createHash, randomBytes } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { UNSUBSCRIBE_KINDS, type UnsubscribeKind } from '@shared/contracts/messages-api';
import { LanguageSchema, type Language } from '@shared/schemas/common';
import { documentClient, tableName } from '../common/dynamo';
import { keys } from '../common/keys';

/**
 * One-click unsubscribe tokens (docs/messages.md, "Unsubscribe"): 32 random bytes in each email, stored hashed
 * (`UNSUB#<sha256>`) with the person, what the link stops (a kind of message, or carpool) and the language; a year.
 */

/** How long an unsubscribe link works: a year after the email. */
const UNSUBSCRIBE_TTL_DAYS = 365;

export interface UnsubscribeTarget {
  personType: 'PARENT' | 'STAFF';
  personId: string;
  kind: UnsubscribeKind;
  language: Language;
}

export const hashUnsubscribeToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A new token for one email; only its hash is stored. */
export async function newUnsubscribeToken(target: UnsubscribeTarget, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const item = {
    ...keys.unsubscribeToken(hashUnsubscribeToken(token)),
    type: 'UNSUBSCRIBE',
    personType: target.personType,
    personId: target.personId,
    // `category`: the name tokens were stored under before carpool links existed.
    category: target.kind,
    language: target.language,
    expiresAt: Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_TTL_DAYS * 86_400,
  };
  await documentClient().send(new PutCommand({ TableName: tableName(), Item: item }));
  return token;
}

/** Who and what a token stops, or undefined when it is malformed, unknown or expired. */
export async function readUnsubscribeToken(token: string, now: Date): Promise<UnsubscribeTarget | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const key = keys.unsubscribeToken(hashUnsubscribeToken(token));
  const item = (await documentClient().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
  if (!item || Number(item.expiresAt) < now.getTime() / 1000) return undefined;
  const kind = UNSUBSCRIBE_KINDS.find((k) => k === item.category);
  if (!kind) return undefined;
  const personType = item.personType === 'STAFF' ? 'STAFF' : 'PARENT';
  return { personType, personId: String(item.personId), kind, language: LanguageSchema.catch('fr').parse(item.language) };
}
