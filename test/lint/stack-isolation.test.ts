import { describe, expect, it } from 'vitest';
import { files, text, withTestImports } from './test-sources';

/**
 * The `stack` project shares one module cache and one process per worker (isolate: false, vitest.config.ts): the
 * files of a worker run one after another in it. What a file changes for itself must not reach the next one:
 * - no file replaces a module or a global (vi.mock and the like would meet modules another file loaded first);
 * - a file that stubs an environment variable puts the environment back (vi.unstubAllEnvs), and one that fakes the
 *   clock gives the real one back (vi.useRealTimers), in the file or in the test support it imports.
 * This check reads each stack file and the test files it imports.
 */
const STACK_DIRS = ['test/lambdas', 'test/local', 'test/e2e', 'test/security'];
const REPLACES_MODULE = /\bvi\.(mock|doMock|unmock|stubGlobal|resetModules)\(/;
const PAIRS: [RegExp, RegExp, string][] = [
  [/\bvi\.stubEnv\(/, /\bvi\.unstubAllEnvs\(/, 'stubs the environment without vi.unstubAllEnvs'],
  [/\bvi\.(useFakeTimers|setSystemTime)\(/, /\bvi\.useRealTimers\(/, 'fakes the clock without vi.useRealTimers'],
];

describe('stack files leave the shared module cache and process as they found them', () => {
  const stackFiles = STACK_DIRS.flatMap(files).filter((file) => /\.test\.ts$/.test(file));

  it('finds the stack files', () => {
    expect(stackFiles.length).toBeGreaterThan(50);
  });

  it('no stack file replaces a module or a global', () => {
    expect(stackFiles.filter((file) => withTestImports(file).some((source) => REPLACES_MODULE.test(text(source))))).toEqual([]);
  });

  it('a stack file that stubs the environment or fakes the clock puts it back', () => {
    const problems = stackFiles.flatMap((file) => {
      const sources = withTestImports(file).map(text);
      return PAIRS.filter(([change, undo]) => sources.some((s) => change.test(s)) && !sources.some((s) => undo.test(s))).map(
        ([, , problem]) => `${file} ${problem}`,
      );
    });
    expect(problems).toEqual([]);
  });
});
