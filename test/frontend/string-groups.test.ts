import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../../frontend/src/app/routes';
import en from '../../frontend/src/i18n/en.json';
import fr from '../../frontend/src/i18n/fr.json';
import {
  STRING_GROUPS,
  STRING_GROUP_NAMES,
  mergeStrings,
  selectStrings,
  type StringGroup,
  type StringPart,
} from '../../frontend/src/i18n/string-groups';

type Tree = Record<string, unknown>;
const PARTS: StringPart[] = ['first', ...STRING_GROUP_NAMES];

function leafKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'object' && value !== null ? leafKeys(value as Tree, path) : [path];
  });
}

describe('string groups (frontend/src/i18n/string-groups.ts, split at build time)', () => {
  it.each([
    ['fr', fr],
    ['en', en],
  ])('the parts of %s.json hold every key exactly once, and together are the whole file', (_, file) => {
    const parts = PARTS.map((part) => selectStrings(file, part));
    const keys = parts.flatMap((part) => leafKeys(part));
    expect(keys.length).toBe(new Set(keys).size);
    expect(keys.sort()).toEqual(leafKeys(file).sort());
    expect(parts.reduce((all, part) => mergeStrings(all, part), {})).toEqual(file);
  });

  it('every listed namespace exists, so a renamed one is noticed', () => {
    for (const namespace of Object.values(STRING_GROUPS).flat()) expect(Object.keys(fr)).toContain(namespace);
  });

  it("keeps a listed namespace's side-navigation entry, and every unlisted namespace, in the first part", () => {
    const first = selectStrings(fr, 'first');
    expect(first.adminData).toEqual({ nav: fr.adminData.nav });
    expect(first.progression).toBeUndefined();
    expect(first.auth).toEqual(fr.auth);
    // A namespace added later without a group lands in the first part: it works on every screen.
    expect(selectStrings({ ...fr, someNewScreen: { title: 'Nouveau' } }, 'first').someNewScreen).toEqual({
      title: 'Nouveau',
    });
    expect(selectStrings(fr, 'admin').adminData).not.toHaveProperty('nav');
  });

  it('merges nested parts without losing either side', () => {
    expect(mergeStrings({ a: { nav: 'N' }, b: 'x' }, { a: { title: 'T' } })).toEqual({
      a: { nav: 'N', title: 'T' },
      b: 'x',
    });
  });
});

/**
 * What each route's screen can show, read from the source: the page module and every module it imports (static or
 * dynamic, within frontend/src), and the string literals that name a grouped namespace's key. A route must declare
 * each group those keys belong to (app/routes.ts, `strings`), or it would render bare keys until the group loads.
 */
describe('routes declare the groups of strings their screens use (app/routes.ts)', () => {
  const src = path.resolve('frontend/src');
  const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
  const resolveModule = (from: string, spec: string): string | undefined => {
    const base = path.resolve(path.dirname(from), spec);
    return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
      (file) => file.startsWith(src) && !SKIP.test(file) && existsSync(file) && statSync(file).isFile() && /\.tsx?$/.test(file),
    );
  };
  const groupOfNamespace = new Map(STRING_GROUP_NAMES.flatMap((g) => STRING_GROUPS[g].map((ns) => [ns as string, g] as const)));
  const KEY = /['"`]([a-zA-Z]+)\.([a-zA-Z]+)/g;
  // Not followed: the translation modules themselves, and the routes list (it imports every page).
  const SKIP = /\/i18n\/|\/app\/routes\.ts$/;
  const ON_DEMAND = /loadStringGroups\(\s*\[([^\]]*)\]/g;
  const COMMENTS = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;

  function groupsUsed(entry: string): Set<StringGroup> {
    const seen = new Set<string>();
    // Each module with the groups loaded on demand by the module that imports it (none for the page itself).
    const queue: [string, Set<string>][] = [[entry, new Set()]];
    const groups = new Set<StringGroup>();
    while (queue.length > 0) {
      const [file, inherited] = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const code = readFileSync(file, 'utf8').replace(COMMENTS, '');
      // A module that loads a group itself before using it (loadStringGroups, e.g. on a click), and the modules it
      // imports, need no route to.
      const loadsItself = new Set([...inherited, ...[...code.matchAll(ON_DEMAND)].flatMap((m) => [...m[1]!.matchAll(/'(\w+)'/g)].map((g) => g[1]!))]);
      for (const m of code.matchAll(KEY)) {
        const group = groupOfNamespace.get(m[1]!);
        // A grouped namespace's `nav` key stays in the first part.
        if (group && m[2] !== 'nav' && !loadsItself.has(group)) groups.add(group);
      }
      for (const m of code.matchAll(IMPORT)) {
        const next = resolveModule(file, m[1]!);
        if (next) queue.push([next, loadsItself]);
      }
    }
    return groups;
  }

  const routesFile = path.join(src, 'app/routes.ts');
  const blocks = readFileSync(routesFile, 'utf8').split(/\n {2}\{\n/).slice(1);
  const pageModules = new Map(
    blocks.map((block) => [/path: '([^']+)'/.exec(block)![1]!, /import\('([^']+)'\)/.exec(block)![1]!] as const),
  );

  it('reads every route of APP_ROUTES', () => {
    expect([...pageModules.keys()].sort()).toEqual(APP_ROUTES.map((r) => r.path).sort());
  });

  it.each(APP_ROUTES.filter((r) => r.strings !== undefined).map((r) => [r.path, r] as const))('%s', (_, route) => {
    const page = resolveModule(routesFile, pageModules.get(route.path)!)!;
    const used = groupsUsed(page);
    if (route.adminOnly) for (const g of groupsUsed(resolveModule(routesFile, '../features/auth/components/admin-gate')!)) used.add(g);
    expect([...used].filter((g) => !route.strings!.includes(g))).toEqual([]);
  });

  it('leaves every group out of both frames: the shell and the light frame show the first part only', () => {
    for (const frame of ['./auth-shell', './light-shell', './router']) {
      expect([...groupsUsed(resolveModule(routesFile, frame)!)], frame).toEqual([]);
    }
  });
});
