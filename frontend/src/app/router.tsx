import type { ComponentType } from 'react';
import { createBrowserRouter, createPath, type RouteObject } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';
import { loadStringGroups } from '../i18n/i18n';
import { STRING_GROUP_NAMES } from '../i18n/string-groups';
import { noteFirstPageShown } from './first-page-shown';
import { GuardOutlet, guardLoader } from './guards';
import { LightShell } from './light-shell';
import { importWithReload, navigationSettled, notePendingNavigation } from './lazy-with-reload';
import { PageLoadError, RouteError } from './route-error';
import { APP_ROUTES, GUARDS, type AppRoute, type Guard } from './routes';

/**
 * Admin pages carry their own administrator check (docs/product-rules.md: the route needs only a verified
 * sign-in). The check loads with the admin page, not on the first page: most visitors never open one.
 */
async function loadAdminOnly(load: AppRoute['load']): Promise<ComponentType> {
  const [Page, { AdminGate }] = await Promise.all([load(), import('../features/auth/components/admin-gate')]);
  return function AdminOnlyPage() {
    return (
      <AdminGate>
        <Page />
      </AdminGate>
    );
  };
}

function toRouteObject(route: AppRoute): RouteObject {
  const loadPage = route.adminOnly ? () => loadAdminOnly(route.load) : route.load;
  // The page's strings beyond the first part arrive with its chunk: it never renders bare keys.
  const groups = route.strings ?? STRING_GROUP_NAMES;
  const load = async () => (await Promise.all([loadPage(), loadStringGroups(groups)]))[0];
  return {
    path: route.path,
    lazy: async () => ({ Component: await importWithReload(load, PageLoadError) }),
    errorElement: <RouteError />,
  };
}

/**
 * THE place where guards apply: one pathless route per guard kind, wrapping that kind's pages. Its `loader`
 * initialises the auth state and redirects before the page renders; `shouldRevalidate` makes it run on every
 * navigation, not only on entering the group; its `element` re-applies the decision when the state changes
 * while a page is showing (a sign-out).
 */
function guardedGroup(guard: Guard): RouteObject {
  return {
    id: `guard-${guard}`,
    loader: guardLoader(guard),
    shouldRevalidate: () => true,
    element: <GuardOutlet guard={guard} />,
    children: APP_ROUTES.filter((r) => r.guard === guard).map(toRouteObject),
  };
}

/**
 * Two frames (docs/frontend.md, "First page"): /auth, where a first visit usually lands signed out, in the light
 * frame that is part of the first page; every other page in the signed-in shell (Cloudscape's AppLayout,
 * TopNavigation and SideNavigation, wired to the auth layer), a chunk of its own that the router fetches in
 * parallel with the page's chunk and the guards' session read.
 */
export function buildRoutes(): RouteObject[] {
  return [
    {
      errorElement: <RouteError />,
      hydrateFallbackElement: (
        <Box padding="xxl" textAlign="center">
          <Spinner size="large" />
        </Box>
      ),
      children: [
        { element: <LightShell />, children: [guardedGroup('auth')] },
        {
          lazy: async () => ({ Component: await importWithReload(loadShell, PageLoadError) }),
          children: GUARDS.filter((guard) => guard !== 'auth').map(guardedGroup),
        },
      ],
    },
  ];
}

const loadShell = (): Promise<ComponentType> => import('./auth-shell').then((m) => m.AuthShell);

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Feeds the lazy-page reload: where a pending navigation is heading (so a reload lands there), and when a
 * navigation ended without a route error (pages load again: forget the reload mark).
 */
export function trackNavigations(router: AppRouter): () => void {
  let settledKey: string | undefined;
  return router.subscribe((state) => {
    const target = state.navigation.location;
    notePendingNavigation(target ? createPath(target) : undefined);
    if (state.initialized && state.navigation.state === 'idle') noteFirstPageShown();
    // Once per completed navigation, not on every later state update of the same page.
    if (!state.initialized || state.navigation.state !== 'idle' || state.errors) return;
    if (state.location.key === settledKey) return;
    settledKey = state.location.key;
    navigationSettled();
  });
}

export function createAppRouter(routes: RouteObject[] = buildRoutes()): AppRouter {
  const router = createBrowserRouter(routes);
  trackNavigations(router);
  return router;
}
