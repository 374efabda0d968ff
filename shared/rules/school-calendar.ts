/**
 * Calendar days of the school (YYYY-MM-DD in its time zone), used wherever a rule counts days: administrator
 * roles, privacy due dates, campaign reminders. Pure and zod-free, so screens can use it without weight.
 */

/** The school's time zone: its days start and end at midnight there. */
export const SCHOOL_TIME_ZONE = 'America/Toronto';

/** The calendar day of `at` in the school's time zone. */
export function schoolDay(at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The day after (or before, with -1) a calendar day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to`, negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}
