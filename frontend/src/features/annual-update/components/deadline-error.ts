import type { TFunction } from 'i18next';
import { lastDeadlineDay } from '@shared/rules/campaign-deadline';
import type { Language } from '@shared/schemas/common';
import { formatLongDate } from '../../../lib/date-time';

/**
 * What a deadline field says when its day cannot be taken (start, reopen, moving it): not a day, past (or none once
 * there was one, when `required`), or beyond the campaign's school year, with its last possible day.
 */
export function deadlineErrorText(
  t: TFunction,
  problem: 'invalid' | 'past' | 'tooFar' | 'missing',
  schoolYear: string,
  lang: Language,
): string {
  if (problem === 'invalid') return t('annualUpdateAdmin.start.deadline_invalid');
  if (problem === 'tooFar') return t('annualUpdateAdmin.start.deadline_tooFar', { date: formatLongDate(lastDeadlineDay(schoolYear), lang) });
  if (problem === 'missing') return t('annualUpdateAdmin.schedule.deadlineMissing');
  return t('annualUpdateAdmin.reopen.deadlineInvalid');
}
