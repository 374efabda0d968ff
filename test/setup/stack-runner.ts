/**
 * Child process that runs the test stack (see test/setup/stack.ts). Its stdout and stderr go to the stack log
 * file, so everything our handlers and triggers log is collected without touching the test runner's console.
 */
import path from 'node:path';
import type { SeedOptions } from '../../local/demo/seed';
import { startLocalStack } from '../../local/stack';

// STACK_SEED (JSON SeedOptions) seeds another school than the standard demo one, `false` none at all
// (test/support/isolated-stack.ts).
const seed = process.env.STACK_SEED ? (JSON.parse(process.env.STACK_SEED) as SeedOptions | false) : undefined;
const { info, stop } = await startLocalStack({
  webDir: path.resolve(process.env.TEST_WEB_DIR ?? 'frontend/dist'),
  logLevel: 'INFO',
  quietEmulators: true,
  ...(seed !== undefined ? { seed } : {}),
});
process.send?.({ type: 'ready', info });

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await stop();
  process.exit(0);
}
process.on('message', (message) => {
  if ((message as { type?: string })?.type === 'stop') void shutdown();
});
process.on('SIGTERM', () => void shutdown());
// If the test runner dies, the IPC channel closes: stop rather than linger.
process.on('disconnect', () => void shutdown());
