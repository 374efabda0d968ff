import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/page/page-frame';
import { DirectoryContent } from '../../../components/directory/directory-content';
import { ParentsList } from '../components/parents-list';

export function ParentsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.parents.title')} description={t('pages.parents.description')}>
      <DirectoryContent list="parents">{(index) => <ParentsList index={index} />}</DirectoryContent>
    </PageFrame>
  );
}
