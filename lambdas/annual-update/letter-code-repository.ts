import { createHash, randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../common/dynamo';
import { keys } from '../common/keys';
import type { TransactItem } from '../common/transact';
import { normalizeShortCode, shortCodeFrom } from '@shared/rules/short-code';
import type { UpdateToken } from '@shared/schemas/annual-update';
import { tokenItem } from './items';
import { queryAll } from '../common/query';

/**
 * Short codes of the paper letters (docs/annual-update.md, "Paper letters"; docs/data-model.md pattern 22b). A
 * code is an update link a person can type: a TOKEN item keyed by the SHA-256 of the canonical code (with a
 * prefix, so a code and a link token never share a hash), read by the same rule as a link (token-repository.ts
 * `usableUpdateLink`). The LETTER item of the parent in the campaign names the current code's hash, so a new
 * printout revokes the previous code in the same transaction.
 */
export function newShortCode(): { code: string; codeHash: string } {
  const code = shortCodeFrom((size) => randomBytes(size));
  return { code, codeHash: hashShortCode(code) };
}

/** The stored key of a code as typed; undefined when the input cannot be a code. */
export function shortCodeHash(input: string): string | undefined {
  const code = normalizeShortCode(input);
  return code === undefined ? undefined : hashShortCode(code);
}

function hashShortCode(code: string): string {
  return createHash('sha256').update(`short-code:${code}`, 'utf8').digest('hex');
}

/** The hash of the parent's current letter code in this campaign, if one was printed. */
export async function currentLetterCodeHash(campaignId: string, parentId: string): Promise<string | undefined> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.letterCode(campaignId, parentId), ConsistentRead: true }),
  );
  const hash = result.Item?.codeHash as unknown;
  return typeof hash === 'string' ? hash : undefined;
}

/** The current letter of each parent who has one in this campaign (pattern 22b), still within its code's life. */
export async function listLetters(campaignId: string, now: Date): Promise<Map<string, string>> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.campaignPk(campaignId), ':prefix': keys.letterCodePrefix() },
    ConsistentRead: true,
  });
  const nowSeconds = now.getTime() / 1000;
  return new Map(
    items
      .filter((i) => typeof i.parentId === 'string' && typeof i.createdAt === 'string' && Number(i.expiresAt) > nowSeconds)
      .map((i) => [i.parentId as string, i.createdAt as string]),
  );
}

/**
 * The items that replace a parent's code: the new code (a fresh hash can only be new), the LETTER item (on
 * condition that it still names the code read, so two printouts at once cannot both win) and the previous code,
 * kept but marked replaced (only while it is still stored: TTL may have removed it) so whoever types it is told
 * that a newer letter replaced it (docs/annual-update.md, "Campaign lifecycle"); TTL removes it at its expiry.
 */
export function rotateLetterCodeItems(code: UpdateToken, previousHash: string | undefined, previousStored = false): TransactItem[] {
  const letter = {
    ...keys.letterCode(code.campaignId, code.parentId),
    type: 'LETTER',
    campaignId: code.campaignId,
    parentId: code.parentId,
    codeHash: code.tokenHash,
    createdAt: code.createdAt,
    expiresAt: code.expiresAt,
  };
  const items: TransactItem[] = [
    { Put: { TableName: tableName(), Item: tokenItem(code), ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Put: {
        TableName: tableName(),
        Item: letter,
        ...(previousHash
          ? { ConditionExpression: 'codeHash = :previous', ExpressionAttributeValues: { ':previous': previousHash } }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      },
    },
  ];
  if (previousHash && previousStored) {
    items.push({
      Update: {
        TableName: tableName(),
        Key: keys.updateToken(previousHash),
        UpdateExpression: 'SET replacedAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': code.createdAt },
      },
    });
  }
  return items;
}
