import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import type { ParticipantView } from '@shared/contracts/annual-update-api';
import { useModalDismiss } from '../../../components/confirm-dialog/modal-dismiss';
import { currentLocale } from '../../../i18n/i18n';
import { formatDateTime } from '../../../lib/date-time';
import { participantEventText } from '../../../lib/participant-events';

/** One parent's campaign history in words, newest first, with the date and time of each event. */
export function ParticipantHistory({ participant, onDismiss }: { participant: ParticipantView | null; onDismiss: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = currentLocale(i18n);
  const dismiss = useModalDismiss(participant !== null, onDismiss);
  const events = [...(participant?.history ?? [])].reverse();
  const name = participant?.lastName ? `${participant.firstName ?? ''} ${participant.lastName}`.trim() : t('annualUpdateAdmin.table.removed');
  return (
    <Modal
      visible={participant !== null}
      onDismiss={dismiss}
      header={t('annualUpdateAdmin.history.title', { name })}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onDismiss}>{t('annualUpdateAdmin.history.close')}</Button>
        </Box>
      }
    >
      {events.length === 0 ? (
        <Box color="text-body-secondary">{t('annualUpdateAdmin.history.empty')}</Box>
      ) : (
        <ol aria-label={t('annualUpdateAdmin.history.listLabel')} style={{ paddingInlineStart: 0, listStyle: 'none', margin: 0 }}>
          {events.map((event, index) => (
            <li key={`${event.at}-${index}`} style={{ marginBlockEnd: 8 }}>
              <Box variant="small" color="text-body-secondary" display="block">
                <time dateTime={event.at}>{formatDateTime(event.at, lang)}</time>
              </Box>
              <Box display="block">
                {participantEventText(event, t, lang)}
              </Box>
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
