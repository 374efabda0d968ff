import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import type { FlashbarProps } from '@cloudscape-design/components/flashbar';
import { useInstallOffer } from '../../lib/pwa/use-install-offer';

/**
 * The offer to install the app, in the shell's flash bar (docs/frontend.md, "Offering to install"): shown to a
 * signed-in member until they install or say "not now", both remembered on the device. Android and desktop:
 * an "Install" button that opens the browser's own dialog; an iPhone: the Share -> Add to Home Screen steps.
 * Nothing when the device cannot install, or runs the installed app.
 */
export function useInstallOfferNotification(enabled: boolean): FlashbarProps.MessageDefinition[] {
  const { t } = useTranslation();
  const { kind, answered, install, dismiss } = useInstallOffer();
  if (!enabled || answered || !kind) return [];
  return [
    {
      id: 'install-offer',
      type: 'info',
      header: t('install.title'),
      content: kind === 'iphone' ? t('install.iphoneSteps') : t('install.body'),
      dismissible: true,
      dismissLabel: t('install.notNow'),
      onDismiss: dismiss,
      action:
        kind === 'prompt' ? (
          <Button onClick={() => void install()} iconName="download">
            {t('install.button')}
          </Button>
        ) : undefined,
    },
  ];
}
