import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/page/page-frame';
import { DirectoryContent } from '../../../components/directory/directory-content';
import { FamiliesList } from '../components/families-list';

export function StudentsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.students.title')} description={t('pages.students.description')}>
      <DirectoryContent list="students">{(index) => <FamiliesList index={index} />}</DirectoryContent>
    </PageFrame>
  );
}
