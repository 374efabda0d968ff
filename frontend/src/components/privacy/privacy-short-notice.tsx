import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import { PRIVACY_PATHS } from '@shared/contracts/privacy-paths';
import { useLanguage } from '../../lib/use-language';
import { RouterLink } from '../router-link/router-link';

/**
 * The short privacy notice shown wherever the app collects information (sign-up, the update form, My Profile),
 * with a link to the whole policy in the current language (docs/privacy.md).
 */
export function PrivacyShortNotice() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Box variant="small" color="text-body-secondary" data-testid="privacy-short-notice">
      {t('privacy.short')}{' '}
      <RouterLink href={PRIVACY_PATHS[language]} fontSize="body-s">
        {t('privacy.readPolicy')}
      </RouterLink>
    </Box>
  );
}
