import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { CampaignView } from '@shared/contracts/annual-update-api';
import { CampaignProgressBar } from '../../../components/progress/campaign-progress-bar';
import { CampaignStatus } from '../../../components/progress/campaign-status';
import { RemindersSummary } from './reminders';
import { RecruitingCommittees } from './recruiting-committees';
import type { CommitteesState } from '../../../lib/committees/use-admin-committees';
import { formatLongDate } from '../../../lib/date-time';
import { useLanguage } from '../../../lib/use-language';
import { formatCount } from '../../../lib/number-format';

/** The card says what the campaign is now: a closed one never reads « Campagne en cours ». */
const TITLE = { pending: 'annualUpdateAdmin.card.titlePending', active: 'annualUpdateAdmin.card.title', completed: 'annualUpdateAdmin.card.titleCompleted' } as const;

/** Status, counts and completed/total with a percentage (docs/product-rules.md, "Annual update campaign"). */
export function CampaignCard({ campaign, actions, committees, footer, unreachableAction }: {
  campaign: CampaignView;
  actions?: React.ReactNode;
  committees?: CommitteesState;
  /** Below the facts: a closed campaign's secondary action (a new campaign), apart from its primary one (reopening). */
  footer?: React.ReactNode;
  /** Under « Sans courriel »: the way to these parents' paper letters (the section is far down on a phone). */
  unreachableAction?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { counts, progress } = campaign;
  const number = (value: number) => formatCount(value, lang);
  const stats: [string, number][] = [
    ['totalParents', counts.totalParents],
    ['unreachable', counts.unreachable],
    ['emailsSent', counts.emailsSent],
    ['formsSubmitted', counts.formsSubmitted],
    ['optedOut', counts.optedOut],
  ];
  return (
    <Container
      footer={footer}
      header={
        <Header variant="h2" actions={actions} description={t('annualUpdateAdmin.card.year', { year: campaign.schoolYear })}>
          {t(TITLE[campaign.status])}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <ColumnLayout columns={3} variant="text-grid">
          <div>
            <Box variant="awsui-key-label">{t('annualUpdateAdmin.card.status')}</Box>
            <CampaignStatus campaign={campaign} />
          </div>
          {stats.map(([key, value]) => (
            <div key={key}>
              <Box variant="awsui-key-label">{t(`annualUpdateAdmin.card.${key}`)}</Box>
              <Box>{number(value)}</Box>
              {key === 'unreachable' && unreachableAction}
            </div>
          ))}
          {counts.staff && (
            // A campaign that includes staff (docs/annual-update.md, "Staff"): their answers, apart from the parents'.
            <div>
              <Box variant="awsui-key-label">{t('staffUpdate.card.staff')}</Box>
              <Box>{t('staffUpdate.card.staffInfo', { submitted: number(counts.staff.formsSubmitted), total: number(counts.staff.total) })}</Box>
            </div>
          )}
          <div>
            <Box variant="awsui-key-label">{t('annualUpdateAdmin.card.deadline')}</Box>
            {/* In words, as the reminders' line beside it says it (« 15 décembre 2026 »), not `2026-12-15` next to it. */}
            <Box>{campaign.deadline ? formatLongDate(campaign.deadline, lang) : t('annualUpdateAdmin.card.noDeadline')}</Box>
          </div>
          {campaign.status !== 'completed' && (
            // A closed campaign sends no reminder: no line announcing them.
            <div>
              <Box variant="awsui-key-label">{t('annualUpdateAdmin.reminders.label')}</Box>
              <RemindersSummary campaign={campaign} />
            </div>
          )}
          <div>
            <Box variant="awsui-key-label">{t('annualUpdateAdmin.review.label')}</Box>
            <Box>{t(campaign.review ? 'annualUpdateAdmin.review.on' : 'annualUpdateAdmin.review.offShort')}</Box>
          </div>
          {committees && (
            <div>
              <Box variant="awsui-key-label">{t('adminCommittees.recruiting.summary')}</Box>
              <RecruitingCommittees committees={committees} />
            </div>
          )}
        </ColumnLayout>
        {/* Its own row, below the facts: « Réponses » once ran into the last fact's lines (« Gérer les comités »). */}
        <CampaignProgressBar progress={progress} />
      </SpaceBetween>
    </Container>
  );
}
