import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import type { Server } from 'node:http';
import path from 'node:path';
import { logger } from '../lambdas/common/logger';
import type { RuntimeConfig } from '@shared/contracts/runtime-config';
import { cognitoClient, DEV_SERVER_ORIGINS, ensureDemoUser, ensurePool, startCognito } from './cognito';
import { seedDemoSchool, DEMO_ACCOUNTS, type SeedOptions } from './demo/seed';
import { dynamoClient, ensureTable, startDynamo } from './dynamodb';
import { preloadHandlers, startGateway } from './gateway';
import { closeServer } from './http-util';
import { assertPortsFree, freePort } from './ports';
import { startSes } from './ses';
import { LOCAL_BOUNCE_TOPIC_ARN, simulateMailEvents } from './ses-simulator';
import type { StackInfo } from './stack-info';
import { startTriggerServer } from './triggers-server';
import { alreadyRunning, recordChildren, runningOwner, stopStaleChildren } from './stale-processes';

export type { StackInfo };

export interface LocalPorts {
  app: number;
  cognito: number;
  triggers: number;
  ses: number;
  dynamo: number;
}

export interface StackOptions {
  /** Persistent data directory (`.data/`). Omitted: everything in memory and temporary (tests). */
  dataDir?: string;
  /** Fixed ports (npm start); omitted: free ports (tests). */
  ports?: LocalPorts;
  webDir: string;
  /** Demo school to seed (default: the standard demo school); false seeds nothing. Seeding is idempotent. */
  seed?: false | SeedOptions;
  region?: string;
  /** Log level of the handlers' logger (default WARN locally, to keep the console readable). */
  logLevel?: string;
  /** Discard the emulators' own console output (the test stack collects only what our code logs). */
  quietEmulators?: boolean;
  /**
   * Administrators must enrol an authenticator (TOTP) before the admin routes answer, as in AWS. Default: the
   * ADMIN_MFA_REQUIRED environment variable (`true`), else off, so the demo administrator works at once.
   */
  adminMfaRequired?: boolean;
  /** Reports each start-up step (npm start prints them). */
  onStep?: (message: string) => void;
  /**
   * Load every handler once the stack is up, in the background (gateway.ts `preloadHandlers`), so the first
   * person's requests do not wait for it: `npm start` and bench:admin. Tests leave it off (each loads what it uses).
   */
  preloadHandlers?: boolean;
}

export interface RunningStack {
  info: StackInfo;
  stop: () => Promise<void>;
  /** With `preloadHandlers`: settles once every handler is loaded, with each context's load time (ms). */
  handlersLoaded?: Promise<Partial<Record<string, number>>>;
}

export const TABLE_NAME = 'school-directory';
export const SENDER_EMAIL = 'bottin@ecole-demo.example';
/**
 * Whom the app tells people to write to (the footer's « Nous joindre »): the committee's own address, not the
 * sender's, whose emails say not to reply. A staff member's corrections go to the school's own contact (the school
 * settings' secretariat, frontend/src/features/profile/pages/profile-page.tsx), this address only when none is set.
 */
export const CONTACT_EMAIL = 'comite@ecole-demo.example';

/** Ports used by `npm start`: LOCAL_PORT_BASE (default 3000) and the four after it. */
export function defaultPorts(base = Number(process.env.LOCAL_PORT_BASE ?? 3000)): LocalPorts {
  return { app: base, cognito: base + 1, triggers: base + 2, ses: base + 3, dynamo: base + 4 };
}

/**
 * Starts the whole system on this machine: DynamoDB Local, the trigger server, the SES emulator, cognito-local
 * and the gateway, wired together, then creates the table, pool, client and group, and seeds the demo school.
 * If any step fails, what was already started is stopped again.
 */
/**
 * The demo accounts (an administrator, a parent, a staff member, a class's parent representative) in a user pool;
 * existing ones are left alone.
 */
