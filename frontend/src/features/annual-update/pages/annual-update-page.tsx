import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Link from '@cloudscape-design/components/link';
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
import { PAPER_LETTERS_ID, PaperLetters, letterRecipients } from '../components/paper-letters';
import { ParticipantsTable } from '../components/participants-table';
import { ScheduleModal } from '../components/reminders';
import { ReviewLink } from '../components/review-link';
import { SendProgress } from '../components/send-progress';
import { StartCampaignModal } from '../components/start-campaign-modal';
import { useAnnualUpdate, useCampaignActions } from '../hooks/use-annual-update';
import { useAdminCommitteeRows, type CommitteesState } from '../../../lib/committees/use-admin-committees';
import { useCurrentProgression } from '../../../lib/api/admin-summary-queries';
import { answersCsv } from '../model/answers-csv';
import { LeavePageQuestion } from '../../../components/page/leave-modal';
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
  // A closed campaign's start is a new campaign, the next year's: said so (« Lancer la campagne » right under « Rouvrir
  // la campagne » let a hurried volunteer start a new one instead of reopening). An interrupted start resumes.
  const startLabel = t(state.phase === 'closed' ? 'annualUpdateAdmin.start.openNext' : 'annualUpdateAdmin.start.open');
  const startButton = (variant: 'primary' | 'normal') => <Button variant={variant} onClick={() => onOpen('start')}>{startLabel}</Button>;
  // While reopening is possible, it is the header's action; the new campaign sits below the facts, with why.
  const startApart = state.canStart && state.primary === 'reopen';
  return (
    <CampaignCard
      campaign={campaign}
      committees={committees}
      unreachableAction={state.phase === 'open' && letterRecipients(participants).length > 0 && <LettersLink />}
      footer={
        startApart && (
          <SpaceBetween size="xs">
            <Box color="text-body-secondary">{t('annualUpdateAdmin.start.nextHint', { year: campaign.schoolYear })}</Box>
            <Box>{startButton('normal')}</Box>
          </SpaceBetween>
        )
      }
      actions={
        <SpaceBetween direction="horizontal" size="xs">
          {state.canReopen && <Button variant="primary" onClick={() => onOpen('reopen')}>{t('annualUpdateAdmin.reopen.open')}</Button>}
          {state.canStart && !startApart && startButton('primary')}
          {state.phase === 'closed' && (
            <Button iconName="download" disabled={participants.length === 0} onClick={download}>{t('annualUpdateAdmin.export.button')}</Button>
          )}
          {state.phase === 'open' && campaign.deadline && (
            <Button onClick={() => onOpen('reminders')}>{t('annualUpdateAdmin.schedule.open')}</Button>
          )}
          {state.canClose && <Button onClick={() => onOpen('close')}>{t('annualUpdateAdmin.close.open')}</Button>}
        </SpaceBetween>
      }
    />
  );
}

/**
 * Under « Sans courriel » at the top: the way to these parents' paper letters, whose section follows the card (it
 * came after the participants' table, 14 pages down on a phone). Following it brings the section into view and
 * focuses it (read from its heading on).
 */
function LettersLink() {
  const { t } = useTranslation();
  return (
    <Link
      href={`#${PAPER_LETTERS_ID}`}
      onFollow={(event) => {
        event.preventDefault();
        const section = document.getElementById(PAPER_LETTERS_ID);
        section?.scrollIntoView?.({ block: 'start' });
        section?.focus();
      }}
    >
      {t('annualUpdateAdmin.card.lettersLink')}
    </Link>
  );
}

/** While this page sends, leaving it pauses the sending until the next visit: asked first (docs/annual-update.md, "Send jobs"). */
function SendingLeaveQuestion() {
  const { t } = useTranslation();
  return (
    <LeavePageQuestion
      title={t('annualUpdateAdmin.send.leave.title')}
      leaveLabel={t('annualUpdateAdmin.send.leave.leave')}
      body={t('annualUpdateAdmin.send.leave.body')}
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
  // The school's current year (its settings, as the progression and the header read it): the year a start proposes.
  const schoolCurrentYear = useCurrentProgression().data?.schoolYear;

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
        {/* Right after the card, whose « Sans courriel » figure leads here: not after the participants' table. */}
        {campaign?.status === 'active' && (
          <div id={PAPER_LETTERS_ID} tabIndex={-1}>
            <PaperLetters campaign={campaign} participants={participants} />
          </div>
        )}
        {(job || sender.preparing) && <SendProgress job={job} />}
        {sender.isSending && <SendingLeaveQuestion />}
        {participantsQuery.isError && (
          <ApiErrorAlert error={participantsQuery.error} onRetry={() => void participantsQuery.refetch()} retrying={participantsQuery.isFetching} />
        )}
        {campaign && (
          <ParticipantsTable
            campaign={campaign}
            participants={participants}
            loading={participantsQuery.isPending}
            // Not before the participants are read: the send dialog counts them, and an empty list said « nobody left
            // to email » before any invitation had gone (a trial's fast click).
            canSend={campaign.status === 'active' && !sender.isSending && participantsQuery.data !== undefined}
            onSend={send}
          />
        )}
      </SpaceBetween>
      <StartCampaignModal visible={modal === 'start'} busy={busy} error={failure} step={startStep} latestYear={campaign?.status === 'completed' ? campaign.schoolYear : undefined} schoolCurrentYear={schoolCurrentYear} committees={committees} onDismiss={() => setModal(null)} onStart={(choices) => void start(choices)} />
      {campaign && (
        <ScheduleModal
          campaign={campaign}
          visible={modal === 'reminders'}
          busy={busy}
          error={failure}
          onDismiss={() => setModal(null)}
          onSave={(choice) => void saveReminders(choice)}
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
