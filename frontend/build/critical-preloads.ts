import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';
// Where Amplify keeps a session: any such key and the visitor may be signed in (the app reads the same constant).
import { STORED_SESSION_PREFIX } from '../src/lib/api/stored-session';
// Where the visitor's chosen language is kept (the app reads the same constant).
import { LOCALE_STORAGE_KEY } from '../src/i18n/locale';
import { prePaintedSignInScript } from './pre-painted-sign-in';
// The themes other than the default: the painted sign-in form has only the default's colours.
import { DEFAULT_THEME, THEME_NAMES, THEME_STORAGE_KEY, themeId } from '../src/components/theme/theme-preference';

const OTHER_THEMES = THEME_NAMES.flatMap((name) => [false, true].map((dark) => themeId({ name, dark }))).filter(
  (id) => id !== themeId(DEFAULT_THEME),
);

/**
 * What every first visit needs before any screen can render, beyond the entry's own imports (docs/frontend.md,
 * "Critical path on a phone"):
 * - the default language's strings (main.tsx awaits them before the first render);
 * - `/config.json` itself (a fetch preload: the config gate's `fetch` takes the preloaded answer), so that even a
 *   return visit, whose files come from the service worker, does not wait a round trip for it after the entry ran.
 * Without these hints each is discovered only once the entry has run: one dependent round trip each. Listed in
 * index.html, they download in the first round, in parallel with the entry.
 * The Open Sans faces are not listed: on a first visit text shows at once in a fallback face (`font-display: swap`)
 * and the faces download when the first screen's text asks for them, instead of sharing a phone's first-round
 * bandwidth with the scripts the sign-in form waits for. Once the service worker controls the page (it holds every
 * file), the first-route script preloads them: they cost no network then, and the first layout uses them instead
 * of laying the page out twice (docs/decisions/sign-in-page-on-a-phone-fewer-bytes-before-the-form.md, "Sign-in page on a phone: fewer bytes before the form").
 *
 * Route chunks are not listed either: a signed-out visitor needs the sign-in page, a signed-in one the directory.
 * A tiny script of its own (`first-route-*.js`, written here, run before the entry) adds the sign-in page's
 * files when the visitor has no stored session and opened / or /auth; main.tsx starts any other first page when
 * the entry runs (app/route-preload.ts).
 */
export const CRITICAL_MODULES = ['/src/i18n/strings-fr.ts'];
/** The English strings: listed by the first-route script for a visitor whose stored language is English. */
export const ENGLISH_STRINGS = '/src/i18n/strings-en.ts';
/** The sign-in page: what a signed-out visitor's first visit shows. */
export const SIGN_IN_PAGE = '/src/features/auth/pages/auth-page.tsx';
/** The two Open Sans faces every screen's text uses (the italic one, one word of the registration form, is left out). */
export const COMMON_FONTS = [/^assets\/open-sans-400-[\w-]+\.woff2$/, /^assets\/open-sans-700-[\w-]+\.woff2$/];

function chunkFor(bundle: OutputBundle, suffix: string): OutputChunk | undefined {
  return Object.values(bundle).find(
    (file): file is OutputChunk => file.type === 'chunk' && (file.facadeModuleId ?? '').replaceAll('\\', '/').endsWith(suffix),
  );
}

/** A chunk and the chunks it imports statically, minus those the entry already loads. */
function withImports(bundle: OutputBundle, chunk: OutputChunk, skip: Set<string>, out: Set<string>): void {
  if (skip.has(chunk.fileName) || out.has(chunk.fileName)) return;
  out.add(chunk.fileName);
  for (const name of chunk.imports) {
    const imported = bundle[name];
    if (imported?.type === 'chunk') withImports(bundle, imported, skip, out);
  }
}

/** The entry chunk and everything it imports statically (index.html already loads those). */
function entryFiles(bundle: OutputBundle): Set<string> {
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (chunk?.type !== 'chunk' || files.has(name)) return;
    files.add(name);
    chunk.imports.forEach(visit);
  };
  Object.values(bundle).forEach((file) => file.type === 'chunk' && file.isEntry && visit(file.fileName));
  return files;
}

