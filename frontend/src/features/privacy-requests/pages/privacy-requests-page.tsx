import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Flashbar from '@cloudscape-design/components/flashbar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { requestReference } from '../../../../../shared/privacy-requests-api';
import { PageFrame } from '../../../components/page/page-frame';
import { RequestDetail } from '../components/request-detail';
import { RequestsTable } from '../components/requests-table';
import { usePrivacyRequests } from '../hooks/use-privacy-requests';

/**
 * `/admin/privacy-requests` (docs/privacy.md): the queue of privacy requests, each due 30 days after receipt,
 * overdue ones flagged; choosing one shows it with the form that moves it on and answers it.
 */
export function PrivacyRequestsPage() {
  const { t, i18n } = useTranslation();
  const { state, reload, replace, apiBaseUrl } = usePrivacyRequests();
  const [selectedId, setSelectedId] = useState<string>();
  const [flash, setFlash] = useState<string | null>(null);
  const requests = state.kind === 'ready' ? state.list.requests : [];
  const selected = requests.find((r) => r.id === selectedId);
  return (
    <PageFrame title={t('pages.privacyRequests.title')} description={t('pages.privacyRequests.description')}>
      <SpaceBetween size="l">
        {flash && (
          <Flashbar
            items={[{ id: 'saved', type: 'success', content: flash, dismissible: true, dismissLabel: t('common.dismiss'), onDismiss: () => setFlash(null) }]}
          />
        )}
        {state.kind === 'failed' ? (
          <Alert type="error" action={<Button onClick={reload}>{t('privacyRequests.queue.retry')}</Button>}>
            {t('privacyRequests.queue.loadFailed')}
            {state.code && i18n.exists(`errors.${state.code}`) ? ` ${t(`errors.${state.code}`)}` : ''}
          </Alert>
        ) : (
          <RequestsTable
            requests={requests}
            loading={state.kind === 'loading'}
            selectedId={selectedId}
            onSelect={(id) => {
              setFlash(null);
              setSelectedId(id);
            }}
          />
        )}
        {selected ? (
          <RequestDetail
            request={selected}
            apiBaseUrl={apiBaseUrl}
            onSaved={(saved, answered) => {
              replace(saved);
              const reference = requestReference(saved.id);
              setFlash(t(answered ? 'privacyRequests.detail.answered' : 'privacyRequests.detail.saved', { reference }));
              window.scrollTo({ top: 0 });
            }}
          />
        ) : (
          requests.length > 0 && <Box color="text-body-secondary">{t('privacyRequests.queue.select')}</Box>
        )}
      </SpaceBetween>
    </PageFrame>
  );
}
