import { spawn } from 'node:child_process';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ulid } from 'ulid';
import { inject } from 'vitest';
import type { SeedOptions } from '../../local/demo/seed';
import type { StackInfo } from '../../local/stack-info';
import { testWebDir } from '../setup/stack';
import { isolatedStackLogFile } from './stack-log';
import { workerStack } from './stack';

export interface IsolatedStack {
  info: StackInfo;
  stop(): Promise<void>;
}

/**
 * A school of its own on the emulators of this worker's shared stack (test/setup/table-stack-runner.ts): its own
 * table in the shared DynamoDB Local, its own user pool in the shared cognito-local (the demo accounts, seeded the
 * same way), the shared SES emulator, and a gateway of its own in a child process: a journey that changes the
 * whole school (progression apply, imports, deletions) gets its own table and accounts without a second DynamoDB
 * Local, cognito-local or SES emulator (about 4 CPU seconds against 15 for a whole second stack). Its logs go next
 * to the shared stack's (isolatedStackLogFile), where test/security/log-scan.test.ts reads them.
 * Stopping it deletes the table and the pool. Sign-ups and password resets work: the pool's Cognito triggers run in
 * the table stack's process, on its table (the shared trigger server passes them on, local/triggers-server.ts).
 * `env`: extra environment for the stack's process (e.g. ADMIN_MFA_REQUIRED); `seed: false` starts it empty.
 */
export async function startTableStack(
  label: string,
  seed: SeedOptions | false = {},
  env: Record<string, string> = {},
): Promise<IsolatedStack> {
  const shared = workerStack();
  return withRetries(() =>
    startOnce(label, inject('stackRunners').table, {
      ...env,
      STACK_SEED: JSON.stringify(seed),
      SHARED_STACK: JSON.stringify(shared),
      TABLE_STACK_NAME: `${label}-${ulid().toLowerCase()}`,
    }),
  );
}

async function withRetries(start: () => Promise<IsolatedStack>): Promise<IsolatedStack> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      if (attempt >= 3 || !String((error as Error).message).includes('EADDRINUSE')) throw error;
    }
  }
}

/** `runner`: the bundled table-stack-runner.ts of this run (test/setup/stack-bundle.ts). */
async function startOnce(label: string, runner: string, env: Record<string, string>): Promise<IsolatedStack> {
  const logFile = isolatedStackLogFile(label);
  mkdirSync(path.dirname(logFile), { recursive: true });
  const logFd = openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--enable-source-maps', runner], {
    stdio: ['ignore', logFd, logFd, 'ipc'],
    env: { ...process.env, ...env, TEST_WEB_DIR: testWebDir() },
  });
  const info = await new Promise<StackInfo>((resolve, reject) => {
    child.on('message', (message: { type?: string; info?: StackInfo }) => {
      if (message.type === 'ready' && message.info) resolve(message.info);
    });
    child.once('exit', (code) =>
      reject(new Error(`The ${label} stack exited (code ${code}):\n${readFileSync(logFile, 'utf8').slice(-3000)}`)),
    );
  });
  return {
    info,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send({ type: 'stop' });
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  };
}
