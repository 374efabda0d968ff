import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Grid from '@cloudscape-design/components/grid';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { CurrentCampaignResponse } from '@shared/contracts/annual-update-api';
import type { CurrentProgressionResponse } from '@shared/contracts/progression-api';
import { PageFrame } from '../../../components/page/page-frame';
import { AppProgressBar } from '../../../components/progress/app-progress-bar';
import { CampaignProgressBar } from '../../../components/progress/campaign-progress-bar';
import { CampaignStatus } from '../../../components/progress/campaign-status';
import { useAdminMessages } from '../../../lib/api/admin-messages-queries';
import { formatCount } from '../../../lib/number-format';
import { useLanguage } from '../../../lib/use-language';
import { useCampaignReview, useCommitteeSignUps, useCurrentCampaign, useCurrentProgression, usePrivacyRequests } from '../../../lib/api/admin-summary-queries';
import { CommitteeSignUpsSummary } from '../components/committee-sign-ups-summary';
import { DashboardCard, useCardData } from '../components/dashboard-card';
import { PendingMessagesSummary } from '../components/pending-messages-summary';
import { PrivacyRequestsSummary } from '../components/privacy-requests-summary';

type ProgressionState = 'notStarted' | 'inProgress' | 'applied';
const PROGRESSION_STATUS: Record<ProgressionState, StatusIndicatorProps.Type> = {
  notStarted: 'stopped',
  inProgress: 'in-progress',
  applied: 'success',
};

/** The progression's phase in plain words (phase names are not shown). A cancelled one is "not started". */
export function progressionState(response: CurrentProgressionResponse): ProgressionState {
  const phase = response.progression?.phase;
  if (!phase || phase === 'cancelled') return 'notStarted';
  return phase === 'completed' ? 'applied' : 'inProgress';
}

/** The campaign's state and counts: the same server view and the same components as the campaign page. */
function CampaignSummary({ data }: { data: CurrentCampaignResponse }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { campaign, activeJob } = data;
  // Answers held for review wait for an administrator, open campaign or closed (a trial closed with one waiting).
  const waiting = useCampaignReview(campaign?.review ? campaign.id : null).data?.items.length ?? 0;
  if (!campaign) return <Box color="text-body-secondary">{t('adminDashboard.campaign.none')}</Box>;
  const { progress } = campaign;
  return (
    <SpaceBetween size="s">
      <div>
        <Box variant="awsui-key-label">{t('annualUpdateAdmin.card.year', { year: campaign.schoolYear })}</Box>
        <CampaignStatus campaign={campaign} />
      </div>
      <CampaignProgressBar progress={progress} />
      {waiting > 0 && <StatusIndicator type="pending">{t('adminDashboard.campaign.awaitingReview', { count: waiting })}</StatusIndicator>}
      {activeJob && !activeJob.done && (
        // The campaign page drives the sending (docs/annual-update.md, "Send jobs"): left, it waits there (a trial's
        // volunteer came back to a dashboard that said nothing of the 216 emails still to go).
        <StatusIndicator type="warning">
          {t('adminDashboard.campaign.sendPaused', { sent: formatCount(activeJob.sent + activeJob.uncertain, lang), total: formatCount(activeJob.total, lang) })}
        </StatusIndicator>
      )}
    </SpaceBetween>
  );
}

function ProgressionSummaryView({ data }: { data: CurrentProgressionResponse }) {
  const { t } = useTranslation();
  const state = progressionState(data);
  const progression = data.progression;
  return (
    <SpaceBetween size="s">
      <div>
        <Box variant="awsui-key-label">{t('adminDashboard.progression.schoolYear', { year: data.schoolYear })}</Box>
        <StatusIndicator type={PROGRESSION_STATUS[state]}>{t(`adminDashboard.progression.${state}`)}</StatusIndicator>
      </div>
      {state === 'applied' && progression && (
        <Box variant="small" color="text-body-secondary">
          {t('adminDashboard.progression.appliedFrom', { from: progression.fromYear, to: progression.toYear })}
        </Box>
      )}
      {state === 'inProgress' && progression && (
        <Box variant="small" color="text-body-secondary">
          {t('adminDashboard.progression.counts', {
            total: progression.counts.totalStudents,
            auto: progression.counts.autoProgression,
            assign: progression.counts.needsAssignment,
            graduating: progression.counts.graduating,
          })}
        </Box>
      )}
      {progression?.phase === 'applying' && progression.apply && (
        <AppProgressBar value={progression.apply.percent} label={t('adminDashboard.progression.applying')} />
      )}
    </SpaceBetween>
  );
}

/**
 * `/admin` (docs/product-rules.md): one card per administrative workflow, each with its status and its link. Only
 * administrators get here: AdminGate shows everyone else Access Denied with 'Refresh Admin Status'.
 */
export function AdminDashboardPage() {
  const { t } = useTranslation();
  const campaign = useCardData(useCurrentCampaign());
  const progression = useCardData(useCurrentProgression());
  const privacyRequests = useCardData(usePrivacyRequests());
  const signUps = useCardData(useCommitteeSignUps());
  const messages = useCardData(useAdminMessages());
  const column = { colspan: { default: 12, l: 4 } };
  const cards = [column, column, column, column, column, column, column];
  return (
    <PageFrame title={t('pages.admin.title')} description={t('pages.admin.description')}>
      <Grid gridDefinition={cards}>
        <DashboardCard
          id="campaign"
          title={t('adminDashboard.campaign.title')}
          href="/admin/annual-update"
          linkText={t('adminDashboard.campaign.link')}
          state={campaign.state}
          retry={campaign.retry}
        >
          {(data) => <CampaignSummary data={data} />}
        </DashboardCard>
        <DashboardCard
          id="progression"
          title={t('adminDashboard.progression.title')}
          href="/admin/school-progression"
          linkText={t('adminDashboard.progression.link')}
          state={progression.state}
          retry={progression.retry}
        >
          {(data) => <ProgressionSummaryView data={data} />}
        </DashboardCard>
        <DashboardCard id="data" title={t('adminDashboard.data.title')} href="/admin/data" linkText={t('adminDashboard.data.link')}>
          {() => <Box>{t('adminDashboard.data.description')}</Box>}
        </DashboardCard>
        <DashboardCard
          id="privacy-requests"
          title={t('privacyRequests.dashboard.title')}
          href="/admin/privacy-requests"
          linkText={t('privacyRequests.dashboard.link')}
          state={privacyRequests.state}
          retry={privacyRequests.retry}
        >
          {(data) => <PrivacyRequestsSummary data={data} />}
        </DashboardCard>
        <DashboardCard
          id="privacy-incidents"
          title={t('privacyIncidents.card.title')}
          href="/admin/privacy-incidents"
          linkText={t('privacyIncidents.card.link')}
        >
          {() => <Box>{t('privacyIncidents.card.description')}</Box>}
        </DashboardCard>
        <DashboardCard
          id="committee-sign-ups"
          title={t('adminDashboard.signUps.title')}
          href="/admin/committees"
          linkText={t('adminDashboard.signUps.link')}
          state={signUps.state}
          retry={signUps.retry}
        >
          {(data) => <CommitteeSignUpsSummary data={data} />}
        </DashboardCard>
        <DashboardCard
          id="pending-messages"
          title={t('adminDashboard.messages.title')}
          href="/admin/messages"
          linkText={t('adminDashboard.messages.link')}
          state={messages.state}
          retry={messages.retry}
        >
          {(data) => <PendingMessagesSummary data={data} />}
        </DashboardCard>
      </Grid>
    </PageFrame>
  );
}
