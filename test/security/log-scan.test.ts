import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STACK_LOG_FILE, stackLogFiles } from '../support/stack-log';

/**
 * Runs after every other test file (its own project in a later group, vitest.config.ts), once every journey has
 * gone through the local stacks: the logs our code wrote must hold no email address, phone number, token or
 * Authorization header. Logs say which route ran and how it ended, never who asked or what they sent. Every
 * stack's log is read: the shared ones and those of the suites that start a stack of their own (hostile input,
 * faults, imports...).
 */
const PATTERNS: Record<string, RegExp> = {
  'email address': /[\w.+-]+@[\w-]+(\.[\w-]+)+/,
  'phone number': /\b\d{3}[ .-]?\d{3}-?\d{4}\b/,
  'JSON Web Token': /eyJ[\w-]{10,}\.[\w-]{10,}\.[\w-]{10,}/,
  'Authorization header': /authorization"?\s*[:=]\s*"?bearer/i,
  'update-link token': /\/update\/[\w-]{20,}/,
};

const REQUEST_LINE = '"message":"request"';

describe('collected stack logs', () => {
  const logs = stackLogFiles().map((file) => ({
    name: path.basename(file),
    lines: readFileSync(file, 'utf8').split('\n').filter(Boolean),
  }));

  it('were collected from the whole run, from every stack', () => {
    expect(logs[0]?.name).toBe(path.basename(STACK_LOG_FILE));
    // The journeys make hundreds of API calls: an almost empty log means the collection broke.
    const requests = logs.reduce((total, log) => total + log.lines.filter((l) => l.includes(REQUEST_LINE)).length, 0);
    expect(requests).toBeGreaterThan(10);
  });

  for (const [what, pattern] of Object.entries(PATTERNS)) {
    it(`contain no ${what}`, () => {
      const leaks = logs.flatMap((log) =>
        log.lines.filter((line) => pattern.test(line)).map((line) => `${log.name}: ${line.slice(0, 200)}`),
      );
      expect(leaks).toEqual([]);
    });
  }
});
