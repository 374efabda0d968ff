import { describe, expect, it } from 'vitest';
import { deadlineError, defaultSchoolYear, isSchoolYear } from '../../frontend/src/features/annual-update/components/start-campaign-modal';

/** The school year the start dialog proposes, and the format it accepts (the server checks it again). */
describe('start dialog school year', () => {
  it('proposes the year that starts in August', () => {
    expect(defaultSchoolYear(new Date(2025, 7, 1))).toBe('2025-2026');
    expect(defaultSchoolYear(new Date(2025, 11, 31))).toBe('2025-2026');
    expect(defaultSchoolYear(new Date(2026, 6, 31))).toBe('2025-2026');
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
