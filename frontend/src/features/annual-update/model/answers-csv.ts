import type { TFunction } from 'i18next';
import type { ParticipantView } from '@shared/contracts/annual-update-api';
import { writeCsv } from '@shared/format/csv';
import { formatDate } from '../../../lib/date-time';

/**
 * A campaign's answers as a spreadsheet (what a closed campaign offers, docs/annual-update.md "Campaign
 * lifecycle"): one row per participant, in the table's order, with whether and when they answered. French files use
 * ';' (Excel in a French locale), English ','; numeric dates as everywhere in tables.
 */
export function answersCsv(participants: readonly ParticipantView[], t: TFunction, lang: 'fr' | 'en'): string {
  const key = 'annualUpdateAdmin.export';
  const columns = ['lastName', 'firstName', 'email', 'classes', 'status', 'submittedAt'] as const;
  const status = (p: ParticipantView) => t(`${key}.${p.optedOut ? 'optedOut' : p.submitted ? 'submitted' : 'pending'}`);
  const rows = participants.map((p) => [
    p.lastName ?? '',
    p.firstName ?? '',
    p.email ?? '',
    p.classes.map((c) => c.code).join(' '),
    status(p),
    p.submittedAt ? formatDate(p.submittedAt) : '',
  ]);
  return writeCsv([columns.map((c) => t(`${key}.columns.${c}`)), ...rows], { separator: lang === 'fr' ? ';' : ',' });
}
