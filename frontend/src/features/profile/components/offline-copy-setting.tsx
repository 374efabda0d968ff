import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-time';
import { useLanguage } from '../../../lib/use-language';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { currentUserKey } from '../../../lib/directory/directory-client';
import { configureDirectoryStore, directoryStore } from '../../../lib/directory/directory-store';
import { offlineCopy } from '../../../lib/offline/offline-copy-storage';

/** The choice and the date of the copy on this device, kept in step with every change (keep, erase, sign-out). */
function useOfflineCopySetting() {
  const { apiBaseUrl } = useRuntimeConfig();
  const [enabled, setEnabledState] = useState(() => offlineCopy.isEnabled());
  const [savedAt, setSavedAt] = useState<number | null>(null);

  useEffect(() => {
    let current = true;
    const refresh = () => {
      setEnabledState(offlineCopy.isEnabled());
      void currentUserKey()
        .then((user) => (user && offlineCopy.isEnabled() ? offlineCopy.savedAt(user) : null))
        .catch(() => null)
        .then((at) => current && setSavedAt(at));
    };
    refresh();
    const unsubscribe = offlineCopy.subscribe(refresh);
    return () => {
      current = false;
      unsubscribe();
    };
  }, []);

  const setEnabled = useCallback(
    async (on: boolean) => {
      setEnabledState(on);
      await offlineCopy.setEnabled(on);
      if (on) {
        // Keep the directory now rather than at the next screen: ask the server (a 304 confirms the copy in memory).
        configureDirectoryStore(apiBaseUrl);
        await directoryStore.load(true);
      }
    },
    [apiBaseUrl],
  );
  return { enabled, savedAt, setEnabled };
}

/** My Profile's "Keep a copy on this device" (docs/frontend.md, "Installable app"): off by default. */
export function OfflineCopySetting() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { enabled, savedAt, setEnabled } = useOfflineCopySetting();
  const format = (at: number) => formatDateTime(at, lang);
  const status = !enabled
    ? t('directory.offlineCopy.off')
    : savedAt !== null
      ? t('directory.offlineCopy.savedAt', { date: format(savedAt) })
      : t('directory.offlineCopy.noCopyYet');
  return (
    <Container header={<Header variant="h2">{t('directory.offlineCopy.settingTitle')}</Header>}>
      <SpaceBetween size="s">
        <Toggle
          checked={enabled}
          onChange={({ detail }) => void setEnabled(detail.checked)}
          description={t('directory.offlineCopy.settingDescription')}
        >
          {t('directory.offlineCopy.settingLabel')}
        </Toggle>
        <Box variant="small">
          <span role="status">{status}</span>
        </Box>
      </SpaceBetween>
    </Container>
  );
}
