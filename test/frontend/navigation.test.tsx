// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { NAVIGATION, navigationOf } from '../../frontend/src/app/navigation';
import { APP_ROUTES, type AppRoute } from '../../frontend/src/app/routes';
import { startConfigServer, validConfig, type ConfigServer } from './config-server';
import { renderApp } from './render-app';
import { SideNav } from '../../frontend/src/components/layout/side-nav';
import { createI18n } from '../../frontend/src/i18n/i18n';

/** The side navigation is derived from the route table (frontend/src/app/navigation.ts, docs/frontend.md). */
const page = async () => ({ default: () => null }).default;
const route = (path: string, nav?: AppRoute['nav']): AppRoute => ({ path, guard: 'protected', load: page, nav });

describe('navigation from the route table', () => {
  it('lists a route declared with a link, in its section and the table order, and leaves out empty sections', () => {
    const sections = navigationOf([
      route('/', { section: 'top', label: 'nav.home' }),
      route('/new-screen', { section: 'directory', label: 'nav.newScreen' }),
      route('/no-link'),
      route('/classes', { section: 'directory', label: 'nav.classes' }),
      route('/aide', { section: 'footer', label: 'nav.help', language: 'fr' }),
    ]);
    expect(sections.map((section) => [section.id, section.links.map((link) => link.href)])).toEqual([
      ['top', ['/']],
      ['directory', ['/new-screen', '/classes']],
      ['footer', ['/aide']],
    ]);
    expect(sections[1]).toMatchObject({ title: 'nav.directory' });
    expect(sections[2]).toMatchObject({ divider: true, links: [{ language: 'fr' }] });
  });

  it('keeps the app’s sections and links, each one a route of the table', () => {
    const paths = new Set(APP_ROUTES.map((r) => r.path));
    expect(NAVIGATION.flatMap((section) => section.links).every((link) => paths.has(link.href))).toBe(true);
    expect(NAVIGATION.map((section) => [section.id, section.links.map((link) => link.href)])).toEqual([
      ['top', ['/']],
      ['directory', ['/classes', '/students', '/parents', '/staff', '/committees']],
      ['account', ['/profile', '/messages', '/carpool']],
      [
        'admin',
        [
          '/admin',
          '/admin/annual-update',
          '/admin/data',
          '/admin/committees',
          '/admin/duplicates',
          '/admin/school-progression',
          '/admin/privacy-requests',
          '/admin/privacy-incidents',
          '/admin/privacy-retention',
          '/admin/settings',
          '/admin/roles',
          '/admin/messages',
        ],
      ],
      ['footer', ['/aide', '/help', '/about']],
    ]);
    expect(NAVIGATION.find((section) => section.id === 'admin')?.adminOnly).toBe(true);
  });
});

describe('side navigation on screen', () => {
  let server: ConfigServer;
  beforeAll(async () => {
    server = await startConfigServer();
    server.serve(validConfig(server.url));
  });
  afterAll(() => server.close());
  afterEach(cleanup);

  const linksShown = () =>
    createWrapper()
      .findSideNavigation()!
      .findAll('a')
      .map((link) => [link.getElement().getAttribute('href'), link.getElement().textContent]);

  it('shows a visitor the table’s links in French, the help of their language, and no admin section', async () => {
    Object.defineProperty(window, 'innerWidth', { value: 1440, configurable: true });
    renderApp({ configUrl: `${server.url}/config.json`, path: '/about', locale: 'fr' });
    await screen.findByRole('heading', { level: 1 }, { timeout: 20_000 });
    expect(linksShown()).toEqual([
      ['/', 'Accueil'],
      ['/classes', 'Classes'],
      ['/students', 'Élèves'],
      ['/parents', 'Parents'],
      ['/staff', 'Personnel'],
      ['/committees', 'Comités'],
      ['/profile', 'Mon profil'],
      ['/messages', 'Messages'],
      ['/carpool', 'Familles près de chez moi'],
      ['/aide', 'Aide'],
      ['/about', 'À propos'],
    ]);
  });
});

describe('the links for parents only', () => {
  afterEach(cleanup);
  const shown = (showParentLinks: boolean) => {
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <MemoryRouter>
          <SideNav sections={NAVIGATION} showAdminSection={false} showParentLinks={showParentLinks} />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const hrefs = createWrapper().findSideNavigation()!.findAll('a').map((link) => link.getElement().getAttribute('href'));
    cleanup();
    return hrefs;
  };

  it('leaves families near me out of a staff member\'s menu, and only that', () => {
    const parent = shown(true);
    const staff = shown(false);
    expect(parent).toContain('/carpool');
    expect(staff).toEqual(parent.filter((href) => href !== '/carpool'));
  });
});
