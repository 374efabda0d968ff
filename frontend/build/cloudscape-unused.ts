import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Two more pieces of Cloudscape that the first page carried for nothing (docs/decisions/first-page-at-250-kb-what-left-it-what-stays.md, "First page at 250 KB",
 * and docs/frontend.md, "First page"), left out at build time:
 *
 * - Cloudscape's label files (i18n/messages/all.fr.js, all.en.js) hold the labels of every component of the
 *   library (date range pickers, property filters, S3 selectors...), in each language's first-page chunk. Only the
 *   components the app can render keep theirs: the ones reachable from its imports of
 *   `@cloudscape-design/components/<name>`, following the library's own relative imports, name their labels with
 *   `useInternalI18n('<component>')`. A component imported later is found by the next build.
 * - The base theme (internal/base-theme/styles.scoped.css) defines its design tokens again for visual contexts this
 *   app never enters: the high-contrast content header (`headerVariant="high-contrast"`), compact density
 *   (`applyDensity`, a table's `contentDensity="compact"`) and the toolbar layout (frontend/build/cloudscape-trim.ts
 *   removes it). Those rules go; the build fails if the app's code starts using one of them.
 */
const UNUSED_CONTEXTS = [
  'awsui-context-content-header',
  'awsui-context-compact-table',
  'awsui-compact-mode',
  'awsui-context-app-layout-toolbar',
];
/** What in the app's code would enter one of those contexts. */
const CONTEXT_USE = /high-contrast|contentDensity|applyDensity|Density\.Compact|awsui-compact-mode/;
const MESSAGES = /\/@cloudscape-design\/components\/i18n\/messages\/all\.(\w+)\.js$/;
const BASE_THEME = /\/@cloudscape-design\/components\/internal\/base-theme\/styles\.scoped\.css$/;
const APP_IMPORT = /['"]@cloudscape-design\/components\/([\w/-]+)['"]/g;
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
const I18N_COMPONENT = /useInternalI18n\(\s*['"]([^'"]+)['"]\s*\)/g;
/** A token read in CSS or JavaScript (`var(--name`), and any token named in the app's own files. */
const TOKEN_USE = /var\(\s*(--[\w-]+)/g;
const TOKEN_NAME = /(--[a-z][\w-]*)/g;
/** The tokens as JavaScript constants (`export var colorPrimary50 = "var(--color-primary-50-…, #…)"`). */
const TOKENS_MODULE = /\/internal\/generated\/styles\/tokens\.js$/;
const TOKEN_EXPORT = /export var (\w+) = "var\((--[\w-]+)/g;
const TOKENS_IMPORT = /import\s+(?:\*\s+as\s+(\w+)|\{([^}]*)\})\s+from\s+['"][./]+(?:internal\/)?generated\/styles\/tokens['"]/g;
const QUOTED = /['"`]([\w-]+)['"`]/g;
const ICONS = /\/@cloudscape-design\/components\/icon\/generated\/icons\.js$/;
const ICON_ENTRY = /^ {4}"([\w-]+)": React\.createElement\(/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(?:ts|tsx|css)$/.test(name) ? [file] : [];
  });
}

function resolveModule(file: string): string | undefined {
  for (const candidate of [file, `${file}.js`, path.join(file, 'index.js')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

let tokenConstants: Map<string, string> | undefined;

/** The token a constant of internal/generated/styles/tokens.js stands for. */
function tokenOf(library: string, constant: string): string {
  tokenConstants ??= new Map(
    [...readFileSync(path.join(library, 'internal/generated/styles/tokens.js'), 'utf8').matchAll(TOKEN_EXPORT)].map(
      (m) => [m[1]!, m[2]!],
    ),
  );
  const token = tokenConstants.get(constant);
  if (!token) throw new Error(`Cloudscape token constant ${constant} not found: review frontend/build/cloudscape-unused.ts`);
  return token;
}

/** The token constants a module reads: `tokens.colorX` after `import * as tokens`, or named imports. */
function tokenConstantsRead(code: string): string[] {
  return [...code.matchAll(TOKENS_IMPORT)].flatMap((m) => {
    if (m[1]) return [...code.matchAll(new RegExp(`\\b${m[1]}\\.(\\w+)`, 'g'))].map((use) => use[1]!);
    return m[2]!.split(',').map((part) => part.trim().split(/\s+as\s+/)[0]!).filter(Boolean);
  });
}

export interface LibraryUse {
  /** Components whose labels the app can show: `useInternalI18n` names in the library code it can run. */
  labels: Set<string>;
  /** Every quoted string in that code and in the app's own: an icon is shown by name, always written out. */
  literals: Set<string>;
  /** The design tokens (CSS custom properties) that code, its style sheets or the app's files read or name. */
  tokens: Set<string>;
}

/** What the app can run of Cloudscape: the modules reachable from its imports (static or dynamic). */
export function libraryUse(library: string, appSources: string): LibraryUse {
  const queue: string[] = [];
  const literals = new Set<string>();
  const tokens = new Set<string>();
  for (const file of sourceFiles(appSources)) {
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(TOKEN_NAME)) tokens.add(m[1]!);
    if (file.endsWith('.css')) continue;
    for (const m of code.matchAll(QUOTED)) literals.add(m[1]!);
    for (const m of code.matchAll(APP_IMPORT)) {
      const entry = resolveModule(path.join(library, m[1]!));
      if (entry) queue.push(entry);
    }
  }
  const seen = new Set<string>();
  const labels = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    // The tokens module lists them all: only the constants its importers read count.
    if (!TOKENS_MODULE.test(file)) for (const m of code.matchAll(TOKEN_USE)) tokens.add(m[1]!);
    for (const name of tokenConstantsRead(code)) tokens.add(tokenOf(library, name));
    if (file.endsWith('.css')) continue;
    for (const m of code.matchAll(I18N_COMPONENT)) labels.add(m[1]!);
    // The icon set names every icon: only the code that shows one counts.
    if (!ICONS.test(file)) for (const m of code.matchAll(QUOTED)) literals.add(m[1]!);
    for (const m of code.matchAll(RELATIVE_IMPORT)) {
      const next = resolveModule(path.resolve(path.dirname(file), m[1]!));
      // The base theme defines the tokens: what it reads itself counts only for the tokens kept (dropUnusedTokens).
      if (next?.endsWith('.js') || (next?.endsWith('.css') && !BASE_THEME.test(next))) queue.push(next);
    }
  }
  return { labels, literals, tokens };
}

/** icons.js keeping only the named icons (each entry is one `"name": React.createElement(…)` at the top level). */
export function keepIcons(source: string, used: Set<string>): { code: string; kept: string[] } | undefined {
  const head = 'const icons = {\n';
  const tail = '\n};\nexport default icons;';
  const start = source.indexOf(head);
  const end = source.indexOf(tail);
  if (start < 0 || end < 0) return undefined;
  const body = source.slice(start + head.length, end);
  const entries = body.split(/,\n(?= {4}"[\w-]+": )/);
  if (!entries.every((entry) => ICON_ENTRY.test(entry))) return undefined;
  const keptEntries = entries.filter((entry) => used.has(ICON_ENTRY.exec(entry)![1]!));
  const kept = keptEntries.map((entry) => ICON_ENTRY.exec(entry)![1]!);
  return { code: `${source.slice(0, start + head.length)}${keptEntries.join(',\n')}${source.slice(end)}`, kept };
}

type Messages = Record<string, Record<string, Record<string, unknown>>>;

/** A label file keeping only the given components' labels. */
export function keepLabels(messages: Messages, components: Set<string>): Messages {
  return Object.fromEntries(
    Object.entries(messages).map(([namespace, locales]) => [
      namespace,
      Object.fromEntries(
        Object.entries(locales).map(([locale, byComponent]) => [
          locale,
          Object.fromEntries(Object.entries(byComponent).filter(([component]) => components.has(component))),
        ]),
      ),
    ]),
  );
}

/** Splits CSS at one nesting level into `prelude { body }` blocks (comments removed first). */
function blocks(css: string): { prelude: string; body: string }[] {
  const out: { prelude: string; body: string }[] = [];
  let depth = 0;
  let start = 0;
  let open = -1;
  for (let i = 0; i < css.length; i += 1) {
    if (css[i] === '{') {
      if (depth === 0) open = i;
      depth += 1;
    } else if (css[i] === '}') {
      depth -= 1;
      if (depth === 0) {
        out.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, i) });
        start = i + 1;
      }
    }
  }
  return out;
}

