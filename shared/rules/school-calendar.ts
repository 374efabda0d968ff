/**
 * Calendar days of the school (YYYY-MM-DD in its time zone), used wherever a rule counts days: administrator
 * roles, privacy due dates, campaign reminders. Pure and zod-free, so screens can use it without weight.
 */

/** The school's time zone: its days start and end at midnight there. */
export const SCHOOL_TIME_ZONE = 'America/Toronto';

/**
 * The two formats, made on first use and kept: building an Intl.DateTimeFormat with a time zone costs far more than
 * formatting with one, and a campaign's screen or a request over its participants asks for the day hundreds of
 * times (the campaign journey's renderer spent 0.4 s, and its stack 0.36 s, building them).
 */
let dayFormat: Intl.DateTimeFormat | undefined;
let clockFormat: Intl.DateTimeFormat | undefined;

/** The calendar day of `at` in the school's time zone. */
export function schoolDay(at: Date = new Date()): string {
  dayFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  return dayFormat.format(at);
}

/** The school year a day belongs to: `2025-2026` from August on, `2024-2025` before (a Québec year starts late August). */
export function schoolYearOf(day: string = schoolDay()): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const start = month >= 8 ? year : year - 1;
  return `${start}-${start + 1}`;
}

/** The school's wall clock at `at`: the numbers its clocks show, whatever the zone of the machine reading them. */
function wallClock(at: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  clockFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: SCHOOL_TIME_ZONE,
    hourCycle: 'h23',
    ...{ year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' },
  });
  const part = Object.fromEntries(clockFormat.formatToParts(at).map((p) => [p.type, Number(p.value)]));
  return { year: part.year!, month: part.month!, day: part.day!, hour: part.hour!, minute: part.minute!, second: part.second! };
}

/** The hour (0-23) and minute the school's clocks show at `at` (what a screen writes as a time). */
export function schoolTime(at: Date): { hour: number; minute: number } {
  const { hour, minute } = wallClock(at);
  return { hour, minute };
}

/** How far the school's clock is ahead of UTC at `at`, in milliseconds (negative in Québec). */
function offsetAt(at: Date): number {
  const part = wallClock(at);
  const wall = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a calendar day of the school begins: midnight in its time zone (1 July begins at 04:00 UTC). */
export function schoolDayStart(day: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // Twice: the offset read at the first guess may differ from the one in force at midnight (a change of hour).
  let start = midnightUtc - offsetAt(new Date(midnightUtc));
  start = midnightUtc - offsetAt(new Date(start));
  return new Date(start);
}

/**
 * The school's day on which an update link or a letter's code stops working, `expiresAt` being the table's expiry
 * (epoch seconds): the day emails and letters print. Not UTC's day, which is already the next one from 19 h or 20 h
 * in Québec (a link sent in the evening was announced as valid one day longer than it is).
 */
export const expiryDay = (expiresAt: number): string => schoolDay(new Date(expiresAt * 1000));

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
