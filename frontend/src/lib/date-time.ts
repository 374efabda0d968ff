import type { Language } from '@shared/schemas/common';

/**
 * Dates and times as the whole UI shows them (docs/product-rules.md, "Québec conventions"), in the school's zone
 * (shared/rules/school-calendar.ts), never the browser's: the numeric date `2025-09-02` in both languages, the time
 * `9 h 05` in French and `09:05` in English. A parent abroad, or an administrator's laptop left on another zone, sees
 * the day and the hour the school lives by, the day its rules count (due dates, deadlines) and its emails write.
 */
import { schoolDay, schoolTime } from '@shared/rules/school-calendar';

/**
 * The long date of sentences (« le 19 décembre 2026 », "December 19, 2026"): the one formatter shared with the
 * lambdas' emails (shared/format/long-date.ts). Numeric dates stay in tables and fields.
 */
import { formatLongDate } from '@shared/format/long-date';
export { formatLongDate, onLongDate } from '@shared/format/long-date';

/** An ISO string, epoch milliseconds or a Date. */
type When = string | number | Date;

const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar day (a deadline, a birth date): data, written as it is, never moved by a zone. */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `2025-09-02` (both languages): the school's day of an instant; a calendar day `2025-09-02` as written. */
export function formatDate(when: When): string {
  return typeof when === 'string' && CALENDAR_DAY.test(when) ? when : schoolDay(new Date(when));
}

/** `14 h 05`, `9 h 40` (fr); `14:05`, `09:40` (en), on the school's clock. */
export function formatTime(when: When, lang: Language): string {
  const { hour, minute } = schoolTime(new Date(when));
  return lang === 'fr' ? `${hour} h ${pad(minute)}` : `${pad(hour)}:${pad(minute)}`;
}

/** `2025-09-02 14 h 05` (fr), `2025-09-02 14:05` (en). */
export const formatDateTime = (when: When, lang: Language): string => `${formatDate(when)} ${formatTime(when, lang)}`;

/**
 * A moment in a sentence: « 28 novembre 2026 à 14 h 05 » (fr), "November 28, 2026 at 14:05" (en); the day and the
 * time both in the school's zone.
 */
export const formatLongDateTime = (when: When, lang: Language): string =>
  `${formatLongDate(formatDate(when), lang)} ${lang === 'fr' ? 'à' : 'at'} ${formatTime(when, lang)}`;

const RELATIVE: Record<Language, Intl.RelativeTimeFormat> = {
  fr: new Intl.RelativeTimeFormat('fr-CA', { numeric: 'always' }),
  en: new Intl.RelativeTimeFormat('en-CA', { numeric: 'always' }),
};

/**
 * How long ago, in a sentence: « il y a 12 minutes », « il y a 3 heures » (fr); "12 minutes ago", "3 hours ago" (en).
 * Minutes under an hour (at least one), whole hours under two days, days after.
 */
export function formatTimeAgo(when: When, now: When, lang: Language): string {
  const minutes = Math.max(1, Math.floor((new Date(now).getTime() - new Date(when).getTime()) / 60_000));
  if (minutes < 60) return RELATIVE[lang].format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? RELATIVE[lang].format(-hours, 'hour') : RELATIVE[lang].format(-Math.floor(hours / 24), 'day');
}

/** A school year in a sentence, kept on one line on a phone (« 2027-\n2028 » otherwise): a non-breaking hyphen. */
export const schoolYearText = (schoolYear: string): string => schoolYear.replace('-', '\u2011');
