import { useTranslation } from 'react-i18next';
import type { CampaignView } from '@shared/contracts/annual-update-api';
import { formatPercent } from '../../lib/percent';
import { useLanguage } from '../../lib/use-language';
import { AppProgressBar } from './app-progress-bar';
import { formatCount } from '../../lib/number-format';

/**
 * A campaign's completed/total bar, as the admin dashboard and the campaign page both show it. The figure at the
 * bar's end is hidden (one figure for the answers): the line below gives the percentage in the reader's format and to
 * a tenth ("1/382 complétés (0,3 %)", `formatPercent`, as the participants manager writes it); the bar's own text and
 * what a screen reader hears are that same percentage (useProgressText), not Cloudscape's rounded "0%".
 */
export function CampaignProgressBar({ progress }: { progress: CampaignView['progress'] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const number = (value: number) => formatCount(value, lang);
  return (
    <AppProgressBar
      value={progress.percentage}
      style={{ progressPercentage: { fontSize: '0' } }}
      label={t('annualUpdateAdmin.card.progress')}
      additionalInfo={t('annualUpdateAdmin.card.progressInfo', {
        completed: number(progress.completed),
        total: number(progress.total),
        percentage: formatPercent(progress.percentage, lang),
      })}
    />
  );
}
