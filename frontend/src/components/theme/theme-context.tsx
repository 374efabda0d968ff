import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { applyThemePreference } from './apply-theme';
import { readStoredTheme, storeTheme, type ThemePreference } from './theme-preference';

interface ThemeContextValue {
  theme: ThemePreference;
  setTheme: (preference: ThemePreference) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<ThemePreference>(readStoredTheme);

  // Layout effect: the light/dark switch lands before the first paint, so a dark choice never flashes light.
  useLayoutEffect(() => {
    applyThemePreference(theme).catch((error: unknown) => {
      // Only the colours are lost: the default Cloudscape palette stays usable.
      console.error('Theme could not be applied', error);
    });
  }, [theme]);

  const setTheme = useCallback((preference: ThemePreference) => {
    storeTheme(preference);
    setThemeState(preference);
  }, []);

  const value = useMemo(() => ({ theme, setTheme }), [theme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useThemePreference(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useThemePreference must be used inside <ThemeProvider>');
  return value;
}
