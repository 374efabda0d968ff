import { describe, expect, it } from 'vitest';
import { expiryDay, schoolDay, schoolDayStart } from '@shared/rules/school-calendar';

/** The school's days begin at midnight in Québec (America/Toronto), daylight time or not. */
describe('schoolDayStart', () => {
  it('is midnight in Québec, in UTC', () => {
    expect(schoolDayStart('2030-07-01').toISOString()).toBe('2030-07-01T04:00:00.000Z');
    expect(schoolDayStart('2030-01-15').toISOString()).toBe('2030-01-15T05:00:00.000Z');
  });

  it('follows the change of hour (the days it happens on and the days after)', () => {
    // 2030: daylight time from 10 March, standard time from 3 November.
    expect(schoolDayStart('2030-03-10').toISOString()).toBe('2030-03-10T05:00:00.000Z');
    expect(schoolDayStart('2030-03-11').toISOString()).toBe('2030-03-11T04:00:00.000Z');
    expect(schoolDayStart('2030-11-03').toISOString()).toBe('2030-11-03T04:00:00.000Z');
    expect(schoolDayStart('2030-11-04').toISOString()).toBe('2030-11-04T05:00:00.000Z');
  });

  it('is the first instant schoolDay reads as that day', () => {
    for (const day of ['2030-07-01', '2030-03-10', '2030-11-03', '2030-12-31']) {
      const start = schoolDayStart(day);
      expect(schoolDay(start)).toBe(day);
      expect(schoolDay(new Date(start.getTime() - 1))).not.toBe(day);
    }
  });
});

describe('expiryDay: the day a link or a letter says it stops working', () => {
  it("is the school's day of the expiry, not UTC's: a link sent at 21 h in Montréal expires that evening's date", () => {
    // 2026-12-01 02:00 UTC is 2026-11-30 21:00 in Montréal (EST).
    expect(expiryDay(Date.parse('2026-12-01T02:00:00Z') / 1000)).toBe('2026-11-30');
    // Summer time: 2026-07-01 03:30 UTC is 2026-06-30 23:30 (EDT).
    expect(expiryDay(Date.parse('2026-07-01T03:30:00Z') / 1000)).toBe('2026-06-30');
    expect(expiryDay(Date.parse('2026-07-01T04:00:00Z') / 1000)).toBe('2026-07-01');
  });
});
