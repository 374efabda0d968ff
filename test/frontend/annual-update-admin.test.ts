import { describe, expect, it } from 'vitest';
import { defaultSchoolYear, isSchoolYear } from '../../frontend/src/features/annual-update/components/start-campaign-modal';
import { deadlineError } from '../../frontend/src/features/annual-update/model/campaign-state';

/** The school year the start dialog proposes, and the format it accepts (the server checks it again). */
describe('start dialog school year', () => {
  it('proposes the year that starts in August', () => {
    expect(defaultSchoolYear(new Date('2025-08-01T00:30:00-04:00'))).toBe('2025-2026');
    expect(defaultSchoolYear(new Date('2025-12-31T23:30:00-05:00'))).toBe('2025-2026');
    expect(defaultSchoolYear(new Date('2026-07-31T12:00:00-04:00'))).toBe('2025-2026');
    // The school's day, not the machine's: 31 July, 23 h 30 in Montréal is already 1 August in UTC.
    expect(defaultSchoolYear(new Date('2025-07-31T23:30:00-04:00'))).toBe('2024-2025');
  });

  it('accepts two consecutive years only', () => {
    expect(isSchoolYear('2025-2026')).toBe(true);
    expect(isSchoolYear('2025-2027')).toBe(false);
    expect(isSchoolYear('2025/2026')).toBe(false);
    expect(isSchoolYear('25-26')).toBe(false);
  });
});

describe('start dialog deadline', () => {
  it('is optional, a real day, and not in the past', () => {
    expect(deadlineError('', '2026-11-26')).toBeUndefined();
    expect(deadlineError('2026-11-26', '2026-11-26')).toBeUndefined();
    expect(deadlineError('2027-06-15', '2026-11-26')).toBeUndefined();
    expect(deadlineError('2026-11-25', '2026-11-26')).toBe('past');
    expect(deadlineError('2027-02-30', '2026-11-26')).toBe('invalid');
    expect(deadlineError('15/06/2027', '2026-11-26')).toBe('invalid');
    expect(deadlineError('2027-6-15', '2026-11-26')).toBe('invalid');
  });
});
