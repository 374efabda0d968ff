import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/** The stack processes' entry points, bundled once per run (bundleStackRunners). */
const RUNNERS = { shared: 'test/setup/stack-runner.ts', table: 'test/setup/table-stack-runner.ts' } as const;

export type StackRunners = Record<keyof typeof RUNNERS, string>;

/**
 * Each of our files keeps its own `import.meta.url` in the bundle: the local stack finds files next to its sources
 * by it (DynamoDB Local's launcher, cognito-local's launcher, packages resolved with createRequire), which in one
 * bundled file would all point at the bundle.
 */
const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(bundle) {
    bundle.onLoad({ filter: /\.tsx?$/ }, async ({ path: file }) => {
      if (file.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await readFile(file, 'utf8');
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href)), loader: 'ts' };
    });
  },
};

/**
 * Bundles the shared stack's and the table stack's process (test/setup/stack-runner.ts, table-stack-runner.ts), with
 * every handler they import, into one JavaScript file each, built from the working tree at the start of each run.
 * Under tsx each of those processes (two shared stacks and about ten table stacks a run) resolved and loaded the
 * handlers' TypeScript module by module through tsx's loader hooks: a table stack took 4.0 CPU s to be ready and
 * its handlers 2.6 CPU s more to load; bundled, 2.5 CPU s to be ready and about 1.2 s for the handlers
 * (docs/testing.md, "Fourth pass: stack tests, unit infrastructure, checks"). Packages stay outside the bundle
 * (`packages: 'external'`), loaded by Node from node_modules as before, so the bundles are written inside the
 * tree (`.tmp/`, one folder per run) where Node finds them. Returns the bundles' paths and a function that removes them.
 */
export async function bundleStackRunners(): Promise<{ runners: StackRunners; remove(): void }> {
  // .tmp/ is not in a fresh clone (git ignores it), and the stack log that creates it may be elsewhere (TEST_STACK_LOG).
  mkdirSync(path.resolve('.tmp'), { recursive: true });
  removeOrphanRunners(path.resolve('.tmp'));
  const outdir = mkdtempSync(path.resolve(`.tmp/${PREFIX}`));
  writeFileSync(path.join(outdir, OWNER), String(process.pid));
  await build({
    entryPoints: Object.values(RUNNERS).map((file) => path.resolve(file)),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Stack traces in the stack logs name the TypeScript files (the processes run with --enable-source-maps).
    sourcemap: true,
    plugins: [ownImportMetaUrl],
    logLevel: 'warning',
  });
  const bundled = (file: string) => path.join(outdir, `${path.basename(file, '.ts')}.js`);
  return {
    runners: { shared: bundled(RUNNERS.shared), table: bundled(RUNNERS.table) },
    remove: () => rmSync(outdir, { recursive: true, force: true }),
  };
}

const PREFIX = 'stack-runners-';
/** The file in a run's folder that names the process that made it. */
const OWNER = 'owner.pid';
/** A folder without an owner this old is a run's that stopped before writing one (or an older version's). */
const OWNERLESS_AGE_MS = 60 * 60 * 1000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's process.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the bundle folders of runs that were killed before they could remove their own (Ctrl-C twice, a CI
 * time-out): those whose owner process is gone, and those without an owner that are more than an hour old. A run
 * still going in the same checkout keeps its folder.
 */
export function removeOrphanRunners(tmp: string, now = Date.now()): string[] {
  const removed: string[] = [];
  for (const name of readdirSync(tmp)) {
    if (!name.startsWith(PREFIX)) continue;
    const folder = path.join(tmp, name);
    let owner: number | undefined;
    try {
      owner = Number(readFileSync(path.join(folder, OWNER), 'utf8')) || undefined;
    } catch {
      owner = undefined;
    }
    const orphan = owner === undefined ? now - statSync(folder).mtimeMs > OWNERLESS_AGE_MS : !alive(owner);
    if (!orphan) continue;
    rmSync(folder, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
