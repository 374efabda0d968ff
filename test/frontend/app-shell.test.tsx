// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { startConfigServer, validConfig, type ConfigServer } from './config-server';
import { renderApp } from './render-app';

let server: ConfigServer;
const setWidth = (width: number) => Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });

beforeAll(async () => {
  server = await startConfigServer();
  server.serve(validConfig(server.url));
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  setWidth(1024);
});

async function renderAt(path: string) {
  const result = renderApp({ configUrl: `${server.url}/config.json`, path });
  await screen.findByRole('heading', { level: 1 }, { timeout: 20_000 });
  return result;
}

describe('app shell', () => {
  it('opens the navigation from 1280 px and keeps it closed below', async () => {
    // An open page: a signed-out visit to / goes to /auth, which has the light frame (below).
    setWidth(1440);
    await renderAt('/about');
    expect(createWrapper().findAppLayout()!.findOpenNavigationPanel()).not.toBeNull();
    cleanup();

    setWidth(1279);
    await renderAt('/about');
    expect(createWrapper().findAppLayout()!.findOpenNavigationPanel()).toBeNull();
  });

  // A trial's teacher, signed out on their emailed link, read the whole menu of a directory they could not open.
  it('shows no navigation to a signed-out visitor on the pages an emailed link opens, at either width', async () => {
    for (const width of [1440, 375]) {
      setWidth(width);
      await renderAt('/update-success');
      await screen.findByRole('heading', { level: 1 }, { timeout: 20_000 });
      const layout = createWrapper().findAppLayout()!;
      expect(createWrapper().findSideNavigation()).toBeNull();
      expect(layout.findNavigationToggle()).toBeNull();
      cleanup();
    }
  });

  it('follows a navigation link through the router, without reloading the page', async () => {
    setWidth(1440);
    // An open page and an open link: directory pages need a signed-in user (test/frontend/auth-guards.test.tsx).
    await renderAt('/aide');
    const aboutLink = createWrapper().findSideNavigation()!.findLinkByHref('/about')!.getElement();
    fireEvent.click(aboutLink, { button: 0 });
    expect(await screen.findByRole('heading', { level: 1, name: 'À propos' }, { timeout: 20_000 })).toBeTruthy();
  });

  // At 375 x 800 the admin's drawer ended 112 px above the bottom (« Paramètres de l'école » cut): AppLayout took the
  // measured footer's height off it. The box it measures has no height while the drawer covers the page.
  it("lets the phone's navigation drawer reach the bottom of the screen: no footer height measured while it is open", async () => {
    setWidth(375);
    await renderAt('/about');
    const layout = createWrapper().findAppLayout()!;
    const measured = () => document.querySelector<HTMLElement>('#app-footer-box')!;
    expect(measured().contains(document.querySelector('footer'))).toBe(true);
    expect(measured().style.blockSize).toBe('');
    fireEvent.click(layout.findNavigationToggle().getElement());
    await waitFor(() => expect(layout.findOpenNavigationPanel()).not.toBeNull());
    expect(measured().style.blockSize).toMatch(/^0(px)?$/);
    // Out of the keyboard's reach under the drawer (Tab went on to its hidden links), and back once it closes.
    expect(measured().hasAttribute('inert')).toBe(true);
    fireEvent.click(layout.findNavigationClose().getElement());
    await waitFor(() => expect(measured().style.blockSize).toBe(''));
    expect(measured().hasAttribute('inert')).toBe(false);
    // Escape closes the drawer, as it closes a dialog.
    fireEvent.click(layout.findNavigationToggle().getElement());
    await waitFor(() => expect(layout.findOpenNavigationPanel()).not.toBeNull());
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(layout.findOpenNavigationPanel()).toBeNull());
    // And the focus goes back to the drawer's button (a trial's was left on the page's body).
    await waitFor(() => expect(document.activeElement).toBe(layout.findNavigationToggle().getElement()));
    cleanup();

    // A wide screen's navigation, open beside the page: the footer counts.
    setWidth(1440);
    await renderAt('/about');
    expect(createWrapper().findAppLayout()!.findOpenNavigationPanel()).not.toBeNull();
    expect(measured().style.blockSize).toBe('');
  });

  // At 375 px the focus went back to the drawer's button after choosing a page in it: it goes to the new page's h1.
  it("moves the focus to the new page's heading after a page is chosen in the phone's navigation drawer", async () => {
    setWidth(375);
    await renderAt('/aide');
    const layout = createWrapper().findAppLayout()!;
    fireEvent.click(layout.findNavigationToggle().getElement());
    await waitFor(() => expect(layout.findOpenNavigationPanel()).not.toBeNull());
    const aboutLink = createWrapper().findSideNavigation()!.findLinkByHref('/about')!.getElement();
    aboutLink.focus();
    fireEvent.click(aboutLink, { button: 0 });
    const heading = await screen.findByRole('heading', { level: 1, name: 'À propos' }, { timeout: 20_000 });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(layout.findOpenNavigationPanel()).toBeNull();
    // Focusable by script, not a Tab stop.
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  // On a laptop the focus stayed on the link: a screen reader did not say that the page had changed.
  it("moves the focus to the new page's heading after a page is chosen in the laptop's navigation too", async () => {
    setWidth(1440);
    await renderAt('/aide');
    const aboutLink = createWrapper().findSideNavigation()!.findLinkByHref('/about')!.getElement();
    aboutLink.focus();
    fireEvent.click(aboutLink, { button: 0 });
    const heading = await screen.findByRole('heading', { level: 1, name: 'À propos' }, { timeout: 20_000 });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(createWrapper().findAppLayout()!.findOpenNavigationPanel()).not.toBeNull();
  });

  it('renders every route of the app inside the layout, and a 404 page for anything else', async () => {
    // The open routes; protected ones send a signed-out visitor to /auth (test/frontend/auth-guards.test.tsx).
    const titles: Record<string, string> = {
      '/email-verification-required': 'Vérification du courriel requise',
      '/update/abc123': 'Mise à jour de vos renseignements',
      // Opened without a form sent: nothing to confirm (test/frontend/update-success.test.tsx).
      '/update-success': 'Aucune réponse à confirmer',
      '/nowhere': 'Page introuvable',
    };
    for (const [path, title] of Object.entries(titles)) {
      await renderAt(path);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
      cleanup();
    }
  });

  it('shows an offline banner while the browser is offline, then a "connection restored" notice', async () => {
    // A signed-out visit to / lands on /auth: the light frame shows the connectivity messages too.
    await renderAt('/');
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    // The flash bar's code is fetched once the browser is idle, or at its first message (app-shell.tsx).
    expect(await screen.findByText('Vous êtes hors ligne.', {}, { timeout: 20_000 })).toBeTruthy();

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText('Vous êtes hors ligne.')).toBeNull());
    expect(screen.getByText('Connexion rétablie.')).toBeTruthy();
  });

  it('the debug panel shows build, configuration, auth placeholder and service health', async () => {
    // Diagnostics are for administrators, or behind the explicit switch (test/frontend/help-and-diagnostics.test.tsx).
    await renderAt('/about?debug=1');
    fireEvent.click(screen.getByRole('button', { name: 'Informations de débogage' }));
    // The panel's code loads when the drawer first opens (app-shell.tsx).
    await screen.findByRole('heading', { level: 2, name: 'Informations de débogage' }, { timeout: 20_000 });
    const valueOf = (label: string) => screen.getByText(label).closest('dt')!.nextElementSibling!.textContent;
    expect(valueOf('Déploiement')).toBe('test-build');
    expect(valueOf("Bassin d'utilisateurs")).toBe('local_testpool');
    expect(valueOf('Courriel de contact')).toBe('comite@ecole.example');
    expect(screen.getByText('Déconnecté')).toBeTruthy();
    expect(valueOf('En ligne')).toBe('Oui');
    // The test server's real /api/health answered; the identity check waits for the auth layer.
    await waitFor(() => expect(valueOf('API joignable')).toBe('Oui'));
    expect(valueOf("Service d'identité joignable")).toBe('Inconnu');
  });
});

