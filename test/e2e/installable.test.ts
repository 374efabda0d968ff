import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, trackPageErrors, type BrowserSession } from '../support/browser';
import { generateSchool } from '../../local/demo/generate-school';
import { useStack } from '../support/stack';
import { contextIn, demoAccount, expectAt, explained, h1, signInWith, TEXT, warmUp } from './auth-support';

/**
 * The installable app (docs/frontend.md, "Installable app") in Chromium, with service workers allowed (the other
 * journeys block them): the manifest in the page's language, the service worker controlling the page, the opt-in
 * offline copy shown read-only with the network cut, and nothing of the directory left on the device after
 * sign-out. French at 1440 px, English at 375 px, as the demo parent.
 */
const stack = useStack();
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser({ serviceWorkers: 'allow' });
  await warmUp(session, stack);
});
afterAll(async () => {
  await session?.close();
});

const TEXTS = {
  fr: {
    manifest: { name: "Bottin de l'école", short_name: 'Bottin', lang: 'fr-CA' },
    profile: 'Mon profil',
    parents: 'Parents',
    keepCopy: 'Garder une copie sur cet appareil',
    copyFrom: /^Copie du /,
    offlineNotice: /^Copie hors ligne du .+, en lecture seule$/,
    offlineBanner: 'Vous êtes hors ligne.',
  },
  en: {
    manifest: { name: 'School directory', short_name: 'Directory', lang: 'en-CA' },
    profile: 'My profile',
    parents: 'Parents',
    keepCopy: 'Keep a copy on this device',
    copyFrom: /^Copy from /,
    offlineNotice: /^Offline copy from .+, read-only$/,
    offlineBanner: 'You are offline.',
  },
} as const;

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 30_000 });

/** What the device holds, read in the page (script strings: this file compiles without the DOM library). */
const DEVICE_STORAGE = `(async () => {
  const databases = (await indexedDB.databases()).map((db) => db.name);
  let copy = null;
  if (databases.includes('school-directory-offline')) {
    copy = await new Promise((resolve, reject) => {
      const open = indexedDB.open('school-directory-offline');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('copy')) { db.close(); resolve(null); return; }
        const get = db.transaction('copy').objectStore('copy').get('directory');
        get.onsuccess = () => { db.close(); resolve(get.result ? JSON.stringify(get.result) : null); };
        get.onerror = () => reject(get.error);
      };
    });
  }
  const cached = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) cached.push(new URL(request.url).pathname);
  }
  const local = Object.keys(localStorage).map((key) => key + '=' + localStorage.getItem(key));
  return { databases, copy, cached, local };
})()`;

interface DeviceStorage {
  databases: string[];
  copy: string | null;
  cached: string[];
  local: string[];
}
const deviceStorage = async (page: Page) => (await page.evaluate(DEVICE_STORAGE)) as DeviceStorage;

/** The registry's name of the demo parent, which the header's account menu shows (GET /api/me). */
function registryName(): string {
  const school = generateSchool();
  const person = school.parents.find((p) => p.id === school.accounts.parent.personId)!;
  return `${person.firstName} ${person.lastName}`;
}

/** The account menu's "sign out": in the top bar at 1440 px, in its overflow menu on a phone. */
async function signOut(page: Page, locale: 'fr' | 'en', who: RegExp) {
  const nav = page.locator('#app-top-nav');
  const menu = nav.getByRole('button', { name: who });
  if (await menu.first().waitFor({ timeout: 10_000 }).then(() => true, () => false)) {
    await menu.first().click();
    await page.getByRole('menuitem', { name: TEXT[locale].signOut }).click();
    return;
  }
  await nav.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: who }).click();
  await page.getByRole('menuitem', { name: TEXT[locale].signOut }).click();
}

