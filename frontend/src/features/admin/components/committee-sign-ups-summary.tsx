import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { CommitteeSignUpsResponse } from '@shared/contracts/committee-sign-ups-api';
import { formatLongDate } from '../../../lib/date-time';
import { useLanguage } from '../../../lib/use-language';

/** The sign-ups' card: how many parents joined a committee from the form in the last 30 days, and who. */
export function CommitteeSignUpsSummary({ data }: { data: CommitteeSignUpsResponse }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (data.total === 0) return <Box color="text-body-secondary">{t('adminDashboard.signUps.none')}</Box>;
  return (
    <SpaceBetween size="s">
      <div data-testid="committee-sign-ups-count">
        <Box variant="awsui-key-label">{t('adminDashboard.signUps.count')}</Box>
        <Box variant="awsui-value-large">{data.total}</Box>
      </div>
      <ul data-testid="committee-sign-ups-list">
        {data.recent.map((s) => (
          <li key={`${s.committeeId}-${s.parentId}`}>
            {t('adminDashboard.signUps.item', { parent: s.parentName, committee: s.committeeName[lang], date: formatLongDate(s.signedUpAt, lang) })}
          </li>
        ))}
      </ul>
    </SpaceBetween>
  );
}
