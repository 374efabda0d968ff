import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import { formatLongDateTime } from '../../../lib/date-time';
import { useLanguage } from '../../../lib/use-language';

/**
 * A link opened again after an answer says when that answer came (« Vous avez répondu le 30 novembre 2026 à
 * 14 h 05 »): two trials' parent and teacher, finding the form filled, wondered whether the first one counted.
 */
export function AnsweredNotice({ submittedAt }: { submittedAt?: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (!submittedAt) return null;
  return <Alert type="success">{t('updateForm.answeredOn', { when: formatLongDateTime(submittedAt, lang) })}</Alert>;
}
