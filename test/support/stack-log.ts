import path from 'node:path';

/** Where the test stack's own logs are collected (see test/setup/stack.ts). */
/** TEST_STACK_LOG lets parallel runs on one machine keep their own log. */
export const STACK_LOG_FILE = path.resolve(process.env.TEST_STACK_LOG ?? '.tmp/test-logs/stack.log');
