import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from '../../frontend/src/lib/date-time';

/**
 * Dates and times as the whole UI shows them (frontend/src/lib/date-time.ts), in the school's zone (Montréal), so
 * the results read the same in any time zone the tests run in (test/frontend/school-time-zone.test.tsx runs in Tokyo).
 */
describe('date and time formats', () => {
  const morning = new Date('2026-11-27T09:58:00-05:00');
  const afternoon = new Date('2025-09-02T14:05:00-04:00').toISOString();

  it('writes the numeric date in both languages', () => {
    expect(formatDate(morning)).toBe('2026-11-27');
    expect(formatDate(morning.getTime())).toBe('2026-11-27');
    expect(formatDate(afternoon)).toBe('2025-09-02');
  });

  it('writes "9 h 58" in French, without a leading zero on the hour, and 09:58 in English', () => {
    expect(formatTime(morning, 'fr')).toBe('9 h 58');
    expect(formatTime(morning, 'en')).toBe('09:58');
    expect(formatDateTime(morning.getTime(), 'fr')).toBe('2026-11-27 9 h 58');
    expect(formatDateTime(morning.getTime(), 'en')).toBe('2026-11-27 09:58');
    expect(formatDateTime(afternoon, 'fr')).toBe('2025-09-02 14 h 05');
  });
});
