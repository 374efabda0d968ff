/**
 * `npm run backup -- [--out <file>] [--table <name>] [--region <region>]`: writes every lasting item of the table
 * (directory, registry, settings, campaigns, progressions, audit, valid update-link hashes) to one JSON file.
 * Rate-limit counters, locks and expired items are left out (local/cli/table-backup.ts says why). The file
 * holds personal data: it is created readable by its owner only, by default in the git-ignored .data/backups/.
 * docs/operations.md explains restores.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createBackup, scanTable } from './table-backup';
import { describeCliError, resolveTable, type TableTarget } from './table-target';

const USAGE = 'usage: npm run backup -- [--out <file>] [--table <name>] [--region <region>]';

export function tableClient(target: TableTarget): DynamoDBClient {
  return new DynamoDBClient({
    region: target.region,
    maxAttempts: 8,
    // A local endpoint gets dummy credentials, so the SDK never looks for real ones.
    ...(target.endpoint ? { endpoint: target.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
}

export async function runBackupCli(
  argv: string[],
  print: (line: string) => void = console.log,
  env: NodeJS.ProcessEnv = process.env,
  now: Date = new Date(),
): Promise<number> {
  let client: DynamoDBClient | undefined;
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        out: { type: 'string' },
        table: { type: 'string' },
        region: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      print(USAGE);
      return 0;
    }
    const target = resolveTable(values, env);
    client = tableClient(target);
    print(`table: ${target.description}`);
    const items = await scanTable(client, target.tableName);
    const backup = createBackup(items, { table: target.tableName, region: target.region }, now);
    const stamp = now.toISOString().slice(0, 19).replace(/:/g, '-');
    // By default under .data/ (git-ignored): a backup holds personal data and must never be committed.
    const out = values.out ?? path.join('.data', 'backups', `backup-${target.tableName}-${stamp}.json`);
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify(backup), { mode: 0o600 });
    const kinds = Object.entries(backup.counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([type, count]) => `${type} ${count}`)
      .join(', ');
    print(`${backup.itemCount} item(s) of ${items.length} written to ${out} (${kinds})`);
    print('left out: rate-limit counters, locks, expired items. The file holds personal data: keep it safe.');
    return 0;
  } catch (error) {
    print(`error: ${describeCliError(error)}`);
    return 1;
  } finally {
    client?.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runBackupCli(process.argv.slice(2)).then((code) => process.exit(code));
}
