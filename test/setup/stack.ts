import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { StackInfo } from '../../local/stack-info';
import { bundleStackRunners } from './stack-bundle';
import { TEST_WORKERS } from './workers';
import { STACK_LOG_FILE, sharedStackLogFile, stackLogFiles } from '../support/stack-log';

/** The built frontend the test stack serves: frontend/dist, or TEST_WEB_DIR (a build of one's own, for parallel work). */
export function testWebDir(): string {
  return path.resolve(process.env.TEST_WEB_DIR ?? 'frontend/dist');
}

/**
 * How many shared stacks the `stack` project gets: one per vitest worker (vitest.config.ts's maxWorkers), so two
 * test files running at once never share a school. Each file uses the stack of its worker (useStack(),
 * test/support/stack.ts); files on one worker run one after another, as on a single stack before.
 */
export const SHARED_STACKS = TEST_WORKERS;

/** Starts one shared stack in a child process (`runner`, the bundled stack-runner.ts) whose output goes to `logFile`. */
async function startSharedStack(runner: string, logFile: string): Promise<{ info: StackInfo; stop(): Promise<void> }> {
  const logFd = openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--enable-source-maps', runner], {
    stdio: ['ignore', logFd, logFd, 'ipc'],
  });
  const info = await new Promise<StackInfo>((resolve, reject) => {
    child.on('message', (message: { type?: string; info?: StackInfo }) => {
      if (message.type === 'ready' && message.info) resolve(message.info);
    });
    child.once('exit', (code) =>
      reject(new Error(`The test stack exited (code ${code}):\n${readFileSync(logFile, 'utf8').slice(-3000)}`)),
    );
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.send({ type: 'stop' });
      setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
    });
  return { info, stop };
}

/**
 * Starts the in-memory local stacks (free ports, seeded demo school each) for the whole `stack` test project and
 * hands their StackInfo to the tests (read yours with useStack() from test/support/stack.ts).
 *
 * Each stack runs in a child process (test/setup/stack-runner.ts) whose output goes to a log file
 * (STACK_LOG_FILE for the first, sharedStackLogFile(n) for the others): test/security/log-scan.test.ts, which
 * runs after every other file, checks that what our code logged holds no personal data.
 * The stack processes, shared and table stacks alike, run bundles of their runners built at the start of the run
 * (test/setup/stack-bundle.ts), handed to the test files as `stackRunners` (test/support/isolated-stack.ts).
 */
export default async function setup(project: TestProject) {
  const webDir = testWebDir();
  if (!existsSync(path.join(webDir, 'index.html'))) {
    throw new Error(`${webDir} is missing: run \`npm run build:web\` first (npm test does it).`);
  }
  mkdirSync(path.dirname(STACK_LOG_FILE), { recursive: true });
  // The log scan reads every stack log of this run: an earlier run's isolated logs must not be among them.
  for (const file of stackLogFiles()) rmSync(file, { force: true });
  const bundles = await bundleStackRunners();
  const stacks = await Promise.all(
    Array.from({ length: SHARED_STACKS }, (_, index) =>
      startSharedStack(bundles.runners.shared, index === 0 ? STACK_LOG_FILE : sharedStackLogFile(index + 1)),
    ),
  ).catch((error: unknown) => {
    bundles.remove();
    throw error;
  });
  project.provide('stacks', stacks.map((stack) => stack.info));
  project.provide('stackRunners', bundles.runners);
  return async () => {
    await Promise.all(stacks.map((stack) => stack.stop()));
    bundles.remove();
  };
}
