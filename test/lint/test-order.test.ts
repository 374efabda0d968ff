import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import { EnvironmentGroupedSequencer } from '../setup/sequencer';

/**
 * The suite's file order (test/setup/sequencer.ts): inside a project, the files of one environment run one after
 * another, so a worker without isolation keeps its modules from one file to the next (docs/testing.md, "Fifth pass").
 */
const dir = mkdtempSync(path.join(tmpdir(), 'test-order-'));

function spec(project: string, file: string, environment: 'jsdom' | 'node' | undefined, size: number): TestSpecification {
  const moduleId = path.join(dir, `${project}-${file}`);
  writeFileSync(moduleId, `${environment ? `// @vitest-environment ${environment}\n` : ''}${'x'.repeat(size)}`);
  const config = { environment: 'node', isolate: project !== 'unit-isolated', root: dir, sequence: { groupOrder: 0 } };
  return { moduleId, project: { name: project, config } } as unknown as TestSpecification;
}

// vitest's own order, before this one: by project, then larger files first (no results cache in a fresh clone).
const ctx = {
  config: { root: dir },
  cache: { getFileTestResults: () => undefined, getFileStats: (key: string) => ({ size: Number(/(\d+)$/.exec(key)![1]) }) },
};

describe('test file order', () => {
  it('runs the jsdom files of a project one after another, then its node files, larger files first in each', async () => {
    const files = [
      spec('unit', 'a-400', 'jsdom', 400),
      spec('stack', 'b-900', undefined, 900),
      spec('unit', 'c-300', undefined, 300),
      spec('unit', 'd-200', 'jsdom', 200),
      spec('unit', 'e-100', 'node', 100),
      spec('unit-isolated', 'f-500', 'jsdom', 500),
    ];
    const order = await new EnvironmentGroupedSequencer(ctx as never).sort(files);
    expect(order.map((file) => path.basename(file.moduleId))).toEqual([
      'stack-b-900',
      'unit-a-400',
      'unit-d-200',
      'unit-c-300',
      'unit-e-100',
      'unit-isolated-f-500',
    ]);
  });
});
