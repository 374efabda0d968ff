import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlashbarProps } from '@cloudscape-design/components/flashbar';
import { useServiceHealth } from './service-health-context';

/**
 * Flashbar items for the layout: a persistent warning while offline, then a dismissible "connection restored"
 * once the browser is back online.
 */
export function useConnectivityNotifications(): FlashbarProps.MessageDefinition[] {
  const { t } = useTranslation();
  const { health } = useServiceHealth();
  const [showRestored, setShowRestored] = useState(false);
  const wasOffline = useRef(!health.isOnline);

  useEffect(() => {
    if (!health.isOnline) {
      wasOffline.current = true;
      setShowRestored(false);
    } else if (wasOffline.current) {
      wasOffline.current = false;
      setShowRestored(true);
    }
  }, [health.isOnline]);

  if (!health.isOnline) {
    return [
      {
        id: 'offline',
        type: 'warning',
        header: t('health.offlineTitle'),
        content: t('health.offlineBody'),
        ariaRole: 'alert',
      },
    ];
  }
  if (showRestored) {
    return [
      {
        id: 'back-online',
        type: 'success',
        content: t('health.backOnline'),
        dismissible: true,
        dismissLabel: t('common.dismiss'),
        onDismiss: () => setShowRestored(false),
        ariaRole: 'status',
      },
    ];
  }
  return [];
}
