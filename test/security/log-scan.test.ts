import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STACK_LOG_FILE } from '../support/stack-log';

/**
 * Runs last in the `stack` project (see the sequencer in vitest.config.ts), after every journey has gone through
 * the local stack: the logs our code wrote must hold no email address, phone number, token or Authorization
 * header. Logs say which route ran and how it ended, never who asked or what they sent.
 */
const PATTERNS: Record<string, RegExp> = {
  'email address': /[\w.+-]+@[\w-]+(\.[\w-]+)+/,
  'phone number': /\b\d{3}[ .-]?\d{3}-?\d{4}\b/,
  'JSON Web Token': /eyJ[\w-]{10,}\.[\w-]{10,}\.[\w-]{10,}/,
  'Authorization header': /authorization"?\s*[:=]\s*"?bearer/i,
  'update-link token': /\/update\/[\w-]{20,}/,
};

describe('collected stack logs', () => {
  const lines = readFileSync(STACK_LOG_FILE, 'utf8').split('\n').filter(Boolean);

  it('were collected from the whole run', () => {
    // The journeys make hundreds of API calls: an almost empty log means the collection broke.
    expect(lines.filter((l) => l.includes('"message":"request"')).length).toBeGreaterThan(10);
  });

  for (const [what, pattern] of Object.entries(PATTERNS)) {
    it(`contain no ${what}`, () => {
      const leaks = lines.filter((line) => pattern.test(line)).map((line) => line.slice(0, 200));
      expect(leaks).toEqual([]);
    });
  }
});
