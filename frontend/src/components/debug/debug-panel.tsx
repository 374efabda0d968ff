import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import HelpPanel from '@cloudscape-design/components/help-panel';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useRuntimeConfig } from '../../config/runtime-config-context';
import { currentLocale } from '../../i18n/i18n';
import { useBreakpoint } from '../layout/use-breakpoint';
import { useServiceHealth } from '../service-health/service-health-context';
import { useThemePreference } from '../theme/theme-context';
import { themeId } from '../theme/theme-preference';

function Reachability({ value }: { value: boolean | null }) {
  const { t } = useTranslation();
  if (value === null) return <StatusIndicator type="pending">{t('common.unknown')}</StatusIndicator>;
  return value ? (
    <StatusIndicator type="success">{t('common.yes')}</StatusIndicator>
  ) : (
    <StatusIndicator type="error">{t('common.no')}</StatusIndicator>
  );
}

/**
 * The debug information panel, in the layout's tools drawer. Shows only configuration and technical
 * state, never personal data. `authStatus` is filled in by the auth layer.
 */
export function DebugPanel({ authStatus }: { authStatus?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const config = useRuntimeConfig();
  const { health, checkNow } = useServiceHealth();
  const { theme } = useThemePreference();
  const breakpoint = useBreakpoint();
  const notSet = t('common.notSet');

  return (
    <HelpPanel header={<h2>{t('debug.title')}</h2>}>
      <SpaceBetween size="l">
        <Box variant="p">{t('debug.intro')}</Box>
        <KeyValuePairs
          columns={1}
          items={[
            {
              type: 'group',
              title: t('debug.build'),
              items: [
                { label: t('debug.appVersion'), value: import.meta.env.VITE_APP_VERSION ?? 'dev' },
                { label: t('debug.buildId'), value: config.build ?? notSet },
                { label: t('debug.viteMode'), value: import.meta.env.MODE },
              ],
            },
            {
              type: 'group',
              title: t('debug.config'),
              items: [
                { label: t('debug.mode'), value: config.mode },
                { label: t('debug.region'), value: config.region },
                { label: t('debug.apiBaseUrl'), value: config.apiBaseUrl },
                { label: t('debug.userPoolId'), value: config.userPoolId },
                { label: t('debug.userPoolClientId'), value: config.userPoolClientId },
                { label: t('debug.cognitoEndpoint'), value: config.cognitoEndpoint ?? notSet },
                {
                  label: t('debug.mailbox'),
                  value: config.mailboxUrl ? (
                    <Link href={config.mailboxUrl} external>
                      {config.mailboxUrl}
                    </Link>
                  ) : (
                    notSet
                  ),
                },
                { label: t('debug.contactEmail'), value: config.contactEmail ?? notSet },
              ],
            },
            {
              type: 'group',
              title: t('debug.auth'),
              items: [{ label: t('debug.authState'), value: authStatus ?? t('debug.authPlaceholder') }],
            },
            {
              type: 'group',
              title: t('debug.health'),
              items: [
                { label: t('debug.online'), value: <Reachability value={health.isOnline} /> },
                { label: t('debug.apiReachable'), value: <Reachability value={health.apiReachable} /> },
                { label: t('debug.identityReachable'), value: <Reachability value={health.identityReachable} /> },
                { label: t('debug.lastChecked'), value: health.lastChecked },
              ],
            },
            {
              type: 'group',
              title: t('debug.display'),
              items: [
                { label: t('debug.locale'), value: currentLocale(i18n) },
                { label: t('debug.theme'), value: themeId(theme) },
                { label: t('debug.breakpoint'), value: `${breakpoint} (${window.innerWidth} px)` },
              ],
            },
          ]}
        />
        <Button iconName="refresh" onClick={() => void checkNow()}>
          {t('debug.checkNow')}
        </Button>
      </SpaceBetween>
    </HelpPanel>
  );
}
