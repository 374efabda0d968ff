import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';
import { PageFrame } from '../../../components/page/page-frame';

/** An emailed-link page while its form loads, or when the link cannot be used (the reason in the user's language). */
export function LinkPageStatus({ title, problem }: { title: string; problem?: string }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={title}>
      {problem ? (
        <Alert type="error">{t(`updateForm.messages.${problem}`)}</Alert>
      ) : (
        <Box textAlign="center" padding="l">
          <Spinner size="large" /> {t('common.loading')}
        </Box>
      )}
    </PageFrame>
  );
}
