import { useTranslation } from 'react-i18next';
import Container from '@cloudscape-design/components/container';
import { PageFrame } from '../../../components/page/page-frame';
import { RouterLink } from '../../../components/router-link/router-link';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.notFound.title')} description={t('pages.notFound.description')}>
      <Container>
        <RouterLink href="/">{t('common.backHome')}</RouterLink>
      </Container>
    </PageFrame>
  );
}
