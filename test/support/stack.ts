import { inject } from 'vitest';
import type { StackInfo } from '../../local/stack-info';
import type { StackRunners } from '../setup/stack-bundle';

declare module 'vitest' {
  export interface ProvidedContext {
    stacks: StackInfo[];
    /** The bundled stack processes of this run (test/setup/stack-bundle.ts). */
    stackRunners: StackRunners;
  }
}

/**
 * The local stack of this test file: the `stack` project starts one shared stack per vitest worker
 * (test/setup/stack.ts) and a file uses its worker's (VITEST_POOL_ID), so files running at the same time never
 * share a school. Also points this test process's repositories and SDK clients at it, so tests can call
 * repositories and services directly.
 */
export function useStack(): StackInfo {
  const stack = workerStack();
  Object.assign(process.env, stack.lambdaEnv);
  return stack;
}

/** This worker's stack, leaving the environment alone (for files that work in a table of their own). */
export function workerStack(): StackInfo {
  const stacks = inject('stacks');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return stacks[(Math.max(worker, 1) - 1) % stacks.length]!;
}
