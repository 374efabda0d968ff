import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/page/page-frame';
import { DirectoryContent } from '../../../components/directory/directory-content';
import { StaffList } from '../components/staff-list';

export function StaffPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('pages.staff.title')} description={t('pages.staff.description')}>
      <DirectoryContent list="staff">{(index) => <StaffList index={index} />}</DirectoryContent>
    </PageFrame>
  );
}
