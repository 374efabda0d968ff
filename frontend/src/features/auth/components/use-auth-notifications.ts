import { useTranslation } from 'react-i18next';
import type { FlashbarProps } from '@cloudscape-design/components/flashbar';
import { useAuth } from '../hooks/use-auth';
import { authStore } from '../state/auth-store';

/** The layout's flash bar items from the auth layer: the welcome once the email is verified (docs/product-rules.md). */
export function useAuthNotifications(): FlashbarProps.MessageDefinition[] {
  const { t } = useTranslation();
  const { flash } = useAuth();
  if (!flash) return [];
  return [
    {
      id: 'auth-welcome',
      type: 'success',
      content: flash.name ? t('auth.welcome', { name: flash.name }) : t('auth.welcomeNoName'),
      dismissible: true,
      dismissLabel: t('common.dismiss'),
      onDismiss: () => authStore.clearFlash(),
      ariaRole: 'status',
    },
  ];
}
