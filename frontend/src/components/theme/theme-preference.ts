/**
 * Three light themes and a dark variant of each. Stored as one id in localStorage under
 * `theme`: `knowledgeHub` for the light variant, `knowledgeHub-dark` for the dark one.
 */
export const THEME_NAMES = ['academicExcellence', 'knowledgeHub', 'modernSchool'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export interface ThemePreference {
  name: ThemeName;
  dark: boolean;
}

export const DEFAULT_THEME: ThemePreference = { name: 'academicExcellence', dark: false };
export const THEME_STORAGE_KEY = 'theme';
const DARK_SUFFIX = '-dark';

export function themeId(preference: ThemePreference): string {
  return preference.dark ? `${preference.name}${DARK_SUFFIX}` : preference.name;
}

export function parseThemeId(id: string | null | undefined): ThemePreference | null {
  if (!id) return null;
  const dark = id.endsWith(DARK_SUFFIX);
  const name = dark ? id.slice(0, -DARK_SUFFIX.length) : id;
  return (THEME_NAMES as readonly string[]).includes(name) ? { name: name as ThemeName, dark } : null;
}

export function readStoredTheme(): ThemePreference {
  try {
    return parseThemeId(window.localStorage.getItem(THEME_STORAGE_KEY)) ?? DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function storeTheme(preference: ThemePreference): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, themeId(preference));
  } catch {
    // Storage unavailable: the theme still applies until the page is closed.
  }
}