const unusedSelector = (selector: string) => UNUSED_CONTEXTS.some((name) => selector.includes(name));

/** A rule list without the rules that apply only inside the unused contexts (nested @-rules are walked). */
function dropRules(css: string): string {
  return blocks(css)
    .map(({ prelude, body }) => {
      if (prelude.startsWith('@')) {
        const inner = dropRules(body);
        return /^@(?:media|layer|supports)/.test(prelude) && inner.trim() === '' ? '' : `${prelude} {${inner}}`;
      }
      if (prelude.split(',').every(unusedSelector)) return '';
      return `${prelude} {${body}}`;
    })
    .join('\n');
}

/** The base theme's style sheet without the token sets of unused visual contexts. */
export function dropUnusedContexts(css: string): string {
  return dropRules(css.replace(/\/\*[\s\S]*?\*\//g, ''));
}

const ALWAYS_KEPT_TOKENS = /^--(?:awsui-|color-(?:primary|neutral|grey|error|success|warning|info|white|black|transparent)-)/;
const DECLARATION = /(--[\w-]+)\s*:([^;{}]*)(;|(?=\s*\}))/g;

/**
 * The base theme's style sheet without the tokens nothing reads: a token stays when the code the app can run, the
 * style sheets it loads or the app's own files name it, or when a token that stays reads it (to a fixed point).
 * Tokens Cloudscape reads by name from JavaScript (`--awsui-…`) always stay, and so do the colour palettes: the
 * style sheet the theming runtime generates for a brand theme (components/theme/apply-theme.ts) points at them.
 */
export function dropUnusedTokens(css: string, used: Set<string>): { css: string; dropped: number } {
  const keep = new Set(used);
  const values = new Map<string, string[]>();
  for (const m of css.matchAll(DECLARATION)) values.set(m[1]!, [...(values.get(m[1]!) ?? []), m[2]!]);
  for (const name of values.keys()) if (ALWAYS_KEPT_TOKENS.test(name)) keep.add(name);
  let grew = true;
  while (grew) {
    grew = false;
    for (const name of [...keep]) {
      for (const value of values.get(name) ?? []) {
        for (const m of value.matchAll(TOKEN_USE)) {
          if (!keep.has(m[1]!)) {
            keep.add(m[1]!);
            grew = true;
          }
        }
      }
    }
  }
  let dropped = 0;
  const kept = css.replace(DECLARATION, (declaration: string, name: string) => {
    if (keep.has(name)) return declaration;
    dropped += 1;
    return '';
  });
  return { css: kept, dropped };
}

export function cloudscapeUnused(): Plugin {
  let appSources = '';
  let use: LibraryUse | undefined;
  const usage = (id: string, marker: string) => (use ??= libraryUse(id.slice(0, id.indexOf(marker)), appSources));
  return {
    name: 'school-directory:cloudscape-unused',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      appSources = path.join(config.root, 'src');
    },
    load(id) {
      if (ICONS.test(id)) {
        const { literals } = usage(id, '/icon/generated/');
        const trimmed = keepIcons(readFileSync(id, 'utf8'), literals);
        // The icons every layout shows must survive, or the scan went wrong.
        if (!trimmed || !['angle-down', 'close', 'menu'].every((name) => trimmed.kept.includes(name))) {
          this.error('Cloudscape icons changed: review frontend/build/cloudscape-unused.ts');
        }
        return trimmed.code;
      }
      if (!MESSAGES.test(id)) return null;
      const json = id.replace(/\.js$/, '.json');
      if (!existsSync(json)) this.error(`${json} is missing: review frontend/build/cloudscape-unused.ts`);
      const { labels } = usage(id, '/i18n/messages/');
      if (!labels.has('app-layout')) this.error('no label of AppLayout found: review frontend/build/cloudscape-unused.ts');
      const messages = JSON.parse(readFileSync(json, 'utf8')) as Messages;
      return `export default ${JSON.stringify(keepLabels(messages, labels))};`;
    },
    transform(code, id) {
      if (BASE_THEME.test(id)) {
        const { tokens } = usage(id, '/internal/base-theme/');
        const { css: kept, dropped } = dropUnusedTokens(dropUnusedContexts(code), tokens);
        if (!kept.includes('awsui-context-top-navigation') || !kept.includes('--color-') || dropped === 0) {
          this.error('Cloudscape base theme changed: review frontend/build/cloudscape-unused.ts');
        }
        return { code: kept, map: null };
      }
      if (id.startsWith(appSources) && /\.tsx?$/.test(id) && CONTEXT_USE.test(code)) {
        this.error(`${id} enters a Cloudscape visual context whose tokens the build leaves out (frontend/build/cloudscape-unused.ts)`);
      }
      return null;
    },
  };
}
