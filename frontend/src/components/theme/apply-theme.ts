import { Mode, applyMode } from '@cloudscape-design/global-styles';
import { DEFAULT_THEME, type ThemePreference } from './theme-preference';
// The default theme's colours, built ahead of time (test/frontend/default-theme-css.test.ts keeps it equal to
// what the theming runtime generates): most visitors never choose another theme, so they never need the runtime.
import './default-theme.css';

let resetCurrent: (() => void) | undefined;
let latestRequest = 0;

/**
 * Dark or light mode applies at once (a tiny class switch, so no flash on start-up). The default theme's colours
 * are a static style sheet (default-theme.css, about 1 KB gzip on the first page); another theme's need
 * Cloudscape's theming runtime, whose token preset weighs about 90 kB gzipped: it is loaded only when such a
 * theme is chosen, after the first paint, and its style node, added after the style sheets, wins over the
 * default's. Requests are numbered so a slow load cannot override a newer choice.
 */
export async function applyThemePreference(preference: ThemePreference): Promise<void> {
  applyMode(preference.dark ? Mode.Dark : Mode.Light);
  const request = ++latestRequest;
  if (preference.name === DEFAULT_THEME.name) {
    resetCurrent?.();
    resetCurrent = undefined;
    return;
  }
  const [{ applyTheme }, { BRAND_THEMES }] = await Promise.all([
    import('@cloudscape-design/components/theming'),
    import('./brand-themes'),
  ]);
  if (request !== latestRequest) return;
  resetCurrent?.();
  resetCurrent = applyTheme({ theme: BRAND_THEMES[preference.name] }).reset;
}
