import { useTranslation } from 'react-i18next';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { UnreadMessages } from '../../../components/messages/unread-messages';
import { PageFrame } from '../../../components/page/page-frame';
import { DirectoryContent } from '../../../components/directory/directory-content';
import { Dashboard } from '../components/dashboard';
import { PendingApprovals } from '../components/pending-approvals';
import { useViewer } from '../hooks/use-viewer';

/** Home: a parent's children first, the school's statistics first for staff and administrators (dashboard.tsx). */
export function HomePage() {
  const { t } = useTranslation();
  const { viewer, retry } = useViewer();
  const statisticsFirst = viewer.status === 'loaded' && viewer.statisticsFirst;
  return (
    <PageFrame title={t('pages.home.title')} description={t(statisticsFirst ? 'pages.home.description' : 'pages.home.parentDescription')}>
      <SpaceBetween size="l">
        <UnreadMessages />
        <PendingApprovals />
        <DirectoryContent list="dashboard">{(index) => <Dashboard index={index} viewer={viewer} retry={retry} />}</DirectoryContent>
      </SpaceBetween>
    </PageFrame>
  );
}
