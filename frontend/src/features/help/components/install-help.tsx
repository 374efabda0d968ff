import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { runsInstalled } from '../../../lib/pwa/install-prompt';
import { useInstallOffer } from '../../../lib/pwa/use-install-offer';

/**
 * "Installing the app": the steps on an iPhone, on Android and on a computer, and the browser's own install
 * dialog when it offers one (the shell's offer may have been dismissed: the help page still installs).
 */
export function InstallHelp() {
  const { t } = useTranslation();
  const { kind, install } = useInstallOffer();
  return (
    <SpaceBetween size="s">
      <Box variant="p">{t('help.install.intro')}</Box>
      {runsInstalled() && <Box variant="p">{t('help.install.already')}</Box>}
      {kind === 'prompt' && (
        <Button iconName="download" onClick={() => void install()}>
          {t('install.button')}
        </Button>
      )}
      <ul>
        <li>{t('help.install.iphone')}</li>
        <li>{t('help.install.android')}</li>
        <li>{t('help.install.computer')}</li>
      </ul>
    </SpaceBetween>
  );
}
