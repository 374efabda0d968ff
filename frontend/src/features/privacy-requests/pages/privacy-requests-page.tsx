import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Flashbar from '@cloudscape-design/components/flashbar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { requestReference } from '@shared/contracts/privacy-requests-api';
import { focusHeading } from '../../../components/layout/focus-heading';
import { PageFrame } from '../../../components/page/page-frame';
import { QueryState } from '../../../components/query-state/query-state';
import { usePrivacyRequests } from '../api/privacy-requests-queries';
import { RequestDetail } from '../components/request-detail';
import { RequestsTable } from '../components/requests-table';

/**
 * `/admin/privacy-requests` (docs/privacy.md): the queue of privacy requests, each due 30 days after receipt,
 * overdue ones flagged; choosing one shows it with the form that moves it on and answers it.
 */
export function PrivacyRequestsPage() {
  const { t } = useTranslation();
  const queue = usePrivacyRequests();
  const [selectedId, setSelectedId] = useState<string>();
  const [flash, setFlash] = useState<string | null>(null);
  const requests = queue.data?.requests ?? [];
  const selected = requests.find((r) => r.id === selectedId);
  // A request chosen in the queue opens below it, off screen on a phone: the focus and the screen go to its heading
  // (a trial tapped a name and saw nothing happen).
  const detail = useRef<HTMLDivElement>(null);
  const chosen = useRef(false);
  useEffect(() => {
    if (!chosen.current) return;
    chosen.current = false;
    const heading = detail.current?.querySelector<HTMLElement>('h2');
    if (heading) focusHeading(heading, true);
  }, [selectedId]);
  return (
    <PageFrame title={t('pages.privacyRequests.title')} description={t('pages.privacyRequests.description')}>
      <SpaceBetween size="l">
        {flash && (
          <Flashbar
            items={[{ id: 'saved', type: 'success', content: flash, dismissible: true, dismissLabel: t('common.dismiss'), onDismiss: () => setFlash(null) }]}
          />
        )}
        <QueryState query={queue} loadingText={t('privacyRequests.queue.loading')} errorHeader={t('privacyRequests.queue.loadFailed')}>
          {(list) => (
            <RequestsTable
              requests={list.requests}
              selectedId={selectedId}
              onSelect={(id) => {
                setFlash(null);
                chosen.current = true;
                setSelectedId(id);
              }}
            />
          )}
        </QueryState>
        {selected ? (
          <div ref={detail}>
            <RequestDetail
              request={selected}
              onSaved={(saved, answered) => {
                const reference = requestReference(saved.id);
                setFlash(t(answered ? 'privacyRequests.detail.answered' : 'privacyRequests.detail.saved', { reference }));
                window.scrollTo({ top: 0 });
              }}
            />
          </div>
        ) : (
          requests.length > 0 && <Box color="text-body-secondary">{t('privacyRequests.queue.select')}</Box>
        )}
      </SpaceBetween>
    </PageFrame>
  );
}
