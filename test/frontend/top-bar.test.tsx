// @vitest-environment jsdom
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router-dom';
import { TopBar } from '../../frontend/src/components/layout/top-bar';
import { ThemeProvider } from '../../frontend/src/components/theme/theme-context';
import { createI18n } from '../../frontend/src/i18n/i18n';

/**
 * The header bar renders again only when what it shows changes: Cloudscape's TopNavigation measures all its
 * utilities again (a hidden copy, a layout per item) whenever it gets a new `utilities` array, and the shell above
 * it renders again at every navigation (frontend/src/components/layout/top-bar.tsx).
 */
// The language switch below is saved as the device's choice (localStorage) and set on <html lang>: both are put back,
// since the unit files of a worker share one page (vitest.config.ts, `unit`).
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.documentElement.lang = '';
});

function renderShell() {
  const commits: string[] = [];
  // Like the app's shell: it reads the location, so every navigation renders it again.
  function Shell() {
    useLocation();
    return (
      <>
        <Profiler id="top-bar" onRender={(_, phase) => commits.push(phase)}>
          <TopBar />
        </Profiler>
        <Outlet />
      </>
    );
  }
  const router = createMemoryRouter(
    [{ path: '/', element: <Shell />, children: [{ index: true, element: <h1>Accueil</h1> }, { path: 'about', element: <h1>À propos</h1> }] }],
    { initialEntries: ['/'] },
  );
  const i18n = createI18n('fr');
  render(
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <RouterProvider router={router} />
      </ThemeProvider>
    </I18nextProvider>,
  );
  return { commits, router, i18n };
}

describe('the header bar', () => {
  it('does not measure its utilities again at a navigation, and is rendered again when the language changes', async () => {
    const { commits, router, i18n } = renderShell();
    expect(screen.getByRole('button', { name: /English/ })).toBeTruthy();
    // TopNavigation's own first measures (effects, a resize observer) settle first.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const settled = commits.length;
    expect(settled).toBeGreaterThan(0);
    const measures = vi.spyOn(window, 'getComputedStyle');
    try {
      await act(() => router.navigate('/about'));
      // The page's text, not getByRole (which reads styles itself).
      expect(document.querySelector('h1')?.textContent).toBe('À propos');
      await act(() => router.navigate('/'));
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      // The bar reads the router's context (useNavigate), so it runs again, once per navigation, with the same
      // utilities: TopNavigation neither measures them again nor renders a second time to apply what it measured.
      expect(measures).not.toHaveBeenCalled();
      expect(commits.length - settled).toBeLessThanOrEqual(2);
    } finally {
      measures.mockRestore();
    }

    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('button', { name: /français/i })).toBeTruthy();
    expect(commits.length).toBeGreaterThan(settled);
  });

  // « Switch to English » on a French page was read in the French voice: the button carries its own language.
  it('marks the language switch with the language it is written in, before and after a switch', async () => {
    const { i18n } = renderShell();
    expect(screen.getByRole('button', { name: 'Switch to English' }).getAttribute('lang')).toBe('en');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('button', { name: 'Passer au français' }).getAttribute('lang')).toBe('fr');
  });
});
