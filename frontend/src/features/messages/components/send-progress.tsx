import { useTranslation } from 'react-i18next';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { Message } from '@shared/contracts/messages-api';
import { currentLocale } from '../../../i18n/i18n';
import { countsText } from '../model/counts-text';
import { AppProgressBar } from '../../../components/progress/app-progress-bar';

/**
 * A message's sending as its counts say (docs/messages.md, "Sending"): the emails handled out of the recipients, and
 * the result once nothing is pending. Shown to the author after sending and to an administrator after an approval.
 * A message held for approval (or refused) is not being sent: its state in words, without a bar at « Envoyés : 0 »
 * under « Envoi des courriels » (a new user's trial read it as a sending under way).
 */
export function SendProgress({ message }: { message: Message }) {
  const { t, i18n } = useTranslation();
  const { counts } = message;
  const done = counts.recipients - counts.pending;
  const figures = { sent: counts.sent, skipped: counts.skipped, recipients: counts.recipients };
  if (message.status === 'pendingApproval' || message.status === 'rejected') {
    return (
      <StatusIndicator type={message.status === 'pendingApproval' ? 'pending' : 'stopped'}>
        {t(`messages.compose.result.${message.status}`, figures)}
      </StatusIndicator>
    );
  }
  return (
    <AppProgressBar
      value={counts.recipients === 0 ? 100 : Math.round((done / counts.recipients) * 100)}
      label={t('messages.compose.progress')}
      status={message.status === 'sending' ? 'in-progress' : 'success'}
      resultText={t(`messages.compose.result.${message.status}`, figures)}
      additionalInfo={countsText(t, message, currentLocale(i18n))}
    />
  );
}
