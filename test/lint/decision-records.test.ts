import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The decisions are one short record per file under docs/decisions/, listed in its README.md
 * (docs/decisions/README.md); the code and the docs cite a record by its file.
 */
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.(ts|tsx|js|md)$/.test(file) && file !== 'test/lint/decision-records.test.ts' && existsSync(file));
const records = readdirSync('docs/decisions').filter((file) => file.endsWith('.md') && file !== 'README.md');

describe('decision records', () => {
  it('are cited by a file that exists, never the old single page', () => {
    const cited = tracked.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/decisions(\/[\w-]+)?\.md/g)].map((match) => ({ file, cite: match[0] })),
    );
    expect(cited.length).toBeGreaterThan(20);
    expect(cited.filter(({ cite }) => cite === 'decisions.md')).toEqual([]);
    expect(cited.filter(({ cite }) => !existsSync(`docs/${cite}`))).toEqual([]);
  });

  it('are each listed in the index, and cite no outside issue tracker', () => {
    const index = readFileSync('docs/decisions/README.md', 'utf8');
    expect(records.filter((record) => !index.includes(`(${record})`))).toEqual([]);
    const outside = /\bissues? #?\d|#\d+\b/i;
    expect(records.filter((record) => outside.test(readFileSync(`docs/decisions/${record}`, 'utf8')))).toEqual([]);
  });
});