export async function ensureDemoAccounts(cognito: ReturnType<typeof cognitoClient>, userPoolId: string): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    await ensureDemoUser(cognito, userPoolId, { ...account, admin: account.role === 'admin' });
  }
}

/** What a local gateway serves as /config.json: the pool, cognito-local and the local mailbox. */
export function localRuntimeConfig(
  stack: Pick<RuntimeConfig, 'region' | 'userPoolId' | 'userPoolClientId' | 'cognitoEndpoint' | 'mailboxUrl'>,
): RuntimeConfig {
  return { mode: 'local', apiBaseUrl: '/api', contactEmail: CONTACT_EMAIL, build: 'local', ...stack };
}

export async function startLocalStack(options: StackOptions): Promise<RunningStack> {
  const region = options.region ?? 'ca-central-1';
  const step = options.onStep ?? (() => undefined);
  const ports = options.ports ?? {
    app: await freePort(),
    cognito: await freePort(),
    triggers: await freePort(),
    ses: await freePort(),
    dynamo: await freePort(),
  };
  const pidFile = options.dataDir && path.join(path.resolve(options.dataDir), 'pids.json');
  if (pidFile) {
    const owner = runningOwner(pidFile);
    if (owner !== undefined) throw new Error(alreadyRunning(owner));
    const stale = await stopStaleChildren(pidFile);
    if (stale > 0) step(`Stopped ${stale} process(es) left over by a previous run`);
  }
  if (options.ports) await assertPortsFree({ ...ports });

  const children: ChildProcess[] = [];
  const servers: Server[] = [];
  const cleanups: (() => void)[] = [];
  const track = (child: ChildProcess) => {
    children.push(child);
    if (pidFile) recordChildren(pidFile, children.map((c) => c.pid).filter((pid): pid is number => !!pid));
  };
  const stop = async () => {
    await Promise.all(servers.map((s) => closeServer(s)));
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 3000).unref();
          }),
      ),
    );
    cleanups.forEach((cleanup) => cleanup());
  };

  try {
    const dataDir = options.dataDir ? path.resolve(options.dataDir) : undefined;
    const appUrl = `http://127.0.0.1:${ports.app}`;
    const dynamoEndpoint = `http://127.0.0.1:${ports.dynamo}`;
    const cognitoEndpoint = `http://127.0.0.1:${ports.cognito}`;
    const sesEndpoint = `http://127.0.0.1:${ports.ses}`;

    // Handlers run in this process: they read the same environment variables as in Lambda.
    const lambdaEnv: Record<string, string> = {
      TABLE_NAME: TABLE_NAME,
      DYNAMODB_ENDPOINT: dynamoEndpoint,
      SES_ENDPOINT: sesEndpoint,
      // Bounces and complaints (local/ses-simulator.ts): sent with a configuration set, accepted from this topic only.
      SES_CONFIGURATION_SET: 'school-directory-local',
      BOUNCE_TOPIC_ARN: LOCAL_BOUNCE_TOPIC_ARN,
      COGNITO_ENDPOINT: cognitoEndpoint,
      SENDER_EMAIL,
      PUBLIC_BASE_URL: appUrl,
      // The SES emulator has no sending quota; AWS's sandbox allows 1/s, production accounts set their own rate.
      SEND_RATE_PER_SECOND: '10',
      STAGE: 'local',
      ADMIN_MFA_REQUIRED: String(options.adminMfaRequired ?? process.env.ADMIN_MFA_REQUIRED === 'true'),
      // The local gateway's stand-in for CloudFront's origin secret: new on every start.
      ORIGIN_VERIFY_SECRET: randomBytes(24).toString('base64url'),
      // The rate-limit counters' HMAC key (in AWS a Secrets Manager secret): new on every start.
      RATE_LIMIT_KEY: randomBytes(32).toString('base64url'),
      AWS_REGION: region,
      // Explicit dummy credentials: the SDK must never probe instance metadata.
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      // Node 20 is supported here; the SDK's notice about future versions is noise in a local console.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      LOG_LEVEL: options.logLevel ?? process.env.LOG_LEVEL ?? 'WARN',
    };
    Object.assign(process.env, lambdaEnv);
    // The logger module may already be loaded (the seed imports repositories): apply the level now.
    logger.setLogLevel(lambdaEnv.LOG_LEVEL as Parameters<typeof logger.setLogLevel>[0]);

    step('Starting DynamoDB Local');
    track(await startDynamo({ port: ports.dynamo, dbPath: dataDir && path.join(dataDir, 'dynamodb'), corsOrigin: appUrl }));
    const dynamo = dynamoClient(dynamoEndpoint, region);
    await ensureTable(dynamo, TABLE_NAME);

    step('Starting the SES emulator');
    const ses = await startSes(ports.ses);
    servers.push(ses);
    // Mail to SES's simulator addresses comes back as the bounce or complaint SNS would deliver in AWS.
    simulateMailEvents(ses, sesEndpoint);
    step('Starting the Lambda trigger server');
    servers.push(await startTriggerServer(ports.triggers));

    step('Starting cognito-local');
    const cognitoDir = dataDir
      ? path.join(dataDir, 'cognito')
      : mkdtempSync(path.join(os.tmpdir(), 'school-directory-cognito-'));
    if (!dataDir) cleanups.push(() => rmSync(cognitoDir, { recursive: true, force: true }));
    mkdirSync(cognitoDir, { recursive: true });
    track(
      await startCognito({
        port: ports.cognito,
        dataDir: cognitoDir,
        lambdaEndpoint: `http://127.0.0.1:${ports.triggers}`,
        sesEndpoint,
        senderEmail: SENDER_EMAIL,
        region,
        quiet: options.quietEmulators ?? false,
        // Like DynamoDB Local's: web pages of the app (and of the dev server) only, and never an Admin* call.
        allowedOrigins: [appUrl, ...DEV_SERVER_ORIGINS],
      }),
    );
    const cognito = cognitoClient(cognitoEndpoint, region);
    const { userPoolId, userPoolClientId } = await ensurePool(cognito);
    lambdaEnv.USER_POOL_ID = userPoolId;
    process.env.USER_POOL_ID = userPoolId;

    let demoDataOutdated = false;
    if (options.seed !== false) {
      step('Checking the demo school (seeded on the first run only)');
      // Both steps are idempotent: the seed skips a dataset already written, existing accounts are kept.
      demoDataOutdated = (await seedDemoSchool(options.seed ?? {})).outdated;
      await ensureDemoAccounts(cognito, userPoolId);
    }

    const runtimeConfig = localRuntimeConfig({ region, userPoolId, userPoolClientId, cognitoEndpoint, mailboxUrl: sesEndpoint });
    step('Starting the gateway');
    servers.push(
      await startGateway({
        port: ports.app,
        webDir: options.webDir,
        runtimeConfig,
        cognitoEndpoint,
        userPoolId,
        userPoolClientId,
      }),
    );

    const info: StackInfo = {
      appUrl,
      mailboxUrl: sesEndpoint,
      dynamoEndpoint,
      cognitoEndpoint,
      triggersUrl: `http://127.0.0.1:${ports.triggers}`,
      tableName: TABLE_NAME,
      userPoolId,
      userPoolClientId,
      region,
      lambdaEnv,
      demoAccounts: DEMO_ACCOUNTS.map(({ role, email, password }) => ({ role, email, password })),
      ...(demoDataOutdated ? { demoDataOutdated } : {}),
    };
    if (dataDir) writeFileSync(path.join(dataDir, 'local-stack.json'), JSON.stringify(info, null, 2));

    return { info, stop, ...(options.preloadHandlers ? { handlersLoaded: preloadHandlers() } : {}) };
  } catch (error) {
    await stop();
    throw error;
  }
}
