import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import type { PrivacyRequestList } from '@shared/contracts/privacy-requests-api';

/** The privacy requests' card (docs/privacy.md): how many are open, and how many are past their due date. */
export function PrivacyRequestsSummary({ data }: { data: PrivacyRequestList }) {
  const { t } = useTranslation();
  if (data.open === 0) return <Box color="text-body-secondary">{t('privacyRequests.dashboard.none')}</Box>;
  return (
    <ColumnLayout columns={2} variant="text-grid">
      <div data-testid="privacy-requests-open">
        <Box variant="awsui-key-label">{t('privacyRequests.dashboard.open')}</Box>
        <Box variant="awsui-value-large">{data.open}</Box>
      </div>
      <div data-testid="privacy-requests-overdue">
        <Box variant="awsui-key-label">{t('privacyRequests.dashboard.overdue')}</Box>
        <Box variant="awsui-value-large" color={data.overdue > 0 ? 'text-status-error' : 'inherit'}>{data.overdue}</Box>
      </div>
    </ColumnLayout>
  );
}
