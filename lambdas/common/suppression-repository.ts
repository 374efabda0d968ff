import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { SuppressionSchema, type Suppression } from '@shared/rules/annual-update-bounces';
import { normalizeEmail } from '@shared/rules/email';
import { TABLE_INDEXES } from '@shared/schemas/table-schema';
import { documentClient, tableName } from './dynamo';
import { keys } from './keys';
import { queryAll } from './query';
import { isConditionFailure } from './transact';

/**
 * Addresses no email goes to any more: SES reported a permanent bounce or a complaint (docs/annual-update.md,
 * "Bounces and complaints"). Here in common because every mail-sending context checks it (lambdas/common/mailer.ts).
 */

const parse = (item: Record<string, unknown>): Suppression =>
  SuppressionSchema.parse({ email: item.email, reason: item.reason, at: item.at, detail: item.detail });

/** Records (or renews) a suppression; an older event than the one stored changes nothing (SNS may reorder). */
export async function putSuppression(suppression: Suppression): Promise<'written' | 'older'> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.suppression(suppression.email), ...keys.suppressionIndex(suppression.email), type: 'SUPPRESSION', ...suppression },
        ConditionExpression: 'attribute_not_exists(pk) OR #at <= :at',
        ExpressionAttributeNames: { '#at': 'at' },
        ExpressionAttributeValues: { ':at': suppression.at },
      }),
    );
    return 'written';
  } catch (error) {
    if (isConditionFailure(error)) return 'older';
    throw error;
  }
}

export async function getSuppression(email: string): Promise<Suppression | undefined> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.suppression(normalizeEmail(email)), ConsistentRead: true }),
  );
  return result.Item ? parse(result.Item) : undefined;
}

/** Every suppressed address (a handful: one gsi1 partition), for the participants manager. */
export async function listSuppressions(): Promise<Map<string, Suppression>> {
  const items = await queryAll({
    IndexName: TABLE_INDEXES.byPerson.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.suppressionsGsi() },
  });
  return new Map(items.map(parse).map((s) => [s.email, s]));
}
