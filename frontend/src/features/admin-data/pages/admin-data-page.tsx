import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { PageFrame } from '../../../components/page/page-frame';
import { EditPanel } from '../components/edit-panel';
import { ExportPanel } from '../components/export-panel';
import { ImportPanel } from '../components/import-panel';
import { TemplatesPanel } from '../components/templates-panel';
import styles from './admin-data-page.module.css';

/** `/admin/data` (docs/data-onboarding.md): templates, import with a dry run, editing, export. The admin check is AdminGate's. */
export function AdminDataPage() {
  const { t } = useTranslation();
  const [flash, setFlash] = useState<FlashbarProps.MessageDefinition[]>([]);
  const [tab, setTab] = useState('templates');
  const notify = useCallback((content: string) => {
    const id = `${Date.now()}`;
    setFlash([{ id, type: 'success', content, dismissible: true, dismissLabel: t('common.dismiss'), onDismiss: () => setFlash([]) }]);
  }, [t]);
  return (
    <PageFrame title={t('adminData.title')} description={t('adminData.description')}>
      <SpaceBetween size="l">
        <Flashbar items={flash} />
        {/* Wraps on a phone: every tab in view (admin-data-page.module.css). */}
        <div className={styles.tabs}>
          <Tabs
            activeTabId={tab}
            onChange={({ detail }) => {
              setTab(detail.activeTabId);
              setFlash([]);
            }}
            ariaLabel={t('adminData.title')}
            tabs={[
              { id: 'templates', label: t('adminData.tabs.templates'), content: <TemplatesPanel /> },
              { id: 'import', label: t('adminData.tabs.import'), content: <ImportPanel notify={notify} /> },
              { id: 'edit', label: t('adminData.tabs.edit'), content: <EditPanel notify={notify} /> },
              { id: 'export', label: t('adminData.tabs.export'), content: <ExportPanel notify={notify} /> },
            ]}
          />
        </div>
      </SpaceBetween>
    </PageFrame>
  );
}
