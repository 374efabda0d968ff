/**
 * Child process of a table stack (startTableStack, test/support/isolated-stack.ts): a school of its own on the
 * emulators of the worker's shared stack. A table of its own in the shared DynamoDB Local, a user pool of its own
 * in the shared cognito-local, the shared SES emulator, and a gateway of its own (this process) whose handlers
 * read that table and pool. No second DynamoDB Local, cognito-local or SES emulator to start: a few seconds
 * instead of the ~15 CPU seconds of a whole stack. Its stdout and stderr go to the stack's log file
 * (isolatedStackLogFile), which test/security/log-scan.test.ts reads.
 *
 * Triggers: cognito-local calls the shared stack's trigger server for every pool; this process runs a trigger server
 * of its own (its handlers read this table and link to this gateway) and registers it there for its pool
 * (local/triggers-server.ts), so sign-ups and password resets on this school work as on a whole stack.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { DeleteUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { logger } from '../../lambdas/common/logger';
import { cognitoClient, ensurePool } from '../../local/cognito';
import { DEMO_ACCOUNTS, seedDemoSchool, type SeedOptions } from '../../local/demo/seed';
import { dynamoClient, ensureTable } from '../../local/dynamodb';
import { startGateway } from '../../local/gateway';
import { startTriggerServer } from '../../local/triggers-server';
import { closeServer } from '../../local/http-util';
import { freePort } from '../../local/ports';
import { ensureDemoAccounts, localRuntimeConfig } from '../../local/stack';
import type { StackInfo } from '../../local/stack-info';

const shared = JSON.parse(process.env.SHARED_STACK!) as StackInfo;
const seed = JSON.parse(process.env.STACK_SEED ?? '{}') as SeedOptions | false;
const table = process.env.TABLE_STACK_NAME!;
const region = shared.region;
const port = await freePort();
const appUrl = `http://127.0.0.1:${port}`;

const lambdaEnv: Record<string, string> = {
  ...shared.lambdaEnv,
  TABLE_NAME: table,
  PUBLIC_BASE_URL: appUrl,
  ADMIN_MFA_REQUIRED: String(process.env.ADMIN_MFA_REQUIRED === 'true'),
  ORIGIN_VERIFY_SECRET: randomBytes(24).toString('base64url'),
  RATE_LIMIT_KEY: randomBytes(32).toString('base64url'),
  LOG_LEVEL: 'INFO',
};
Object.assign(process.env, lambdaEnv);
logger.setLogLevel('INFO');

const dynamo = dynamoClient(shared.dynamoEndpoint, region);
await ensureTable(dynamo, table);
const cognito = cognitoClient(shared.cognitoEndpoint, region);
const { userPoolId, userPoolClientId } = await ensurePool(cognito, `school-directory-${table}`);
lambdaEnv.USER_POOL_ID = userPoolId;
process.env.USER_POOL_ID = userPoolId;
if (seed !== false) {
  await seedDemoSchool(seed);
  await ensureDemoAccounts(cognito, userPoolId);
}
// PreSignUp and CustomMessage for this pool run here, on this table (the shared trigger server passes them on).
const triggersPort = await freePort();
const triggers = await startTriggerServer(triggersPort);
const poolTriggers = `${shared.triggersUrl}/local/pools/${encodeURIComponent(userPoolId)}/triggers`;
const registered = await fetch(poolTriggers, { method: 'PUT', body: JSON.stringify({ url: `http://127.0.0.1:${triggersPort}` }) });
if (!registered.ok) throw new Error(`The shared trigger server refused the pool's triggers (${registered.status})`);
const server = await startGateway({
  port,
  webDir: path.resolve(process.env.TEST_WEB_DIR ?? 'frontend/dist'),
  runtimeConfig: localRuntimeConfig({ region, userPoolId, userPoolClientId, cognitoEndpoint: shared.cognitoEndpoint, mailboxUrl: shared.mailboxUrl }),
  cognitoEndpoint: shared.cognitoEndpoint,
  userPoolId,
  userPoolClientId,
});

const info: StackInfo = {
  ...shared,
  appUrl,
  tableName: table,
  userPoolId,
  userPoolClientId,
  lambdaEnv,
  demoAccounts: DEMO_ACCOUNTS.map(({ role, email, password }) => ({ role, email, password })),
};
process.send?.({ type: 'ready', info });

let stopping = false;
/** Closes the gateway and removes the table and the pool: the shared emulators keep only their own school. */
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await closeServer(server).catch(() => undefined);
  await fetch(poolTriggers, { method: 'DELETE' }).catch(() => undefined);
  await closeServer(triggers).catch(() => undefined);
  await dynamo.send(new DeleteTableCommand({ TableName: table })).catch(() => undefined);
  await cognito.send(new DeleteUserPoolCommand({ UserPoolId: userPoolId })).catch(() => undefined);
  process.exit(0);
}
process.on('message', (message) => {
  if ((message as { type?: string })?.type === 'stop') void shutdown();
});
process.on('SIGTERM', () => void shutdown());
process.on('disconnect', () => void shutdown());
