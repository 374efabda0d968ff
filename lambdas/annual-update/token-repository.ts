import { createHash, randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../common/dynamo';
import { keys } from '../common/keys';
import type { UpdateToken } from '@shared/schemas/annual-update';
import { parseToken, tokenItem } from './items';
import { AppError } from '../common/errors';
import { getCampaign } from './campaign-repository';
import type { Campaign } from '@shared/schemas/annual-update';
import type { TransactItem } from '../common/transact';
import { shortCodeHash } from './letter-code-repository';
import { getSettings } from '../directory/public';
import { schoolDay } from '@shared/rules/school-calendar';
import type { ErrorDetails } from '@shared/contracts/error-codes';

/**
 * Update links (docs/data-model.md patterns 21, 22). The token is 32 random bytes, base64url (43 characters);
 * the server keeps only its SHA-256, so neither a table dump nor a backup can be turned back into a link.
 */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether a string can be a token at all: anything else is answered like an unknown token, without a read. */
export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/** Pattern 22: a read only (opening a link must never write: mail scanners open every link). */
export async function getUpdateToken(tokenHash: string): Promise<UpdateToken | undefined> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.updateToken(tokenHash), ConsistentRead: true }),
  );
  return result.Item ? parseToken(result.Item) : undefined;
}

/** A new link, for the transaction that claims a send: a fresh hash can only be new. */
export function tokenPut(token: UpdateToken): TransactItem {
  return { Put: { TableName: tableName(), Item: tokenItem(token), ConditionExpression: 'attribute_not_exists(pk)' } };
}

/** Revokes a link (idempotent: deleting a missing item succeeds). */
export function tokenDelete(tokenHash: string): TransactItem {
  return { Delete: { TableName: tableName(), Key: keys.updateToken(tokenHash) } };
}

/**
 * Marks an emailed link replaced by a newer email's (kept until TTL removes it at its expiry, so whoever opens the
 * older email is told a newer one replaced it). Only for a link still stored: the condition fails the transaction
 * if TTL removed it meanwhile (the caller reads again and retries), so no stub item is ever created.
 */
export function tokenReplacedByEmail(tokenHash: string, at: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.updateToken(tokenHash),
      UpdateExpression: 'SET replacedAt = :at, replacedBy = :email',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at, ':email': 'email' },
    },
  };
}

/**
 * The one rule for whether an update link may be used (docs/product-rules.md, Annual update campaign): unknown,
 * malformed or revoked -> TOKEN_INVALID; its campaign closed -> CAMPAIGN_CLOSED (the day it closed); a letter code
 * replaced by a newer letter's -> CODE_REPLACED; an emailed link replaced by a newer email's -> LINK_REPLACED (the day
 * it was replaced); past its own expiry -> TOKEN_EXPIRED (the day it ended). The four
 * answers carry the school office's contact, so the parent reads whom to ask (docs/annual-update.md, "Campaign
 * lifecycle"). Reads only. The form and the privacy request by link both go through it.
 */
export async function usableUpdateLink(token: string, now: Date): Promise<{ stored: UpdateToken; campaign: Campaign }> {
  // A paper letter's short code is a link too (letter-code-repository.ts): same item, same rule.
  const tokenHash = isWellFormedToken(token) ? hashToken(token) : shortCodeHash(token);
  if (!tokenHash) throw new AppError('TOKEN_INVALID');
  const stored = await getUpdateToken(tokenHash);
  if (!stored) throw new AppError('TOKEN_INVALID');
  const campaign = await getCampaign(stored.campaignId);
  if (campaign?.status !== 'active') {
    const closedOn = campaign?.completedAt ? { endedOn: schoolDay(new Date(campaign.completedAt)) } : {};
    throw new AppError('CAMPAIGN_CLOSED', undefined, { ...closedOn, ...(await schoolContact()) });
  }
  if (stored.replacedAt) {
    // A newer email's link or a newer letter's code took its place: each says so (docs/annual-update.md).
    if (stored.replacedBy === 'email') {
      throw new AppError('LINK_REPLACED', undefined, { endedOn: schoolDay(new Date(stored.replacedAt)), ...(await schoolContact()) });
    }
    throw new AppError('CODE_REPLACED', undefined, await schoolContact());
  }
  if (stored.expiresAt * 1000 <= now.getTime()) {
    throw new AppError('TOKEN_EXPIRED', undefined, { endedOn: schoolDay(new Date(stored.expiresAt * 1000)), ...(await schoolContact()) });
  }
  return { stored, campaign };
}

/** The school office's name, email and phone (the settings' public contact): whom a parent with a dead link asks. */
async function schoolContact(): Promise<ErrorDetails> {
  const settings = await getSettings();
  if (!settings) return {};
  const { email, phone } = settings.contact;
  return { school: { name: settings.schoolName, ...(email ? { email } : {}), ...(phone ? { phone } : {}) } };
}
