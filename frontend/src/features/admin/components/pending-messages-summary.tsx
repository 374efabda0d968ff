import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { AdminMessagesResponse } from '@shared/contracts/messages-api';
import { useLanguage } from '../../../lib/use-language';

/** At most this many waiting messages are named on the card; the count says how many in all. */
const NAMED = 3;

/**
 * The messages' card (docs/messages.md, "Approval"): how many representatives' messages wait for an administrator's
 * approval, the oldest first (each waits for a decision), and whether approval is on at all.
 */
export function PendingMessagesSummary({ data }: { data: AdminMessagesResponse }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const waiting = data.messages.filter((m) => m.status === 'pendingApproval').sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  if (waiting.length === 0) {
    const key = data.settings.approveRepresentatives ? 'none' : 'approvalOff';
    return <Box color="text-body-secondary">{t(`adminDashboard.messages.${key}`)}</Box>;
  }
  return (
    <SpaceBetween size="s">
      <div data-testid="pending-messages-count">
        <Box variant="awsui-key-label">{t('adminDashboard.messages.count')}</Box>
        <Box variant="awsui-value-large">{waiting.length}</Box>
      </div>
      <ul data-testid="pending-messages-list">
        {waiting.slice(0, NAMED).map((m) => (
          <li key={m.id}>
            {t('adminDashboard.messages.item', {
              author: m.author.name,
              subject: m.subject[lang] ?? m.subject.fr ?? m.subject.en ?? '',
              audience: m.audienceLabel[lang],
            })}
          </li>
        ))}
      </ul>
    </SpaceBetween>
  );
}
