import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/page/page-frame';
import { DirectoryContent } from '../../../components/directory/directory-content';
import { CommitteesList } from '../components/committees-list';

export function CommitteesPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.committees.title')} description={t('pages.committees.description')}>
      <DirectoryContent list="committees">{(index) => <CommitteesList index={index} />}</DirectoryContent>
    </PageFrame>
  );
}
