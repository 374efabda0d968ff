import { describe, expect, it } from 'vitest';
import { dueReminders, nextReminderOn, passedReminders } from '@shared/rules/annual-update-reminders';
import { addDays, daysBetween, schoolDay } from '@shared/rules/school-calendar';

/** shared/rules/annual-update-reminders.ts: which automatic reminders are due on a school day, and the next one. */
describe('automatic reminders', () => {
  const plan = { deadline: '2026-10-15', reminderDays: [7, 2] };

  it('are due from their day until the deadline, once each', () => {
    expect(dueReminders(plan, '2026-10-07')).toEqual([]);
    expect(dueReminders(plan, '2026-10-08')).toEqual([7]);
    expect(dueReminders({ ...plan, remindersSent: [7] }, '2026-10-08')).toEqual([]);
    expect(dueReminders({ ...plan, remindersSent: [7] }, '2026-10-12')).toEqual([]);
    expect(dueReminders({ ...plan, remindersSent: [7] }, '2026-10-13')).toEqual([2]);
    expect(dueReminders({ ...plan, remindersSent: [7] }, '2026-10-15')).toEqual([2]);
    expect(dueReminders({ ...plan, remindersSent: [7, 2] }, '2026-10-14')).toEqual([]);
  });

  it('make one reminder of several due at once (a missed run), and none after the deadline', () => {
    expect(dueReminders(plan, '2026-10-14')).toEqual([7, 2]);
    expect(dueReminders(plan, '2026-10-16')).toEqual([]);
  });

  it('need a deadline and at least one day', () => {
    expect(dueReminders({ reminderDays: [7] }, '2026-10-14')).toEqual([]);
    expect(dueReminders({ deadline: '2026-10-15' }, '2026-10-14')).toEqual([]);
    expect(dueReminders({ deadline: '2026-10-15', reminderDays: [] }, '2026-10-14')).toEqual([]);
  });

  it('say when the next one goes out', () => {
    expect(nextReminderOn(plan, '2026-10-01')).toBe('2026-10-08');
    expect(nextReminderOn(plan, '2026-10-08')).toBe('2026-10-08');
    expect(nextReminderOn({ ...plan, remindersSent: [7] }, '2026-10-09')).toBe('2026-10-13');
    expect(nextReminderOn({ ...plan, remindersSent: [7, 2] }, '2026-10-14')).toBeUndefined();
    expect(nextReminderOn(plan, '2026-10-16')).toBeUndefined();
    expect(nextReminderOn({ deadline: '2026-10-15' }, '2026-10-01')).toBeUndefined();
  });

  it('count calendar days in the school time zone, across the autumn clock change', () => {
    expect(daysBetween('2026-10-30', '2026-11-02')).toBe(3);
    expect(addDays('2026-11-01', -1)).toBe('2026-10-31');
    // 03:30 UTC on 16 October is still the 15th in Montréal.
    expect(schoolDay(new Date('2026-10-16T03:30:00Z'))).toBe('2026-10-15');
  });
});

describe('reminders once the deadline moves', () => {
  it('counts as sent only the offsets whose day is past; one due today still goes out', () => {
    expect(passedReminders([14, 7, 2], '2026-12-20', '2026-12-10')).toEqual([14]);
    expect(passedReminders([14, 7, 2], '2026-12-20', '2026-12-13')).toEqual([14]);
    expect(passedReminders([14, 7, 2], '2026-12-20', '2026-12-14')).toEqual([14, 7]);
    expect(passedReminders([7, 2], '2027-01-31', '2026-12-10')).toEqual([]);
    expect(passedReminders([], '2027-01-31', '2026-12-10')).toEqual([]);
  });
});
