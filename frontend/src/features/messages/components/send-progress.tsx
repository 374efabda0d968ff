import { useTranslation } from 'react-i18next';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import type { Message } from '@shared/contracts/messages-api';

/**
 * A message's sending as its counts say (docs/messages.md, "Sending"): the emails handled out of the recipients, and
 * the result once nothing is pending. Shown to the author after sending and to an administrator after an approval.
 */
export function SendProgress({ message }: { message: Message }) {
  const { t } = useTranslation();
  const { counts } = message;
  const done = counts.recipients - counts.pending;
  const figures = { sent: counts.sent, skipped: counts.skipped, recipients: counts.recipients };
  return (
    <ProgressBar
      value={counts.recipients === 0 ? 100 : Math.round((done / counts.recipients) * 100)}
      label={t('messages.compose.progress')}
      status={message.status === 'sending' ? 'in-progress' : 'success'}
      resultText={t(`messages.compose.result.${message.status}`, figures)}
      additionalInfo={t('messages.compose.counts', figures)}
    />
  );
}