describe('light frame of /auth (docs/frontend.md, "First page")', () => {
  it('frames the sign-in page with its own header, landmarks and skip link, without the signed-in shell', async () => {
    await renderAt('/auth');
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(h1.textContent).toBe('Connexion');
    expect(createWrapper().findAppLayout()).toBeNull();
    expect(createWrapper().findTopNavigation()).toBeNull();
    expect(createWrapper().findSideNavigation()).toBeNull();

    const banner = screen.getByRole('banner');
    expect(banner.id).toBe('app-top-nav');
    expect(within(banner).getByRole('link', { name: "Bottin de l'école" }).getAttribute('href')).toBe('/');
    expect(within(banner).getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/auth');
    const main = screen.getByRole('main');
    expect(main.contains(h1)).toBe(true);
    expect(screen.getByRole('link', { name: 'Aller au contenu principal' }).getAttribute('href')).toBe(`#${main.id}`);
    const footer = screen.getByRole('contentinfo');
    expect(footer.id).toBe('app-footer');
    // The current year, not the year the string was written in.
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Comité de parents de l'école`)).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'À propos' })).toBeTruthy();
    // No tools drawer here, so no debug link.
    expect(within(footer).queryByRole('button', { name: 'Informations de débogage' })).toBeNull();

    fireEvent.click(within(banner).getByRole('button', { name: 'Switch to English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(within(banner).getByRole('button', { name: 'Passer au français' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toBeTruthy();
  });

  it('follows the app name to the home page through the router (a signed-out visitor is sent back to sign in)', async () => {
    await renderAt('/auth?redirect=%2Fclasses');
    const notice = 'Connectez-vous pour accéder à la page demandée.';
    expect(screen.getByText(notice)).toBeTruthy();
    fireEvent.click(within(screen.getByRole('banner')).getByRole('link', { name: "Bottin de l'école" }), { button: 0 });
    // The guard of / sends the visitor back to plain /auth (a router navigation, not a reload): home is no page
    // the person asked for, so the notice goes.
    await waitFor(() => expect(screen.queryByText(notice)).toBeNull(), { timeout: 20_000 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Connexion');
  });

  it('is styled with design tokens that exist in the installed Cloudscape (and so is the sign-in form index.html paints)', () => {
    const css = ['frontend/src/components/layout/light-frame.css', 'frontend/src/features/auth/pages/pre-painted-sign-in.css']
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const tokens = readFileSync('node_modules/@cloudscape-design/components/internal/generated/styles/tokens.js', 'utf8');
    const used = [...new Set([...css.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]!))];
    expect(used.length).toBeGreaterThan(10);
    for (const name of used) expect(tokens, name).toContain(`"var(${name},`);
  });
});
