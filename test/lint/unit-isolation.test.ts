import { describe, expect, it } from 'vitest';
import { UNIT_ISOLATED_FILES } from '../setup/unit-isolated';
import { files, text, withTestImports } from './test-sources';

/**
 * The `unit` project shares one module cache per worker (isolate: false, vitest.config.ts). A file that replaces a
 * module, a global, an environment variable or the clock would leak into, or meet, the modules another file loaded
 * (test/frontend/sign-out.test.ts's vi.mock got the real module another file had imported first), and so would a
 * file that renders the whole app (per-page state in its modules). Such files run in `unit-isolated`
 * (UNIT_ISOLATED_FILES in test/setup/unit-isolated.ts); this check fails when one is not listed there. It reads the
 * file and the test files it imports.
 */
const UNIT_DIRS = ['test/shared', 'test/bench', 'test/lib', 'test/frontend', 'test/lint'];
const REPLACES = /\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|useFakeTimers|setSystemTime|resetModules)\(/;
/** Imports of the whole app: its modules keep per-page state (the runtime configuration, Amplify's configuration). */
const RENDERS_APP = /from '[./]+\/(frontend\/src\/app\/(app|router)|render-app)'/;

describe('unit files that replace modules, globals or the clock, or render the app, run isolated', () => {
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
