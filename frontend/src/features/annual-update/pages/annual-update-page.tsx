import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Flashbar from '@cloudscape-design/components/flashbar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { CampaignView, ParticipantView, SendRequest } from '@shared/contracts/annual-update-api';
import { schoolDay } from '@shared/rules/school-calendar';
import { PageFrame } from '../../../components/page/page-frame';
import { ApiErrorAlert, QueryState } from '../../../components/query-state/query-state';
import { currentLocale } from '../../../i18n/i18n';
import { saveFile } from '../../../lib/save-file';
import { CampaignCard } from '../components/campaign-card';
import { CloseCampaignDialog, ReopenCampaignDialog } from '../components/lifecycle-dialogs';
import { PaperLetters } from '../components/paper-letters';
import { ParticipantsTable } from '../components/participants-table';
import { RemindersModal } from '../components/reminders';
import { ReviewLink } from '../components/review-link';
import { SendProgress } from '../components/send-progress';
import { StartCampaignModal } from '../components/start-campaign-modal';
import { useAnnualUpdate, useCampaignActions } from '../hooks/use-annual-update';
import { useAdminCommitteeRows, type CommitteesState } from '../../../lib/committees/use-admin-committees';
import { answersCsv } from '../model/answers-csv';
import { campaignState } from '../model/campaign-state';

type Modal = 'start' | 'close' | 'reminders' | 'reopen';

/**
 * The campaign's card with what its state allows (model/campaign-state.ts): an open campaign edits its reminders and
 * closes; a closed one reopens (until its last reopening day), downloads its answers and lets the next year's
 * campaign start; an interrupted start is started again. No campaign yet: the start button.
 */
function CampaignSection({ campaign, participants, onOpen, committees }: {
  campaign: CampaignView | null;
  participants: readonly ParticipantView[];
  committees: CommitteesState;
  onOpen: (modal: Modal) => void;
}) {
  const { t, i18n } = useTranslation();
  if (!campaign) {
    return (
      <Container>
        <SpaceBetween size="s">
          <Box>{t('annualUpdateAdmin.noCampaign')}</Box>
          <Button variant="primary" onClick={() => onOpen('start')}>{t('annualUpdateAdmin.start.open')}</Button>
        </SpaceBetween>
      </Container>
    );
  }
  const state = campaignState(campaign, schoolDay());
  const lang = currentLocale(i18n);
  const download = () =>
    saveFile(`${t('annualUpdateAdmin.export.file')}-${campaign.schoolYear}.csv`, answersCsv(participants, t, lang), 'text/csv;charset=utf-8');
  return (
    <CampaignCard
      campaign={campaign}
      committees={committees}
      actions={
        <SpaceBetween direction="horizontal" size="xs">
          {state.canReopen && <Button variant="primary" onClick={() => onOpen('reopen')}>{t('annualUpdateAdmin.reopen.open')}</Button>}
          {state.canStart && (
            <Button variant={state.primary === 'start' ? 'primary' : 'normal'} onClick={() => onOpen('start')}>
              {t('annualUpdateAdmin.start.open')}
            </Button>
          )}
          {state.phase === 'closed' && (
            <Button iconName="download" disabled={participants.length === 0} onClick={download}>{t('annualUpdateAdmin.export.button')}</Button>
          )}
          {state.phase === 'open' && campaign.deadline && (
            <Button onClick={() => onOpen('reminders')}>{t('annualUpdateAdmin.reminders.open')}</Button>
          )}
          {state.canClose && <Button onClick={() => onOpen('close')}>{t('annualUpdateAdmin.close.open')}</Button>}
        </SpaceBetween>
      }
    />
  );
}

/**
 * `/admin/annual-update` (docs/annual-update.md): the campaign, its participants and the sending. The admin check
 * is AdminGate's. The reads are queries (api/annual-update-queries.ts): loading and a failed read show as every
 * screen's (QueryState, ApiErrorAlert); each write asks again what it changed.
 */
export function AnnualUpdatePage() {
  const { t } = useTranslation();
  const data = useAnnualUpdate();
  const { current, campaign, participantsQuery, participants, flash, sender } = data;
  const { modal, setModal, busy, failure, startStep, noticeRef, start, close, reopen, saveReminders } = useCampaignActions(data);
  // A start opens and closes committees: its mutation makes these stale, so they are read again.
  const committees = useAdminCommitteeRows();

  const send = (request: SendRequest) => campaign && void sender.start(campaign.id, request);
  const job = sender.job;
  return (
    <PageFrame title={t('pages.annualUpdate.title')} description={t('pages.annualUpdate.description')}>
      <SpaceBetween size="l">
        <div ref={noticeRef} tabIndex={-1}>
          <Flashbar items={flash} />
        </div>
        <QueryState query={current}>
          {() => <CampaignSection campaign={campaign} participants={participants} onOpen={setModal} committees={committees} />}
        </QueryState>
        {campaign?.review && <ReviewLink campaignId={campaign.id} />}
        {(job || sender.preparing) && <SendProgress job={job} />}
        {participantsQuery.isError && (
          <ApiErrorAlert error={participantsQuery.error} onRetry={() => void participantsQuery.refetch()} retrying={participantsQuery.isFetching} />
        )}
        {campaign && (
          <ParticipantsTable
            campaign={campaign}
            participants={participants}
            loading={participantsQuery.isPending}
            canSend={campaign.status === 'active' && !sender.isSending}
            onSend={send}
          />
        )}
        {campaign?.status === 'active' && <PaperLetters campaign={campaign} participants={participants} />}
      </SpaceBetween>
      <StartCampaignModal visible={modal === 'start'} busy={busy} error={failure} step={startStep} latestYear={campaign?.status === 'completed' ? campaign.schoolYear : undefined} committees={committees} onDismiss={() => setModal(null)} onStart={(choices) => void start(choices)} />
      {campaign && (
        <RemindersModal
          campaign={campaign}
          visible={modal === 'reminders'}
          busy={busy}
          error={failure}
          onDismiss={() => setModal(null)}
          onSave={(days) => void saveReminders(days)}
        />
      )}
      {campaign && (
        <>
          <CloseCampaignDialog campaign={campaign} visible={modal === 'close'} busy={busy} error={failure} onDismiss={() => setModal(null)} onClose={() => void close()} />
          <ReopenCampaignDialog
            campaign={campaign}
            visible={modal === 'reopen'}
            busy={busy}
            error={failure}
            onDismiss={() => setModal(null)}
            onReopen={(deadline) => void reopen(deadline)}
          />
        </>
      )}
    </PageFrame>
  );
}
