import { spawn } from 'node:child_process';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SeedOptions } from '../../local/demo/seed';
import type { StackInfo } from '../../local/stack-info';
import { testWebDir } from '../setup/stack';
import { isolatedStackLogFile } from './stack-log';

export interface IsolatedStack {
  info: StackInfo;
  stop(): Promise<void>;
}

/**
 * A second local stack, in a child process of its own, for a journey that changes the whole school (progression
 * apply, imports, deletions) and so must not share the stack the other test files read. Costs a few seconds to
 * start; stop it in afterAll. Its logs go next to the shared stack's (isolatedStackLogFile), where
 * test/security/log-scan.test.ts reads them. `seed: false` starts an empty stack (no
 * school, no accounts), e.g. to import into.
 */
export async function startIsolatedStack(
  label: string,
  seed: SeedOptions | false = {},
  /** Extra environment for the stack's process (e.g. ADMIN_MFA_REQUIRED). */
  env: Record<string, string> = {},
): Promise<IsolatedStack> {
  // The stack takes free ports, found then bound: another process may bind one in between (EADDRINUSE, seen
  // in CI with two workers each starting stacks). Such a start is tried again, on ports found afresh.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(label, seed, env);
    } catch (error) {
      if (attempt >= 3 || !String((error as Error).message).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startOnce(label: string, seed: SeedOptions | false, env: Record<string, string>): Promise<IsolatedStack> {
  const logFile = isolatedStackLogFile(label);
  mkdirSync(path.dirname(logFile), { recursive: true });
  const logFd = openSync(logFile, 'w');
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = spawn(process.execPath, ['--import', tsxLoader, path.resolve('test/setup/stack-runner.ts')], {
    stdio: ['ignore', logFd, logFd, 'ipc'],
    env: { ...process.env, ...env, TEST_WEB_DIR: testWebDir(), STACK_SEED: JSON.stringify(seed) },
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
