import type { Language } from '../schemas/common';
import { schoolDay } from '../rules/school-calendar';

/**
 * The long date of sentences, emails and letters (docs/product-rules.md, "Québec conventions"; numeric
 * `2026-12-19` stays in tables, fields and file names): « 19 décembre 2026 » (no capital on the month, « 1er »
 * for the first) and "December 19, 2026". One formatter for the lambdas' emails and the frontend's sentences.
 * A calendar day (`2026-12-19`) is taken as written; an instant (ISO date-time, epoch ms, Date) is the school's
 * day of it (shared/rules/school-calendar.ts), so a server in UTC and a browser in Montréal write the same day.
 */

const MONTHS: Record<Language, readonly string[]> = {
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
};

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayOf(when: string | number | Date): string {
  if (typeof when === 'string' && CALENDAR_DAY.test(when)) return when;
  const at = new Date(when);
  if (Number.isNaN(at.getTime())) throw new RangeError(`not a date: ${String(when)}`);
  return schoolDay(at);
}

/** `19 décembre 2026`, `1er mars 2027` (fr); `December 19, 2026` (en). */
export function formatLongDate(when: string | number | Date, lang: Language): string {
  const [, year, month, day] = CALENDAR_DAY.exec(dayOf(when))!;
  const name = MONTHS[lang][Number(month) - 1];
  const d = Number(day);
  return lang === 'fr' ? `${d === 1 ? '1er' : d} ${name} ${year}` : `${name} ${d}, ${year}`;
}

/** The date as a sentence uses it after a verb: `le 19 décembre 2026` (fr), `December 19, 2026` (en). */
export const onLongDate = (when: string | number | Date, lang: Language): string =>
  lang === 'fr' ? `le ${formatLongDate(when, lang)}` : formatLongDate(when, lang);
