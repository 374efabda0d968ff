// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { likelyFirstRoute } from '../../frontend/src/app/route-preload';
import { mayHoldSession, STORED_SESSION_PREFIX } from '../../frontend/src/lib/api/stored-session';
import { firstRouteScript } from '../../frontend/build/critical-preloads';

/** docs/frontend.md, "Critical path on a phone". */
afterEach(() => {
  localStorage.clear();
  document.head.querySelectorAll('link').forEach((link) => link.remove());
  history.replaceState(null, '', '/');
});

describe('the session check without Amplify', () => {
  it('says a browser with no key of Amplify holds no session, and one with a key for the client may', () => {
    expect(mayHoldSession('client')).toBe(false);
    expect(mayHoldSession()).toBe(false);
    localStorage.setItem(`${STORED_SESSION_PREFIX}other.LastAuthUser`, 'x');
    expect(mayHoldSession('client')).toBe(false);
    expect(mayHoldSession()).toBe(true);
    localStorage.setItem(`${STORED_SESSION_PREFIX}client.parent@example.org.idToken`, 'eyJ...');
    expect(mayHoldSession('client')).toBe(true);
  });
});

describe('the first page a visitor will see', () => {
  it('is the sign-in page for a signed-out visitor of a protected page, the page itself otherwise', () => {
    expect(likelyFirstRoute('/', false)?.path).toBe('/auth');
    expect(likelyFirstRoute('/admin/roles', false)?.path).toBe('/auth');
    expect(likelyFirstRoute('/auth', false)?.path).toBe('/auth');
    expect(likelyFirstRoute('/', true)?.path).toBe('/');
    expect(likelyFirstRoute('/update/abc', false)?.path).toBe('/update/:token');
    // A signed-in visitor of /auth is sent on elsewhere: nothing to guess.
    expect(likelyFirstRoute('/auth', true)).toBeUndefined();
  });
});

describe('the first-route script', () => {
  const run = (pathname: string) => {
    history.replaceState(null, '', pathname);
    new Function(firstRouteScript(['assets/auth-page-x.js', 'assets/auth-page-x.css'], '/', ['assets/strings-en-x.js'], ['assets/open-sans-400-x.woff2']))();
    return [...document.head.querySelectorAll('link')].map((link) => `${link.rel} ${link.getAttribute('as') ?? ''} ${link.getAttribute('href')}`.replace('  ', ' '));
  };

  it("asks for the sign-in page's files for a signed-out visitor of / or /auth", () => {
    expect(run('/auth')).toEqual(['modulepreload /assets/auth-page-x.js', 'preload style /assets/auth-page-x.css']);
    document.head.querySelectorAll('link').forEach((link) => link.remove());
    expect(run('/')).toHaveLength(2);
  });

  it('asks for nothing when a session may be stored, or on another page', () => {
    expect(run('/classes')).toEqual([]);
    localStorage.setItem(`${STORED_SESSION_PREFIX}client.LastAuthUser`, 'parent@example.org');
    expect(run('/auth')).toEqual([]);
  });

  it('asks for the English strings on any page when the visitor chose English, never for a French one', () => {
    localStorage.setItem('locale', 'en');
    expect(run('/classes')).toEqual(['modulepreload /assets/strings-en-x.js']);
    document.head.querySelectorAll('link').forEach((link) => link.remove());
    expect(run('/auth')).toEqual([
      'modulepreload /assets/strings-en-x.js',
      'modulepreload /assets/auth-page-x.js',
      'preload style /assets/auth-page-x.css',
    ]);
    document.head.querySelectorAll('link').forEach((link) => link.remove());
    localStorage.setItem('locale', 'fr');
    expect(run('/classes')).toEqual([]);
  });

  it('asks for the fonts only when the service worker controls the page (it holds them: no network)', () => {
    expect(run('/classes')).toEqual([]);
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: {} } });
    try {
      expect(run('/classes')).toEqual(['preload font /assets/open-sans-400-x.woff2']);
      const font = document.head.querySelector('link[as="font"]') as HTMLLinkElement;
      // Fonts are fetched in CORS mode: without `crossorigin` the preloaded copy would go unused.
      expect([font.type, font.getAttribute('crossorigin')]).toEqual(['font/woff2', '']);
    } finally {
      Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: undefined });
    }
  });
});

/** Reads the frontend build (`npm run build:web` first), like test/bench/first-page-budget.test.ts. */
describe('index.html (frontend/dist)', () => {
  const dist = path.resolve('frontend/dist');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');

  it('requests in its first round what every first render waits for (strings, /config.json), and not the fonts', () => {
    expect(html).toMatch(/<link rel="preload" as="fetch" crossorigin href="\/config.json">/);
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/strings-fr-[\w-]+\.js">/);
    // Text shows in a fallback face until Open Sans arrives (font-display: swap): the faces must not share the
    // first round's bandwidth with the scripts the sign-in form waits for.
    expect(html).not.toMatch(/woff2/);
  });

  it("runs the first-route script before the entry, and that script lists the sign-in page's chunk and its CSS, without zod", () => {
    const script = /<script type="module" async crossorigin src="\/(assets\/first-route-[\w-]+\.js)">/.exec(html);
    expect(script).not.toBeNull();
    expect(html.indexOf(script![0])).toBeLessThan(html.indexOf('<script type="module" crossorigin src="/assets/index-'));
    const source = readFileSync(path.join(dist, script![1]!), 'utf8');
    const lists = [...source.matchAll(/preload\((\[[^\]]*\])\)/g)].map((match) => JSON.parse(match[1]!) as string[]);
    expect(lists).toHaveLength(3);
    const [fonts, english, listed] = lists as [string[], string[], string[]];
    expect(fonts.map((file) => /\/open-sans-(\d+)-[\w-]+\.woff2$/.exec(file)?.[1])).toEqual(['400', '700']);
    expect(english.some((file) => /\/strings-en-[\w-]+\.js$/.test(file))).toBe(true);
    const authPage = readdirSync(path.join(dist, 'assets')).find((name) => /^auth-page-[\w-]+\.js$/.test(name));
    expect(listed).toContain(`/assets/${authPage}`);
    expect(listed.some((file) => file.endsWith('.css'))).toBe(true);
    // zod (24 KB compressed) is not on a phone's way to the sign-in form: /config.json is checked without it
    // (shared/contracts/runtime-config.ts) and the email check loads its answer's schema with its request.
    const zod = readdirSync(path.join(dist, 'assets')).filter((name) => name.endsWith('.js') && /\bZodError\b/.test(readFileSync(path.join(dist, 'assets', name), 'utf8')));
    expect(zod.length).toBeGreaterThan(0);
    for (const file of zod) expect(listed).not.toContain(`/assets/${file}`);
    for (const file of [...fonts, ...english, ...listed]) expect(readdirSync(path.join(dist, 'assets'))).toContain(file.replace('/assets/', ''));
  });
});
