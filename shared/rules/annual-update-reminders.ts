/**
 * Automatic reminders of an annual-update campaign (docs/annual-update.md, "Automatic reminders"). Pure rules,
 * shared by the scheduled run on the server and the campaign screen: which reminders are due on a school day, and
 * when the next one goes out. Dates are school-calendar days (YYYY-MM-DD, America/Toronto: see schoolDate).
 */
import { addDays, daysBetween } from './school-calendar';

/** Suggested when a campaign with a deadline starts: a week before, then two days before. */
export const DEFAULT_REMINDER_DAYS: readonly number[] = [7, 2];
/** Bounds of one offset (days before the deadline) and of the list. */
export const REMINDER_DAY_MIN = 1;
export const REMINDER_DAY_MAX = 60;
export const REMINDER_DAYS_MAX_COUNT = 4;

export interface ReminderPlan {
  /** YYYY-MM-DD; without one there are no automatic reminders. */
  deadline?: string;
  /** Days before the deadline; absent or empty: none. */
  reminderDays?: readonly number[];
  /** Offsets already sent (or started). */
  remindersSent?: readonly number[];
}

/**
 * The offsets due on `today` and not sent yet: those whose day has come (today is on or after deadline - offset)
 * while the deadline has not passed. Several due at once (a run was missed) make one reminder, not several.
 */
export function dueReminders(plan: ReminderPlan, today: string): number[] {
  if (!plan.deadline || !plan.reminderDays?.length) return [];
  const left = daysBetween(today, plan.deadline);
  if (left < 0) return [];
  const sent = new Set(plan.remindersSent ?? []);
  return plan.reminderDays.filter((offset) => offset >= left && !sent.has(offset)).sort((a, b) => b - a);
}

/** The day the next automatic reminder goes out (today when one is due), or undefined when none is left. */
export function nextReminderOn(plan: ReminderPlan, today: string): string | undefined {
  if (dueReminders(plan, today).length > 0) return today;
  if (!plan.deadline || !plan.reminderDays?.length) return undefined;
  const left = daysBetween(today, plan.deadline);
  const sent = new Set(plan.remindersSent ?? []);
  const later = plan.reminderDays.filter((offset) => offset < left && !sent.has(offset));
  if (later.length === 0) return undefined;
  return addDays(plan.deadline, -Math.max(...later));
}

/**
 * The reminders counted as sent once the deadline moves to `deadline` (a reopening, or a new date for the open
 * campaign): those whose day is already past, so nobody is emailed at the next run for a day that is gone. The
 * others count from the new date, even if they went out for the old one (a week before the new date is worth a
 * reminder again); one due today still goes out.
 */
export function passedReminders(reminderDays: readonly number[], deadline: string, today: string): number[] {
  const left = daysBetween(today, deadline);
  return reminderDays.filter((offset) => offset > left);
}
