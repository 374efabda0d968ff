import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/page/page-frame';
import { DirectoryContent } from '../../../components/directory/directory-content';
import { ClassesList } from '../components/classes-list';

export function ClassesPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.classes.title')} description={t('pages.classes.description')}>
      <DirectoryContent list="classes">{(index) => <ClassesList index={index} />}</DirectoryContent>
    </PageFrame>
  );
}
