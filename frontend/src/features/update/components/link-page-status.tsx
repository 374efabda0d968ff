import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { CODE_PAGE_PATHS } from '../../../../../shared/annual-update-letters-api';
import { PageFrame } from '../../../components/page/page-frame';
import { RouterLink } from '../../../components/router-link/router-link';
import { useLanguage } from '../../../lib/use-language';

/**
 * An emailed-link page while its form loads, or when the link cannot be used: the reason in the user's language,
 * then what they can do instead (a letter's code, their account's profile, or trying again), never a dead end.
 */
export function LinkPageStatus({ title, problem }: { title: string; problem?: string }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={title}>
      {problem ? (
        <SpaceBetween size="m">
          <Alert type="error">{t(`updateForm.messages.${problem}`)}</Alert>
          <LinkAlternatives retry={problem === 'loadFailed'} />
        </SpaceBetween>
      ) : (
        <Box textAlign="center" padding="l">
          <Spinner size="large" /> {t('common.loading')}
        </Box>
      )}
    </PageFrame>
  );
}

function LinkAlternatives({ retry }: { retry: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <SpaceBetween size="s">
      {retry && <Button onClick={() => window.location.reload()}>{t('updateForm.linkHelp.retry')}</Button>}
      <Box>
        {t('updateForm.linkHelp.code')} <RouterLink href={CODE_PAGE_PATHS[lang]}>{t('updateForm.linkHelp.codeLink')}</RouterLink>
      </Box>
      <Box>
        {t('updateForm.linkHelp.account')} <RouterLink href="/auth?redirect=%2Fprofile">{t('updateForm.linkHelp.accountLink')}</RouterLink>
      </Box>
      <Box color="text-body-secondary">{t('updateForm.linkHelp.newLink')}</Box>
    </SpaceBetween>
  );
}
