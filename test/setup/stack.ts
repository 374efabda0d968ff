import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';
import type { StackInfo } from '../../local/stack-info';
import { STACK_LOG_FILE, stackLogFiles } from '../support/stack-log';

/** The built frontend the test stack serves: frontend/dist, or TEST_WEB_DIR (a build of one's own, for parallel work). */
export function testWebDir(): string {
  return path.resolve(process.env.TEST_WEB_DIR ?? 'frontend/dist');
}

/**
 * Starts one in-memory local stack (free ports, seeded demo school) for the whole `stack` test project and
 * hands its StackInfo to the tests (read it with useStack() from test/support/stack.ts).
 *
 * The stack runs in a child process (test/setup/stack-runner.ts) whose output goes to STACK_LOG_FILE:
 * test/security/log-scan.test.ts, which runs last, checks that what our code logged holds no personal data.
 */
export default async function setup(project: TestProject) {
  const webDir = testWebDir();
  if (!existsSync(path.join(webDir, 'index.html'))) {
    throw new Error(`${webDir} is missing: run \`npm run build:web\` first (npm test does it).`);
  }
  mkdirSync(path.dirname(STACK_LOG_FILE), { recursive: true });
  // The log scan reads every stack log of this run: an earlier run's isolated logs must not be among them.
  for (const file of stackLogFiles()) rmSync(file, { force: true });
  const logFd = openSync(STACK_LOG_FILE, 'w');
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = spawn(process.execPath, ['--import', tsxLoader, path.resolve('test/setup/stack-runner.ts')], {
    stdio: ['ignore', logFd, logFd, 'ipc'],
  });
  const info = await new Promise<StackInfo>((resolve, reject) => {
    child.on('message', (message: { type?: string; info?: StackInfo }) => {
      if (message.type === 'ready' && message.info) resolve(message.info);
    });
    child.once('exit', (code) =>
      reject(new Error(`The test stack exited (code ${code}):\n${readFileSync(STACK_LOG_FILE, 'utf8').slice(-3000)}`)),
    );
  });
  project.provide('stack', info);
  return async () => {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.send({ type: 'stop' });
      setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
    });
  };
}
