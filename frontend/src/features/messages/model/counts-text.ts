import type { TFunction } from 'i18next';
import type { Message } from '@shared/contracts/messages-api';
import type { Language } from '@shared/schemas/common';
import { formatCount } from '../../../lib/number-format';

/**
 * What a message reached, in a line the sent list and the administrators' log share (docs/messages.md): « 46
 * destinataires : 42 par courriel, 4 dans le bottin seulement » once sending began; held or refused, nothing went
 * out, so its recipients only (« 46 destinataires »), never « Envoyés : 0 ». It follows the status word (« Envoyé · … »),
 * so it does not repeat it.
 */
export function countsText(t: TFunction, m: Pick<Message, 'status' | 'counts'>, lang: Language): string {
  const { recipients, sent, skipped } = m.counts;
  const values = { count: recipients, recipients: formatCount(recipients, lang), sent: formatCount(sent, lang), skipped: formatCount(skipped, lang) };
  // A refused message reached nobody: the count is of those it was meant for (a trial read « 24 destinataires »).
  if (m.status === 'rejected') return t('messages.compose.rejectedCount', values);
  return m.status === 'pendingApproval' ? t('messages.compose.recipientsOnly', values) : t('messages.compose.counts', values);
}