describe.each([
  ['fr', 'desktop'],
  ['en', 'mobile'],
] as const)('installable app (%s, %s)', (locale, viewport) => {
  const text = TEXTS[locale];

  it('installs, shows the opted-in copy read-only offline, and leaves nothing after sign-out', { timeout: 240_000 }, async () => {
    const parent = demoAccount(stack, 'parent');
    const context = await contextIn(() => session.newContext(viewport), locale);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${stack.appUrl}/auth`);
    await signInWith(page, locale, parent.email, parent.password);
    await expectAt(page, '/');

    // The manifest follows the page's language, and its names and icons are what Chromium needs to install.
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe(`/manifest.${locale}.webmanifest`);
    const manifestResponse = await page.request.get(`${stack.appUrl}${href}`);
    expect(manifestResponse.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await manifestResponse.json()) as Record<string, unknown> & { icons: { sizes: string; purpose: string; type: string }[] };
    expect(manifest).toMatchObject({ ...text.manifest, display: 'standalone', start_url: '/', theme_color: '#0f2a4a' });
    expect(manifest.icons.filter((i) => i.type === 'image/png').map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) expect((await page.request.get(`${stack.appUrl}${(icon as unknown as { src: string }).src}`)).status()).toBe(200);
    // The worker script is revalidated on every check, so a deploy is seen at once.
    expect((await page.request.get(`${stack.appUrl}/sw.js`)).headers()['cache-control']).toBe('no-cache');

    // The service worker is installed, and controls the page after a reload.
    await eventually(() => page.evaluate(`navigator.serviceWorker.getRegistration().then((r) => r?.active?.state ?? null)`)).toBe('activated');
    await page.reload();
    await eventually(() => page.evaluate(`navigator.serviceWorker.controller?.scriptURL ?? null`)).toBe(`${stack.appUrl}/sw.js`);

    // Nothing is kept before the person opts in (off by default).
    await page.goto(`${stack.appUrl}/profile`);
    await eventually(() => h1(page).textContent()).toBe(text.profile);
    const toggle = page.getByRole('checkbox', { name: text.keepCopy });
    await toggle.waitFor({ timeout: 30_000 });
    expect(await toggle.isChecked()).toBe(false);
    expect((await deviceStorage(page)).copy).toBeNull();

    await toggle.check();
    await explained(page, () => eventually(() => page.getByRole('status').filter({ hasText: text.copyFrom }).count()).toBe(1));
    const kept = await deviceStorage(page);
    expect(JSON.parse(kept.copy!)).toMatchObject({ data: { parents: expect.any(Array) } });
    expect(kept.local).toContain('offlineCopy=1');
    // The service worker's caches hold the app shell and /config.json: never an API answer.
    expect(kept.cached).toContain('/index.html');
    expect(kept.cached.filter((path) => path.startsWith('/api/'))).toEqual([]);
    // A parent the directory shows, to look for offline.
    const someone = (JSON.parse(kept.copy!) as { data: { parents: { firstName: string; lastName: string }[] } }).data.parents[0]!;

    // The network goes on an open page: the offline banner still comes (the worker changes nothing there).
    await page.goto(`${stack.appUrl}/parents?q=${encodeURIComponent(someone.lastName)}`);
    await eventually(() => h1(page).textContent()).toBe(text.parents);
    await eventually(() => page.getByText(someone.firstName, { exact: false }).count()).toBeGreaterThan(0);
    await context.setOffline(true);
    await eventually(() => page.getByText(text.offlineBanner).count()).toBe(1);

    // A reload without a network starts from the worker's shell and shows the kept copy, read-only. (Chromium's
    // emulated offline does not reach navigator.onLine in a document loaded while offline, hence the banner above.)
    await page.reload();
    await eventually(() => h1(page).textContent()).toBe(text.parents);
    await explained(page, () => eventually(() => page.getByText(text.offlineNotice).count()).toBe(1));
    await eventually(() => page.getByText(someone.firstName, { exact: false }).count()).toBeGreaterThan(0);

    // Back online, sign out: nothing of the directory is left on the device.
    await context.setOffline(false);
    // The menu shows the registry's name, or the email when GET /api/me has not answered (the page loaded offline).
    await signOut(page, locale, new RegExp(`${registryName()}|${parent.email.replace(/[.+]/g, '\\$&')}`));
    // The guard sends the signed-out visitor of /parents to sign in.
    await eventually(() => new URL(page.url()).pathname).toBe('/auth');
    const after = await deviceStorage(page);
    expect(after.databases).not.toContain('school-directory-offline');
    expect(after.copy).toBeNull();
    expect(after.local.filter((entry) => entry.startsWith('offlineCopy'))).toEqual([]);
    expect(after.local.filter((entry) => entry.includes(someone.lastName) || entry.includes(parent.email))).toEqual([]);
    expect(after.cached.filter((path) => path.startsWith('/api/'))).toEqual([]);

    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  });
});
