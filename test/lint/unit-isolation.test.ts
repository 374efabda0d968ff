import { describe, expect, it } from 'vitest';
import { UNIT_ISOLATED_FILES } from '../setup/unit-isolated';
import { files, text, withTestImports } from './test-sources';

/**
 * The `unit` project shares one module cache per worker (isolate: false, vitest.config.ts). A file that replaces a
 * module would meet the copy another file loaded first (test/frontend/sign-out.test.ts's vi.mock got the real module
 * another file had imported), and a file that renders the whole app would meet another app's per-page state in its
 * modules. Such files run in `unit-isolated` (UNIT_ISOLATED_FILES in test/setup/unit-isolated.ts); this check fails
 * when one is not listed there. It reads the file and the test files it imports. Faked clocks and stubbed globals or
 * environment variables are put back after each test (test/setup/restore-stubs.ts, held by
 * test/lint/restore-stubs.test.ts), so they do not need a module cache of their own.
 */
const UNIT_DIRS = ['test/shared', 'test/bench', 'test/lib', 'test/frontend', 'test/lint'];
const REPLACES = /\bvi\.(mock|doMock|unmock|resetModules)\(/;
/** Imports of the whole app: its modules keep per-page state (the runtime configuration, Amplify's configuration). */
const RENDERS_APP = /from '[./]+\/(frontend\/src\/app\/(app|router)|render-app)'/;

describe('unit files that replace modules or render the app run isolated', () => {
  const unitFiles = UNIT_DIRS.flatMap(files).filter((file) => /\.test\.tsx?$/.test(file));

  it('finds the unit files', () => {
    expect(unitFiles.length).toBeGreaterThan(50);
  });

  it('lists every such file in UNIT_ISOLATED_FILES', () => {
    const replacing = unitFiles.filter((file) =>
      withTestImports(file).some((source) => REPLACES.test(text(source)) || RENDERS_APP.test(text(source))),
    );
    expect(replacing.filter((file) => !UNIT_ISOLATED_FILES.includes(file))).toEqual([]);
  });

  it('lists only files that exist', () => {
    expect(UNIT_ISOLATED_FILES.filter((file) => !unitFiles.includes(file))).toEqual([]);
  });
});