/** Chunks' files beyond the entry's: their scripts, their static imports' scripts, and their style sheets. */
function routeFiles(bundle: OutputBundle, chunks: OutputChunk[], skip: Set<string>): string[] {
  const scripts = new Set<string>();
  for (const chunk of chunks) withImports(bundle, chunk, skip, scripts);
  const styles = new Set<string>();
  for (const name of scripts) {
    const css = (bundle[name] as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss;
    css?.forEach((file) => styles.add(file));
  }
  return [...scripts, ...styles];
}

/**
 * The first-route script: classic code, no import, nothing inline (the CSP allows scripts from 'self' only).
 * `english`: the English strings' files, for a visitor who chose English on this device (index.html lists the
 * French ones for everybody: the default language, counted on the first page).
 */
export function firstRouteScript(files: string[], base = '/', english: string[] = [], fonts: string[] = []): string {
  return `// Written by frontend/build/critical-preloads.ts: the English strings for a visitor who chose English, the
// fonts when the service worker holds them, and the sign-in page's files for a visitor with no stored session,
// to whom / and /auth show the sign-in form index.html holds (frontend/build/pre-painted-sign-in.ts).
(() => {
  const preload = (files) => {
    const links = document.createDocumentFragment();
    for (const file of files) {
      const link = document.createElement('link');
      link.rel = file.endsWith('.js') ? 'modulepreload' : 'preload';
      if (file.endsWith('.css')) link.setAttribute('as', 'style');
      if (file.endsWith('.woff2')) {
        link.setAttribute('as', 'font');
        link.type = 'font/woff2';
      }
      link.crossOrigin = '';
      link.href = file;
      links.append(link);
    }
    document.head.append(links);
  };${prePaintedSignInScript()}
  let englishChosen = false;
  let paintSignIn = false;
  let redirected = false;
  try {
    if (navigator.serviceWorker?.controller) preload(${JSON.stringify(fonts.map((file) => `${base}${file}`))});
    englishChosen = localStorage.getItem(${JSON.stringify(LOCALE_STORAGE_KEY)}) === 'en';
    if (englishChosen) preload(${JSON.stringify(english.map((file) => `${base}${file}`))});
    if (!['/', '/auth', '/auth/'].includes(location.pathname)) return;
    for (let i = 0; i < localStorage.length; i++) if (localStorage.key(i)?.startsWith(${JSON.stringify(STORED_SESSION_PREFIX)})) return;
    const query = new URLSearchParams(location.search);
    const mode = query.get('mode');
    // A visitor who chose another theme (dark, say) gets the app's form only, never a form in other colours first.
    paintSignIn = (mode === null || mode === 'signin') && !${JSON.stringify(OTHER_THEMES)}.includes(localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)}));
    // Only a visit sent from a deeper page hears "sign in to reach the page you asked for" (/ sends to plain /auth).
    redirected = query.has('redirect') && !query.has('signedOut') && !query.has('expired');
  } catch {
    return;
  }
  preload(${JSON.stringify(files.map((file) => `${base}${file}`))});
  if (paintSignIn) showSignIn(englishChosen, redirected);
})();
`;
}

export function preloadTags(bundle: OutputBundle, base = '/'): string[] {
  const modules = new Set<string>();
  const entry = entryFiles(bundle);
  for (const suffix of CRITICAL_MODULES) {
    const chunk = chunkFor(bundle, suffix);
    if (!chunk) throw new Error(`critical-preloads: no chunk for ${suffix} (renamed? update CRITICAL_MODULES)`);
    withImports(bundle, chunk, entry, modules);
  }
  return [
    // `crossorigin` as `fetch()` sends it (CORS mode, same-origin credentials), or the preload would go unused.
    `<link rel="preload" as="fetch" crossorigin href="${base}config.json">`,
    ...[...modules].map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
  ];
}

/** Adds the critical preloads to the built index.html, after the tags Vite wrote for the entry. */
export function criticalPreloads(): Plugin {
  let base = '/';
  return {
    name: 'school-directory:critical-preloads',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('critical-preloads: index.html is not in the bundle');
      const source = typeof html.source === 'string' ? html.source : Buffer.from(html.source).toString('utf8');
      const signIn = chunkFor(bundle, SIGN_IN_PAGE);
      if (!signIn) throw new Error(`critical-preloads: no chunk for ${SIGN_IN_PAGE}`);
      const english = chunkFor(bundle, ENGLISH_STRINGS);
      if (!english) throw new Error(`critical-preloads: no chunk for ${ENGLISH_STRINGS}`);
      const entry = entryFiles(bundle);
      const fonts = COMMON_FONTS.map((pattern) => {
        const font = Object.keys(bundle).find((name) => pattern.test(name));
        if (!font) throw new Error(`critical-preloads: no font file matches ${pattern} (update COMMON_FONTS)`);
        return font;
      });
      const ref = this.emitFile({
        type: 'asset',
        name: 'first-route.js',
        source: firstRouteScript(routeFiles(bundle, [signIn], entry), base, routeFiles(bundle, [english], entry), fonts),
      });
      // Before the entry, and async: it runs as soon as it arrives, before the entry has even downloaded.
      const script = `<script type="module" async crossorigin src="${base}${this.getFileName(ref)}"></script>`;
      const tags = preloadTags(bundle, base).map((tag) => `\n    ${tag}`).join('');
      if (!source.includes('<script type="module"')) throw new Error('critical-preloads: no entry script in index.html');
      html.source = source
        .replace('<script type="module"', `${script}\n    <script type="module"`)
        .replace(/\s*<\/head>/, `${tags}\n  </head>`);
    },
  };
}
