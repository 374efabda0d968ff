import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/page/page-frame';
import { DirectoryContent } from '../../../components/directory/directory-content';
import { Dashboard } from '../components/dashboard';

export function HomePage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.home.title')} description={t('pages.home.description')}>
      <DirectoryContent list="dashboard">{(index) => <Dashboard index={index} />}</DirectoryContent>
    </PageFrame>
  );
}
