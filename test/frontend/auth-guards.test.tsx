// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { ADMIN_GROUP as SERVER_ADMIN_GROUP } from '../../lambdas/routes';
import { App } from '../../frontend/src/app/app';
import { buildRoutes } from '../../frontend/src/app/router';
// The signed-in shell is a lazy route (docs/frontend.md, "First page"): loaded with the test, as before.
import '../../frontend/src/app/auth-shell';
import { BLOCKED_PATH, decideGuard } from '../../frontend/src/features/auth/guards/guard-decision';
import { afterSignInPath, safeRedirect, signInPathFor } from '../../frontend/src/features/auth/guards/redirect';
import { ADMIN_GROUP, isAdminUser, userFromClaims, type AuthUser } from '../../frontend/src/features/auth/state/auth-user';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { startValidationServer, type ValidationServer } from './auth-test-server';

const at = (path: string) => {
  const url = new URL(path, 'https://school.example');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};
const user = (overrides: Partial<AuthUser> = {}): AuthUser => ({
  uid: 'sub-1',
  email: 'parent@ecole.example',
  displayName: null,
  emailVerified: true,
  groups: [],
  ...overrides,
});

describe('redirect sanitiser (open-redirect guard)', () => {
  it('keeps same-site paths with their query and fragment', () => {
    expect(safeRedirect('/classes')).toBe('/classes');
    expect(safeRedirect('/students?q=C%C3%B4t%C3%A9&page=2#top')).toBe('/students?q=C%C3%B4t%C3%A9&page=2#top');
    expect(safeRedirect('/admin/annual-update')).toBe('/admin/annual-update');
  });

  it.each([
    ['an absent value', null],
    ['an empty value', ''],
    ['a protocol-relative URL', '//evil.example/phish'],
    ['a backslash host', '/\\evil.example'],
    ['a backslash further on', '/classes\\..\\\\evil.example'],
    ['an absolute URL', 'https://evil.example/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'classes'],
    ['a tab smuggled in', '/\t/evil.example'],
    ['a newline smuggled in', '/\n/evil.example'],
    ['the sign-in page itself', '/auth?redirect=/classes'],
  ])('refuses %s', (_label, value) => {
    expect(safeRedirect(value)).toBeNull();
  });

  it('sends a signed-in user to the redirect query, or home when it is missing or unsafe', () => {
    expect(afterSignInPath('?redirect=%2Fclasses%3Fq%3Dx')).toBe('/classes?q=x');
    expect(afterSignInPath('?redirect=/classes')).toBe('/classes');
    expect(afterSignInPath('')).toBe('/');
    expect(afterSignInPath('?redirect=%2F%2Fevil.example')).toBe('/');
    expect(afterSignInPath('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
  });
});

describe('guard decisions (docs/product-rules.md, Screens and guards)', () => {
  it('sends a signed-out visitor of a protected page to /auth with the full original path', () => {
    expect(decideGuard('protected', at('/classes'), null)).toEqual({ kind: 'redirect', to: '/auth?redirect=%2Fclasses' });
    // Right after signing out: the same page to come back to, and the sign-in page says the person signed out.
    expect(decideGuard('protected', at('/classes'), null, true)).toEqual({ kind: 'redirect', to: '/auth?redirect=%2Fclasses&signedOut=1' });
    expect(decideGuard('protected', at('/students?q=dub%C3%A9#list'), null)).toEqual({
      kind: 'redirect',
      to: signInPathFor('/students?q=dub%C3%A9#list'),
    });
    expect(afterSignInPath(new URL(`https://x${signInPathFor('/students?q=a&b=c')}`).search)).toBe('/students?q=a&b=c');
  });

  it('sends a first visit to home to plain /auth: no page was asked for, so no "page you asked for" notice', () => {
    expect(decideGuard('protected', at('/'), null)).toEqual({ kind: 'redirect', to: '/auth' });
    expect(decideGuard('protected', at('/'), null, true)).toEqual({ kind: 'redirect', to: '/auth?signedOut=1' });
    expect(afterSignInPath(new URL('https://x/auth').search)).toBe('/');
  });

  it('says the session ended when the server refused its token (401)', () => {
    expect(decideGuard('protected', at('/parents'), null, false, true)).toEqual({
      kind: 'redirect',
      to: '/auth?redirect=%2Fparents&expired=1',
    });
    expect(decideGuard('protected', at('/'), null, false, true)).toEqual({ kind: 'redirect', to: '/auth?expired=1' });
  });

  it('sends a signed-in user with an unverified email to the blocked verification page', () => {
    expect(decideGuard('protected', at('/admin'), user({ emailVerified: false }))).toEqual({
      kind: 'redirect',
      to: '/email-verification-required?blocked=true',
    });
    expect(BLOCKED_PATH).toBe('/email-verification-required?blocked=true');
  });

  it('lets a verified user through, admin or not (the admin check is on the page)', () => {
    expect(decideGuard('protected', at('/admin'), user())).toEqual({ kind: 'allow' });
    expect(decideGuard('protected', at('/'), user({ groups: [ADMIN_GROUP] }))).toEqual({ kind: 'allow' });
  });

  it('sends a signed-in user away from /auth, to the redirect query or home', () => {
    expect(decideGuard('auth', at('/auth?redirect=%2Fcommittees'), user())).toEqual({ kind: 'redirect', to: '/committees' });
    expect(decideGuard('auth', at('/auth'), user())).toEqual({ kind: 'redirect', to: '/' });
    expect(decideGuard('auth', at('/auth?redirect=%2F%2Fevil.example'), user())).toEqual({ kind: 'redirect', to: '/' });
    expect(decideGuard('auth', at('/auth?redirect=%2Fclasses'), null)).toEqual({ kind: 'allow' });
  });

  it('never guards the open pages', () => {
    for (const path of ['/update/abc', '/update-success', '/email-verification-required?code=123456', '/about']) {
      expect(decideGuard('open', at(path), null)).toEqual({ kind: 'allow' });
      expect(decideGuard('open', at(path), user({ emailVerified: false }))).toEqual({ kind: 'allow' });
    }
  });
});

describe('signed-in user from the ID token', () => {
  it('reads Cognito claims, booleans and groups as AWS and cognito-local write them', () => {
    const claims = { sub: 's1', email: 'a@b.example', email_verified: true, 'cognito:groups': ['admins'] };
    expect(userFromClaims(claims)).toEqual({ uid: 's1', email: 'a@b.example', displayName: null, emailVerified: true, groups: ['admins'] });
    expect(userFromClaims({ ...claims, email_verified: 'true' })?.emailVerified).toBe(true);
    expect(userFromClaims({ ...claims, email_verified: false })?.emailVerified).toBe(false);
    expect(userFromClaims({ ...claims, email_verified: 'false' })?.emailVerified).toBe(false);
    expect(userFromClaims({ sub: 's1' })).toBeNull();
    expect(isAdminUser(userFromClaims(claims))).toBe(true);
    expect(isAdminUser(userFromClaims({ ...claims, 'cognito:groups': undefined }))).toBe(false);
  });

  it('keeps the display name read from the attributes when a token without `name` arrives for the same user', () => {
    const previous = user({ uid: 's1', displayName: 'Marie-Ève' });
    expect(userFromClaims({ sub: 's1', email: 'a@b.example' }, previous)?.displayName).toBe('Marie-Ève');
    expect(userFromClaims({ sub: 's2', email: 'c@d.example' }, previous)?.displayName).toBeNull();
  });

  it('uses the same admin group name as the server', () => {
    expect(ADMIN_GROUP).toBe(SERVER_ADMIN_GROUP);
  });
});

describe('guards in the running app (signed out)', () => {
  let server: ValidationServer;
  beforeAll(async () => {
    server = await startValidationServer();
  });
  afterAll(() => server.close());
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  /** The app as main.tsx mounts it, with a memory router (created once the configuration is known, as in the app). */
  function renderAt(path: string) {
    const handle: { router?: ReturnType<typeof createMemoryRouter> } = {};
    const createRouter = () => (handle.router = createMemoryRouter(buildRoutes(), { initialEntries: [path] }));
    render(<App i18n={createI18n('fr')} configUrl={`${server.url}/config.json`} createRouter={createRouter} />);
    return {
      get state() {
        return handle.router!.state;
      },
    };
  }

  it('redirects a protected page to /auth?redirect=<path and query>, and shows the sign-in form', async () => {
    const router = renderAt('/classes?level=G2');
    await screen.findByRole('heading', { level: 1, name: 'Connexion' }, { timeout: 20_000 });
    expect(router.state.location.pathname).toBe('/auth');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/classes?level=G2');
    expect(screen.getByText('Connectez-vous pour accéder à la page demandée.')).toBeTruthy();
  });

  it('guards the admin area like any protected page, and shows no admin entries to a visitor', async () => {
    const router = renderAt('/admin/school-progression');
    await screen.findByRole('heading', { level: 1, name: 'Connexion' }, { timeout: 20_000 });
    expect(router.state.location.search).toBe('?redirect=%2Fadmin%2Fschool-progression');
    // /auth has the light frame (docs/frontend.md, "First page"): no navigation, so no admin entries; the header
    // offers sign-in instead of a user menu.
    expect(createWrapper().findSideNavigation()).toBeNull();
    expect(screen.queryAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/admin'))).toEqual([]);
    const header = within(screen.getByRole('banner'));
    expect(header.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/auth');
    expect(header.queryByRole('button', { name: /parent@/ })).toBeNull();
    cleanup();

    // The signed-in shell of an open page, signed out: the directory's entries without the admin section, and sign-in.
    renderAt('/about');
    await screen.findByRole('heading', { level: 1, name: 'À propos' }, { timeout: 20_000 });
    const nav = createWrapper().findSideNavigation();
    expect(nav?.findLinkByHref('/classes')).not.toBeNull();
    expect(nav?.findLinkByHref('/admin')).toBeNull();
    await waitFor(() =>
      expect(createWrapper().findTopNavigation()?.findUtilities().some((u) => u.getElement().textContent === 'Se connecter')).toBe(true),
    );
  });

  it('leaves the open pages open: the verification page asks a signed-out visitor to sign in', async () => {
    const router = renderAt('/email-verification-required');
    await screen.findByRole('heading', { level: 1, name: 'Vérification du courriel requise' }, { timeout: 20_000 });
    expect(router.state.location.pathname).toBe('/email-verification-required');
    expect(screen.getByText('Connectez-vous pour vérifier votre adresse courriel.')).toBeTruthy();
  });

  it('keeps a verification code opened while signed out, for after sign-in, and clears it from the address', async () => {
    const router = renderAt('/email-verification-required?code=654321');
    // Testing Library reads the French non-breaking space before the colon as a plain space.
    await screen.findByText(
      "Connectez-vous d'abord dans ce navigateur : la vérification de votre adresse courriel se terminera ensuite d'elle-même.",
      undefined,
      { timeout: 20_000 },
    );
    expect(window.sessionStorage.getItem('auth.pendingVerificationCode')).toBe('654321');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
