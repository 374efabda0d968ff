import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { RECOVERY_TOKEN_PATTERN } from '@shared/contracts/account-recovery-api';
import { documentClient, tableName } from '../common/dynamo';
import { keys } from '../common/keys';

/**
 * Account-takeover links (docs/data-model.md). Like the update links, the token is 32 random bytes and the table
 * keeps only its SHA-256, so a table dump or backup cannot be turned back into a link. Items expire by TTL.
 */
export interface RecoveryToken {
  tokenHash: string;
  /** The address the link was sent to: the account's email, already normalised. */
  email: string;
  /** The Cognito username of the unconfirmed account the link takes over. */
  username: string;
  /** Epoch seconds; also the item's TTL. */
  expiresAt: number;
}

export function newRecoveryToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashRecoveryToken(token) };
}

export function hashRecoveryToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export const isWellFormedRecoveryToken = (token: string): boolean => RECOVERY_TOKEN_PATTERN.test(token);

export async function putRecoveryToken(token: RecoveryToken): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.recoveryToken(token.tokenHash), type: 'RECOVERY_TOKEN', ...token },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/**
 * Spends a link: deletes it and returns what it held, in one write, so a link works once even when two requests
 * race. Undefined when there was no such link.
 */
export async function takeRecoveryToken(tokenHash: string): Promise<RecoveryToken | undefined> {
  const result = await documentClient().send(
    new DeleteCommand({ TableName: tableName(), Key: keys.recoveryToken(tokenHash), ReturnValues: 'ALL_OLD' }),
  );
  const item = result.Attributes;
  if (!item) return undefined;
  return { tokenHash, email: String(item.email), username: String(item.username), expiresAt: Number(item.expiresAt) };
}
