import { Mode, applyMode } from '@cloudscape-design/global-styles';
import type { ThemePreference } from './theme-preference';

let resetCurrent: (() => void) | undefined;
let latestRequest = 0;

/**
 * Dark or light mode applies at once (a tiny class switch, so no flash on start-up). The brand colours need
 * Cloudscape's theming runtime, whose token preset weighs about 80 kB gzipped: it is loaded on demand, after
 * the first paint, so the first page stays light. Requests are numbered so a slow load cannot override a newer
 * choice.
 */
export async function applyThemePreference(preference: ThemePreference): Promise<void> {
  applyMode(preference.dark ? Mode.Dark : Mode.Light);
  const request = ++latestRequest;
  const [{ applyTheme }, { BRAND_THEMES }] = await Promise.all([
    import('@cloudscape-design/components/theming'),
    import('./brand-themes'),
  ]);
  if (request !== latestRequest) return;
  resetCurrent?.();
  resetCurrent = applyTheme({ theme: BRAND_THEMES[preference.name] }).reset;
}
