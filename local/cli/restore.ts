/**
 * `npm run restore -- <file> [--force] [--table <name>] [--region <region>]`: writes a backup (npm run backup)
 * into a table. Only into an EMPTY table, unless --force: then the table's items that the backup does not hold
 * are deleted first, and the table ends up exactly as backed up. Cognito accounts are not in the table: people
 * keep theirs (same pool) or sign up again (new pool; the restored registry lets them). docs/operations.md.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { tableClient } from './backup';
import { backupItems, isEmpty, restoreItems } from './table-backup';
import { CliError, describeCliError, resolveTable } from './table-target';

const USAGE = 'usage: npm run restore -- <backup file> [--force] [--table <name>] [--region <region>]';

export async function runRestoreCli(
  argv: string[],
  print: (line: string) => void = console.log,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  let client: DynamoDBClient | undefined;
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        force: { type: 'boolean' },
        table: { type: 'string' },
        region: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    const [file] = positionals;
    if (values.help || !file) {
      print(USAGE);
      return values.help ? 0 : 2;
    }
    let items;
    try {
      items = backupItems(JSON.parse(readFileSync(file, 'utf8')));
    } catch (error) {
      throw new CliError(`cannot read ${file}: ${(error as Error).message}`);
    }
    const target = resolveTable(values, env);
    client = tableClient(target);
    print(`table: ${target.description}`);
    const empty = await isEmpty(client, target.tableName);
    if (!empty && !values.force) {
      throw new CliError(
        'the table is not empty: restore into an empty table, or pass --force to replace its whole content',
      );
    }
    if (!empty) print('--force: items of the table that the backup does not hold will be deleted.');
    let lastPercent = -1;
    const result = await restoreItems(client, target.tableName, items, {
      replace: !empty,
      onProgress: (done, total) => {
        const percent = Math.floor((done / total) * 100);
        if (percent >= lastPercent + 10 || done === total) {
          lastPercent = percent;
          print(`  written ${done}/${total} (${percent}%)`);
        }
      },
    });
    print(`restored ${result.written} item(s)${result.deleted ? `, deleted ${result.deleted} item(s) not in the backup` : ''}.`);
    return 0;
  } catch (error) {
    print(`error: ${describeCliError(error)}`);
    return 1;
  } finally {
    client?.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runRestoreCli(process.argv.slice(2)).then((code) => process.exit(code));
}
