import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_CEILING_GZIP, firstPage } from '../../local/bench/first-page';
import fr from '../../frontend/src/i18n/fr.json';
import { STRING_GROUP_NAMES, selectStrings } from '../../frontend/src/i18n/string-groups';

/**
 * Reads the frontend build (`npm test` runs `npm run build:web` first; alone, run it yourself). The sizes of a
 * given build are deterministic, so a budget is a fair test. How the first page is counted: local/bench/first-page.ts.
 */
const dist = path.resolve('frontend/dist');

describe('first page (frontend/dist)', () => {
  it('stays within its gzip ceiling, JavaScript and CSS together', () => {
    const page = firstPage(dist);
    const total = page.gzip.js + page.gzip.css;
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    expect(
      total,
      `first page ${kb(total)} gzip (JS ${kb(page.gzip.js)}, CSS ${kb(page.gzip.css)}) > ${kb(FIRST_PAGE_CEILING_GZIP)}`,
    ).toBeLessThanOrEqual(FIRST_PAGE_CEILING_GZIP);
    // The count follows the entry's static imports: React and the router are always among them.
    expect(page.files.filter((f) => f.kind === 'js').length).toBeGreaterThan(1);
    expect(page.gzip.css).toBeGreaterThan(0);
  });

  it('serves fonts as woff2 files with font-display: swap, never base64 in CSS', () => {
    const page = firstPage(dist);
    const fonts = page.files.filter((f) => f.kind === 'font');
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((f) => f.name.endsWith('.woff2'))).toBe(true);
    const assets = path.join(dist, 'assets');
    for (const name of readdirSync(assets).filter((n) => n.endsWith('.css'))) {
      const css = readFileSync(path.join(assets, name), 'utf8');
      expect(css, name).not.toMatch(/data:font/);
      for (const face of css.match(/@font-face\{[^}]*\}/g) ?? []) expect(face).toContain('font-display:swap');
    }
  });

  it('keeps only the Open Sans faces the screens use', () => {
    const names = firstPage(dist).files.filter((f) => f.kind === 'font').map((f) => f.name.replace(/-[\w-]{8}\.woff2$/, ''));
    expect(names.sort()).toEqual(['open-sans-400', 'open-sans-400-italic', 'open-sans-700']);
  });

  it('counts the French strings the first render waits for, and leaves English and Amplify to load later', () => {
    const names = firstPage(dist).files.filter((f) => f.kind === 'js').map((f) => f.name);
    expect(names.filter((n) => n.startsWith('strings-fr-'))).toHaveLength(1);
    expect(names.filter((n) => n.startsWith('strings-en-'))).toEqual([]);
    const assets = readdirSync(path.join(dist, 'assets'));
    // Both exist as chunks of their own: the other language and Amplify are fetched on demand.
    expect(assets.some((n) => /^strings-en-[\w-]+\.js$/.test(n))).toBe(true);
    expect(assets.some((n) => /^amplify-[\w-]+\.js$/.test(n))).toBe(true);
    expect(names.filter((n) => n.startsWith('amplify'))).toEqual([]);
  });

  it("leaves the administrators' and the account screens' strings to those screens (frontend/src/i18n/string-groups.ts)", () => {
    const page = firstPage(dist);
    const code = page.files
      .filter((f) => f.kind === 'js')
      .map((f) => readFileSync(path.join(dist, 'assets', f.name), 'utf8'))
      .join('\n');
    const texts = (tree: unknown): string[] =>
      typeof tree === 'string' ? [tree] : Object.values(tree as Record<string, unknown>).flatMap(texts);
    // Sentences long enough to be unique, written without characters the build could escape.
    const sample = (part: 'first' | (typeof STRING_GROUP_NAMES)[number]) =>
      texts(selectStrings(fr, part)).filter((t) => t.length >= 30 && /^[A-Za-z ,.]+$/.test(t));
    const shared = new Set(texts(selectStrings(fr, 'first')));
    for (const group of STRING_GROUP_NAMES) {
      // A sentence that the first part also holds (the same words on a first-page screen) proves nothing.
      const own = sample(group).filter((text) => !shared.has(text));
      expect(own.length, group).toBeGreaterThan(3);
      expect(own.filter((text) => code.includes(text)), group).toEqual([]);
    }
    // The same check finds the first part's sentences: it would notice a group that slipped back in.
    expect(sample('first').filter((text) => code.includes(text)).length).toBeGreaterThan(3);
    const assets = readdirSync(path.join(dist, 'assets'));
    for (const group of STRING_GROUP_NAMES) {
      expect(assets.some((n) => new RegExp(`^strings-${group}-fr-[\\w-]+\\.js$`).test(n)), group).toBe(true);
    }
  });

  it("declares the design tokens the light frame of /auth reads (frontend/build/cloudscape-unused.ts keeps them)", () => {
    const page = firstPage(dist);
    const css = page.files
      .filter((f) => f.kind === 'css')
      .map((f) => readFileSync(path.join(dist, 'assets', f.name), 'utf8'))
      .join('\n');
    const frame = readFileSync(path.resolve('frontend/src/components/layout/light-frame.css'), 'utf8');
    const used = [...new Set([...frame.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]!))];
    expect(used.length).toBeGreaterThan(10);
    // The frame's own rules are in the first page's style sheet, and every token they read is declared there.
    expect(css).toContain('.light-frame__header');
    expect(used.filter((name) => !css.includes(`${name}:`))).toEqual([]);
  });

  it('does not put zod in the first page', () => {
    const page = firstPage(dist);
    for (const file of page.files.filter((f) => f.kind === 'js')) {
      // zod's error map names its issue codes; no other first-page module holds this string.
      expect(readFileSync(path.join(dist, 'assets', file.name), 'utf8'), file.name).not.toContain('invalid_union');
    }
  });

  it("does not put Cloudscape's Popover in the first page (Button's tooltip loads when used: frontend/build/cloudscape-trim.ts)", () => {
    const page = firstPage(dist);
    const popoverClass = /"arrow-outer":\s*"([\w-]+)"/.exec(readFileSync('node_modules/@cloudscape-design/components/popover/styles.css.js', 'utf8'))?.[1];
    expect(popoverClass).toBeTruthy();
    for (const file of page.files.filter((f) => f.kind === 'js')) {
      expect(readFileSync(path.join(dist, 'assets', file.name), 'utf8'), file.name).not.toContain(popoverClass);
    }
    // Still in the build, for the pages that use it.
    const assets = readdirSync(path.join(dist, 'assets')).filter((name) => name.endsWith('.js'));
    expect(assets.some((name) => readFileSync(path.join(dist, 'assets', name), 'utf8').includes(popoverClass!))).toBe(true);
  });

  it("leaves out Cloudscape's missing-styles check, run by every component it renders (frontend/build/cloudscape-trim.ts)", () => {
    // The check's metric name, in Cloudscape's source (so the test knows what to look for) and in no built script.
    expect(readFileSync('node_modules/@cloudscape-design/components/internal/hooks/use-base-component/styles-check.js', 'utf8')).toContain(
      'awsui-missing-css-asset',
    );
    const scripts = readdirSync(path.join(dist, 'assets')).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(10);
    for (const name of scripts) expect(readFileSync(path.join(dist, 'assets', name), 'utf8'), name).not.toContain('awsui-missing-css-asset');
  });

  it('says clearly when the build is missing', () => {
    expect(() => firstPage(path.resolve('frontend/no-such-dist'))).toThrow(/npm run build:web/);
  });
});
