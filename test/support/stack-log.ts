import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Where the test stack's own logs are collected (see test/setup/stack.ts). */
/** TEST_STACK_LOG lets parallel runs on one machine keep their own log. */
export const STACK_LOG_FILE = path.resolve(process.env.TEST_STACK_LOG ?? '.tmp/test-logs/stack.log');

const LOG_DIR = path.dirname(STACK_LOG_FILE);
const LOG_BASE = path.basename(STACK_LOG_FILE, '.log');

/**
 * The log of a stack of its own (test/support/isolated-stack.ts), next to the shared stack's log and named after
 * it, so a run with its own TEST_STACK_LOG keeps its own isolated logs too.
 */
export function isolatedStackLogFile(label: string): string {
  return path.join(LOG_DIR, `${LOG_BASE}.${label}.log`);
}

/** The log of the n-th shared stack (n ≥ 2; the first writes STACK_LOG_FILE), see test/setup/stack.ts. */
export function sharedStackLogFile(n: number): string {
  return isolatedStackLogFile(`shared-${n}`);
}

/** Every stack log of this run: the shared stack's and each isolated stack's (test/security/log-scan.test.ts). */
export function stackLogFiles(): string[] {
  const isolated = readdirSync(LOG_DIR)
    .filter((name) => name.startsWith(`${LOG_BASE}.`) && name.endsWith('.log'))
    .map((name) => path.join(LOG_DIR, name));
  return [STACK_LOG_FILE, ...isolated.sort()];
}
