import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { ConfigErrorScreen } from './config-error-screen';
import { CONFIG_URL, loadRuntimeConfig, type ConfigLoadResult } from './load-runtime-config';
import { RuntimeConfigProvider } from './runtime-config-context';

/** Renders its children only once `/config.json` is loaded and valid; otherwise the bilingual error screen. */
export function ConfigGate({ children, configUrl = CONFIG_URL }: { children: ReactNode; configUrl?: string }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<ConfigLoadResult | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    void loadRuntimeConfig(configUrl).then((loaded) => {
      if (cancelled) return;
      if (!loaded.ok) console.error('Runtime configuration unusable', loaded.problem);
      setResult(loaded);
    });
    return () => {
      cancelled = true;
    };
  }, [configUrl, attempt]);

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
