import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PRIVACY_PATHS } from '@shared/contracts/privacy-paths';
import { useRuntimeConfig } from '../../config/runtime-config-context';
import { formatDate } from '../../lib/date-time';
import { HELP_PATHS } from '../../lib/help-paths';
import { useLanguage } from '../../lib/use-language';
import { RouterLink } from '../router-link/router-link';

import { FOOTER_ID } from './layout-ids';

/**
 * The footer of both frames. Help for everyone; the debug link only where the diagnostics are allowed (an
 * administrator, or the `?debug=1` switch) and a tools drawer can show them (the signed-in shell).
 */
export function AppFooter({ onOpenDebug }: { onOpenDebug?: () => void }) {
  const { t } = useTranslation();
  const { contactEmail } = useRuntimeConfig();
  const language = useLanguage();
  return (
    <footer id={FOOTER_ID}>
      <Box padding={{ vertical: 's', horizontal: 'l' }} color="text-body-secondary" fontSize="body-s">
        <SpaceBetween direction="horizontal" size="l" alignItems="center">
          {/* The year the page is read in, not the year the string was written. */}
          <span>{t('footer.copyright', { year: formatDate(Date.now()).slice(0, 4) })}</span>
          {contactEmail && (
            <Link
              href={`mailto:${contactEmail}`}
              ariaLabel={t('footer.contactAria', { email: contactEmail })}
              fontSize="body-s"
            >
              {t('footer.contact')}
            </Link>
          )}
          <RouterLink href="/about" fontSize="body-s">
            {t('footer.about')}
          </RouterLink>
          <RouterLink href={PRIVACY_PATHS[language]} fontSize="body-s">
            {t('footer.privacy')}
          </RouterLink>
          <RouterLink href={HELP_PATHS[language]} fontSize="body-s">
            {t('footer.help')}
          </RouterLink>
          {onOpenDebug && (
            <Link onFollow={onOpenDebug} fontSize="body-s">
              {t('nav.debug')}
            </Link>
          )}
        </SpaceBetween>
      </Box>
    </footer>
  );
}
