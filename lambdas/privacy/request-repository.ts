import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { PrivacyRequestSchema, type PrivacyRequest } from '@shared/contracts/privacy-requests-api';
import { auditPut, type NewAuditEntry } from '../common/audit';
import { documentClient, tableName } from '../common/dynamo';
import { KEY_ATTRIBUTES, keys } from '../common/keys';
import { queryAll } from '../common/query';
import { conditionalPutItem, transactWrite, type WriteCondition } from '../common/transact';

/**
 * Privacy requests in their own partition (`PRIVACY#REQUESTS`, docs/data-model.md): one item per request, read
 * whole by the queue (a school receives a handful a year). Every write carries its audit entry in the same
 * TransactWrite and is conditioned on the version the writer read.
 */
const TYPE = 'PRIVACY_REQUEST';

function requestItem(request: PrivacyRequest): Record<string, unknown> {
  return { ...keys.privacyRequest(request.id), type: TYPE, ...request };
}

function parseRequest(item: Record<string, unknown>): PrivacyRequest {
  const fields = { ...item };
  for (const attribute of KEY_ATTRIBUTES) delete fields[attribute];
  return PrivacyRequestSchema.parse(fields);
}

export async function getPrivacyRequest(requestId: string): Promise<PrivacyRequest | undefined> {
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.privacyRequest(requestId), ConsistentRead: true }),
  );
  return result.Item ? parseRequest(result.Item) : undefined;
}

/** Every request, newest first (ids are ULIDs: their order is the order of receipt). */
export async function listPrivacyRequests(): Promise<PrivacyRequest[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.privacyRequestsPk(), ':prefix': keys.privacyRequestPrefix() },
    ConsistentRead: true,
    ScanIndexForward: false,
  });
  return items.map(parseRequest);
}

/** Writes a request (new, or at the version read) and its audit entry together; a lost race is CONFLICT. */
export async function savePrivacyRequest(
  request: PrivacyRequest,
  condition: WriteCondition,
  audit: NewAuditEntry,
): Promise<void> {
  await transactWrite([conditionalPutItem(requestItem(request), condition), auditPut(audit)]);
}
