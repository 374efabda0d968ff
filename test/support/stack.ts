import { inject } from 'vitest';
import type { StackInfo } from '../../local/stack-info';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/**
 * The local stack started once for the `stack` test project (test/setup/stack.ts). Also points this test
 * process's repositories and SDK clients at it, so tests can call repositories and services directly.
 */
export function useStack(): StackInfo {
  const stack = inject('stack');
  Object.assign(process.env, stack.lambdaEnv);
  return stack;
}
