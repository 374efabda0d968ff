import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Flashbar from '@cloudscape-design/components/flashbar';
import Modal from '@cloudscape-design/components/modal';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { CampaignView, SendJobProgress, SendRequest } from '../../../../../shared/annual-update-api';
import { PageFrame } from '../../../components/page/page-frame';
import { CampaignCard } from '../components/campaign-card';
import { PaperLetters } from '../components/paper-letters';
import { ParticipantsTable } from '../components/participants-table';
import { RemindersModal } from '../components/reminders';
import { ReviewLink } from '../components/review-link';
import { StartCampaignModal } from '../components/start-campaign-modal';
import { useAnnualUpdate, useCampaignActions } from '../hooks/use-annual-update';
import { useAdminCommitteeRows, type CommitteesState } from '../../../lib/committees/use-admin-committees';

/** The campaign's card with its start and close buttons, or the start button when there is no campaign yet. */
function CampaignSection({ campaign, loading, onOpen, committees }: {
  campaign: CampaignView | null;
  loading: boolean;
  committees: CommitteesState;
  onOpen: (modal: 'start' | 'close' | 'reminders') => void;
}) {
  const { t } = useTranslation();
  if (!campaign) {
    return (
      <Container>
        <SpaceBetween size="s">
          <Box>{loading ? t('common.loading') : t('annualUpdateAdmin.noCampaign')}</Box>
          {!loading && <Button variant="primary" onClick={() => onOpen('start')}>{t('annualUpdateAdmin.start.open')}</Button>}
        </SpaceBetween>
      </Container>
    );
  }
  // A pending campaign is a start that was interrupted: starting again with the same year finishes it.
  const canStart = campaign.status !== 'active';
  const canClose = campaign.status !== 'completed';
  return (
    <CampaignCard
      campaign={campaign}
      committees={committees}
      actions={
        <SpaceBetween direction="horizontal" size="xs">
          {canStart && <Button variant="primary" onClick={() => onOpen('start')}>{t('annualUpdateAdmin.start.open')}</Button>}
          {campaign.status === 'active' && campaign.deadline && (
            <Button onClick={() => onOpen('reminders')}>{t('annualUpdateAdmin.reminders.open')}</Button>
          )}
          {canClose && <Button onClick={() => onOpen('close')}>{t('annualUpdateAdmin.close.open')}</Button>}
        </SpaceBetween>
      }
    />
  );
}

/** The send job's progress bar while it runs. */
function SendProgress({ job }: { job: SendJobProgress }) {
  const { t } = useTranslation();
  return (
    <Container>
      <ProgressBar
        label={t('annualUpdateAdmin.send.progress')}
        value={job.total ? Math.round(((job.total - job.pending - job.retrying - job.sending) / job.total) * 100) : 100}
        additionalInfo={t('annualUpdateAdmin.send.progressInfo', { sent: job.sent, failed: job.failed, skipped: job.skipped, total: job.total })}
      />
    </Container>
  );
}

/** Confirms closing the campaign. */
function CloseCampaignModal({ visible, busy, onDismiss, onClose }: {
  visible: boolean;
  busy: boolean;
  onDismiss: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      visible={visible}
      onDismiss={onDismiss}
      header={t('annualUpdateAdmin.close.title')}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>{t('annualUpdateAdmin.cancel')}</Button>
            <Button variant="primary" loading={busy} onClick={onClose}>{t('annualUpdateAdmin.close.submit')}</Button>
          </SpaceBetween>
        </Box>
      }
    >
      {t('annualUpdateAdmin.close.body')}
    </Modal>
  );
}

/**
 * `/admin/annual-update` (docs/annual-update.md): the campaign, its participants and the sending. The admin check
 * is AdminGate's.
 */
export function AnnualUpdatePage() {
  const { t } = useTranslation();
  const data = useAnnualUpdate();
  const { campaign, participants, loading, flash, sender } = data;
  const { modal, setModal, busy, noticeRef, start, close, saveReminders } = useCampaignActions(data);
  // Read again once a start (which opens and closes committees) has changed the campaign.
  const committees = useAdminCommitteeRows(campaign ? `${campaign.id}:${campaign.status}:${campaign.startedAt ?? ''}` : '');

  const send = (request: SendRequest) => campaign && void sender.start(campaign.id, request);
  const job = sender.job;
  return (
    <PageFrame title={t('pages.annualUpdate.title')} description={t('pages.annualUpdate.description')}>
      <SpaceBetween size="l">
        <div ref={noticeRef} tabIndex={-1}>
          <Flashbar items={flash} />
        </div>
        <CampaignSection campaign={campaign} loading={loading} onOpen={setModal} committees={committees} />
        {campaign?.review && <ReviewLink campaignId={campaign.id} />}
        {job && <SendProgress job={job} />}
        {campaign && (
          <ParticipantsTable
            campaign={campaign}
            participants={participants}
            loading={loading}
            canSend={campaign.status === 'active' && !sender.isSending}
            onSend={send}
          />
        )}
        {campaign?.status === 'active' && <PaperLetters campaign={campaign} participants={participants} />}
      </SpaceBetween>
      <StartCampaignModal visible={modal === 'start'} busy={busy} committees={committees} onDismiss={() => setModal(null)} onStart={(choices) => void start(choices)} />
      {campaign && (
        <RemindersModal
          campaign={campaign}
          visible={modal === 'reminders'}
          busy={busy}
          onDismiss={() => setModal(null)}
          onSave={(days) => void saveReminders(days)}
        />
      )}
      <CloseCampaignModal visible={modal === 'close'} busy={busy} onDismiss={() => setModal(null)} onClose={() => void close()} />
    </PageFrame>
  );
}
