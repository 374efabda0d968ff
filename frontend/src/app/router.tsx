import type { ReactElement } from 'react';
import { createBrowserRouter, createPath, type RouteObject } from 'react-router-dom';
import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';
import { AppShell } from '../components/layout/app-shell';
import { importWithReload, navigationSettled, notePendingNavigation } from './lazy-with-reload';
import { PageLoadError, RouteError } from './route-error';
import { APP_ROUTES, GUARDS, type AppRoute, type Guard } from './routes';

function toRouteObject(route: AppRoute): RouteObject {
  return {
    path: route.path,
    lazy: async () => ({ Component: await importWithReload(route.load, PageLoadError) }),
    errorElement: <RouteError />,
  };
}

/**
 * THE place where guards apply: one pathless route per guard kind, wrapping that kind's pages. Guards are not
 * enforced yet; the auth layer gives each group an `element` (a guard that renders `<Outlet />` or redirects)
 * and, for "auth state is initialised before every navigation", a `loader` that awaits it.
 */
function guardedGroup(guard: Guard): RouteObject {
  return {
    id: `guard-${guard}`,
    children: APP_ROUTES.filter((r) => r.guard === guard).map(toRouteObject),
  };
}

/** `showAdminSection` stays on until the auth layer passes the signed-in user's admin-group membership. */
export function buildRoutes(shell: ReactElement = <AppShell showAdminSection />): RouteObject[] {
  return [
    {
      element: shell,
      errorElement: <RouteError />,
      hydrateFallbackElement: (
        <Box padding="xxl" textAlign="center">
          <Spinner size="large" />
        </Box>
      ),
      children: GUARDS.map(guardedGroup),
    },
  ];
}

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
