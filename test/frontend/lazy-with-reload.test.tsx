// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { LAZY_RELOAD_FLAG, importWithReload, navigationSettled } from '../../frontend/src/app/lazy-with-reload';
import { PageLoadError } from '../../frontend/src/app/route-error';
import { createI18n } from '../../frontend/src/i18n/i18n';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/classes-page-OLD.js');
const failingLoad = () => Promise.reject(chunkError());
const FALLBACK = 'error page';

function environment(online = true) {
  const reloads: number[] = [];
  return { env: { storage: window.localStorage, reload: () => reloads.push(Date.now()), online: () => online }, reloads };
}

const pendingAfter = (promise: Promise<unknown>, ms = 50) =>
  Promise.race([promise.then(() => 'settled'), new Promise((resolve) => setTimeout(() => resolve('pending'), ms))]);

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('lazy page loading (docs/product-rules.md: reload once, then only log)', () => {
  it('returns the page when the chunk loads, without reloading', async () => {
    const { env, reloads } = environment();
    await expect(importWithReload(async () => 'page', FALLBACK, env)).resolves.toBe('page');
    expect(reloads).toHaveLength(0);
  });

  it('on the first failure marks the reload in localStorage and reloads, never settling', async () => {
    const { env, reloads } = environment();
    expect(await pendingAfter(importWithReload(failingLoad, FALLBACK, env))).toBe('pending');
    expect(reloads).toHaveLength(1);
    expect(window.localStorage.getItem(LAZY_RELOAD_FLAG)).not.toBeNull();
  });

  it('after the reload, a second failure is only logged and the error page is shown', async () => {
    const { env, reloads } = environment();
    window.localStorage.setItem(LAZY_RELOAD_FLAG, '2025-09-02T00:00:00.000Z');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(importWithReload(failingLoad, FALLBACK, env)).resolves.toBe(FALLBACK);
    expect(reloads).toHaveLength(0);
    expect(logged).toHaveBeenCalledOnce();

    // Landing on the error page is not a successful navigation: the mark stays...
    navigationSettled();
    expect(window.localStorage.getItem(LAZY_RELOAD_FLAG)).not.toBeNull();
    // ...until the next navigation that works.
    navigationSettled();
    expect(window.localStorage.getItem(LAZY_RELOAD_FLAG)).toBeNull();
  });

  it('a successful navigation clears the mark, so a later failure gets its one reload again', async () => {
    const { env, reloads } = environment();
    window.localStorage.setItem(LAZY_RELOAD_FLAG, 'x');
    navigationSettled();
    expect(await pendingAfter(importWithReload(failingLoad, FALLBACK, env))).toBe('pending');
    expect(reloads).toHaveLength(1);
  });

  // A trial offline opened a page not loaded yet: the reload left the browser's « no internet » page instead of the app.
  it('offline, shows the error page at once, without a reload or a mark, so the app stays', async () => {
    const { env, reloads } = environment(false);
    await expect(importWithReload(failingLoad, FALLBACK, env)).resolves.toBe(FALLBACK);
    expect(reloads).toHaveLength(0);
    expect(window.localStorage.getItem(LAZY_RELOAD_FLAG)).toBeNull();
    navigationSettled();
  });

  it('does not reload when the mark cannot be stored (a reload loop would never end)', async () => {
    const reloads: number[] = [];
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(importWithReload(failingLoad, FALLBACK, { storage, reload: () => reloads.push(1), online: () => true })).resolves.toBe(FALLBACK);
    expect(reloads).toHaveLength(0);
    navigationSettled(storage);
  });
});

describe('the page that could not load', () => {
  it.each([
    ['fr', "Cette page a besoin d'une connexion Internet", "Elle s'ouvrira d'elle-même dès que la connexion reviendra"],
    ['en', 'This page needs an internet connection', 'It will open by itself as soon as the connection is back'],
  ] as const)('%s: offline, says the page needs a connection and offers no reload', (lang, title, body) => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(
      <I18nextProvider i18n={createI18n(lang)}>
        <PageLoadError />
      </I18nextProvider>,
    );
    expect(document.body.textContent).toContain(title);
    expect(document.body.textContent).toContain(body);
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
  });
});
