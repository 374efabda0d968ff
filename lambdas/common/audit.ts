import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { AuditEntrySchema, type AuditEntry } from '@shared/schemas/system';
import { documentClient, tableName } from './dynamo';
import { keys } from './keys';
import type { TransactItem } from './transact';

/** Who acts: the signed-in admin (their Cognito `sub`, never their email) or a command-line tool. */
export type Actor = AuditEntry['actor'];

/** An entry to record: a fresh ULID is its id unless it brings one (the progression's ids are fixed by its inputs). */
export type NewAuditEntry = Omit<AuditEntry, 'id'> & { id?: string };

/** An audit entry (ids and field names only: docs/data-model.md), filed under its month and its target. */
export function auditItem(entry: NewAuditEntry): Record<string, unknown> {
  const parsed = AuditEntrySchema.parse({ ...entry, id: entry.id ?? ulid(Date.parse(entry.at)) });
  return {
    ...keys.audit(parsed.at.slice(0, 7), parsed.id, parsed.target.type, parsed.target.id),
    type: 'AUDIT',
    ...parsed,
  };
}

/** The audit entry as part of the TransactWrite it records, so the trail and the change land together. */
export function auditPut(entry: NewAuditEntry): TransactItem {
  return { Put: { TableName: tableName(), Item: auditItem(entry) } };
}

/** Outside a transaction: bulk actions record their entry once they are done. */
export async function writeAudit(entry: NewAuditEntry): Promise<void> {
  await documentClient().send(new PutCommand({ TableName: tableName(), Item: auditItem(entry) }));
}
