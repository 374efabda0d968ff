import { createHash } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { DIRECTORY_SNAPSHOT_TYPE } from '../../lambdas/common/directory-version';
import { documentClient, tableName } from '../../lambdas/common/dynamo';

const DERIVED = new Set([DIRECTORY_SNAPSHOT_TYPE]);

/**
 * A digest of every item of the table the repositories point at, except rate-limit counters (counting refused
 * callers is their job) and the directory snapshot (a read may store it: it is a cache, lambdas/directory). Equal digests before and after a request prove it wrote nothing.
 */
export async function tableDigest(): Promise<string> {
  const lines: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      if (!String(item.pk).startsWith('RATE#') && !DERIVED.has(String(item.type))) lines.push(JSON.stringify(item, Object.keys(item).sort()));
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return createHash('sha256').update(lines.sort().join('\n')).digest('hex');
}
