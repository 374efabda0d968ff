import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Flashbar from '@cloudscape-design/components/flashbar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { PageFrame } from '../../../components/page/page-frame';
import { QueryState } from '../../../components/query-state/query-state';
import { useIncidents } from '../api/incidents-queries';
import { IncidentExports } from '../components/incident-exports';
import { IncidentForm } from '../components/incident-form';
import { IncidentTable } from '../components/incident-table';
import { useErrorText, useIncidentRegister } from '../hooks/use-incident-register';

/**
 * `/admin/privacy-incidents` (docs/privacy.md, "Incident register"): the confidentiality incidents, recorded,
 * edited and exported by administrators. The admin check is AdminGate's (app/router.tsx).
 */
export function IncidentRegisterPage() {
  const { t } = useTranslation();
  const register = useIncidentRegister();
  const incidents = useIncidents();
  const errorText = useErrorText();
  const [exportError, setExportError] = useState<unknown>(null);
  const flash = register.flash
    ? [{ id: 'saved', type: 'success' as const, content: register.flash, dismissible: true, dismissLabel: t('common.dismiss'), onDismiss: () => register.setFlash(null) }]
    : [];
  return (
    <PageFrame title={t('privacyIncidents.title')} description={t('privacyIncidents.description')}>
      <SpaceBetween size="l">
        <Flashbar items={flash} />
        {register.view.mode === 'form' ? (
          <IncidentForm incident={register.view.incident} onCancel={register.close} onSaved={register.saved} />
        ) : (
          <SpaceBetween size="l">
            {exportError !== null && (
              <Alert type="error" dismissible onDismiss={() => setExportError(null)}>
                {errorText(exportError)}
              </Alert>
            )}
            <QueryState query={incidents} loadingText={t('privacyIncidents.table.loading')} genericKey="privacyIncidents.errors.generic">
              {(list) => (
                <IncidentTable
                  incidents={list}
                  onCreate={() => register.open()}
                  onEdit={register.open}
                  exports={<IncidentExports onDone={(message) => (setExportError(null), register.setFlash(message))} onError={setExportError} />}
                />
              )}
            </QueryState>
          </SpaceBetween>
        )}
      </SpaceBetween>
    </PageFrame>
  );
}
