import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import type { CurrentProgressionResponse } from '@shared/contracts/progression-api';
import { RouterLink } from '../../../components/router-link/router-link';

/**
 * Said before the administrator starts (docs/progression.md, "Not while an update campaign is open"): preparing
 * is fine, applying waits until the open campaign is closed, and where to close it.
 */
export function CampaignNotice({ campaign }: { campaign: CurrentProgressionResponse['openCampaign'] }) {
  const { t } = useTranslation();
  if (!campaign) return null;
  const name = campaign.schoolYear ? t('progression.campaignOpen.named', { year: campaign.schoolYear }) : t('progression.campaignOpen.unnamed');
  return (
    <Alert type="warning" header={t('progression.campaignOpen.title', { campaign: name })}>
      {t('progression.campaignOpen.body')}{' '}
      <RouterLink href="/admin/annual-update">{t('progression.campaignOpen.link')}</RouterLink>
    </Alert>
  );
}
