import { CONFIG_URL, readRuntimeConfig, type ConfigLoadResult } from '../config/load-runtime-config';
import { authStore, holdPrePaintedSignIn } from '../features/auth';
import { mayHoldSession } from '../lib/api/stored-session';
import { createAppRouter } from './router';

type AppRouter = ReturnType<typeof createAppRouter>;

/** How long the first render waits for a signed-out visitor's first page before showing the loading state instead. */
export const FIRST_SCREEN_WAIT_MS = 1_500;

export interface FirstScreen {
  initialConfig?: ConfigLoadResult;
  createRouter?: () => AppRouter;
}

function firstNavigationDone(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * A visitor with no stored session (a phone's first visit, most often to /auth): the first page needs nothing
 * from the network beyond files already requested (the guards read no session without one; the page's chunks were
 * preloaded), so the app renders once, when `/config.json` is read and the router has loaded that page, instead of
 * a loading state for the configuration, then the router's spinner, then the page: three renders and layouts of
 * a slow phone's CPU for one screen (docs/decisions/sign-in-page-on-a-phone-fewer-bytes-before-the-form.md, "Sign-in page on a phone: fewer bytes before the form").
 * Waits at most FIRST_SCREEN_WAIT_MS, then the loading states show as before. Someone who may be signed in gets
 * them at once: their guards may wait on the network (a token refresh).
 */
export async function prepareFirstScreen(configUrl = CONFIG_URL, createRouter: () => AppRouter = createAppRouter): Promise<FirstScreen> {
  // The sign-in form index.html may have painted: the first render replaces it, the sign-in form reads it after.
  holdPrePaintedSignIn();
  if (mayHoldSession()) return {};
  const initialConfig = await readRuntimeConfig(configUrl);
  // A configuration problem: the config gate reads it again and explains it in both languages.
  if (!initialConfig.ok) return {};
  authStore.configure(initialConfig.config);
  const router = createRouter();
  await Promise.race([firstNavigationDone(router), new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]);
  return { initialConfig, createRouter: () => router };
}
