import path from 'node:path';

/** Where the test stack's own logs are collected (see test/setup/stack.ts). */
export const STACK_LOG_FILE = path.resolve('.tmp/test-logs/stack.log');
