import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { ensureLocale } from '../i18n/i18n';
import { LOCALES } from '../i18n/locale';
import { ConfigErrorScreen } from './config-error-screen';
import { CONFIG_URL, readRuntimeConfig, type ConfigLoadResult } from './load-runtime-config';
import { RuntimeConfigProvider } from './runtime-config-context';
import { rememberContact } from './remembered-contact';

/**
 * Renders its children only once `/config.json` is loaded and valid; otherwise the bilingual error screen.
 * `initial`: a valid configuration the entry has already read (main.tsx), shown at once without a loading state.
 */
export function ConfigGate({ children, configUrl = CONFIG_URL, initial }: { children: ReactNode; configUrl?: string; initial?: ConfigLoadResult }) {
  const { t, i18n } = useTranslation();
  const [result, setResult] = useState<ConfigLoadResult | null>(initial?.ok ? initial : null);
  const [attempt, setAttempt] = useState(0);
  const [readAlready] = useState(initial?.ok === true);

  useEffect(() => {
    if (attempt === 0 && readAlready) return;
    let cancelled = false;
    void readRuntimeConfig(configUrl).then(async (loaded) => {
      if (cancelled) return;
      if (!loaded.ok) {
        console.error('Runtime configuration unusable', loaded.problem);
        // The error screen speaks both languages; only the visitor's is loaded so far (i18n.ts). If the
        // other cannot be fetched either, the screen shows the language it has.
        await Promise.allSettled(LOCALES.map((locale) => ensureLocale(i18n, locale)));
        if (cancelled) return;
      }
      setResult(loaded);
    });
    return () => {
      cancelled = true;
    };
  }, [configUrl, attempt, i18n, readAlready]);

  // The school's contact, for the error screen of a later start that cannot read the configuration.
  const contactEmail = result?.ok ? result.config.contactEmail : undefined;
  useEffect(() => {
    if (result?.ok) rememberContact(contactEmail);
  }, [result?.ok, contactEmail]);

  const retry = useCallback(() => {
    setResult(null);
    setAttempt((n) => n + 1);
  }, []);

  if (!result) {
    return (
      <Box padding="xxl" textAlign="center">
        <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>
      </Box>
    );
  }
  if (!result.ok) return <ConfigErrorScreen problem={result.problem} onRetry={retry} />;
  return <RuntimeConfigProvider config={result.config}>{children}</RuntimeConfigProvider>;
}
