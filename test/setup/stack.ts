import path from 'node:path';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startLocalStack } from '../../local/stack';

/**
 * Starts one in-memory local stack (free ports, seeded demo school) for the whole `stack` test project and
 * hands its StackInfo to the tests (read it with useStack() from test/support/stack.ts).
 */
export default async function setup(project: TestProject) {
  const webDir = path.resolve('frontend/dist');
  if (!existsSync(path.join(webDir, 'index.html'))) {
    throw new Error('frontend/dist is missing: run `npm run build:web` first (npm test does it).');
  }
  const { info, stop } = await startLocalStack({ webDir });
  project.provide('stack', info);
  return async () => {
    await stop();
  };
}
