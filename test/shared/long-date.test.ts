import { describe, expect, it } from 'vitest';
import { formatLongDate, onLongDate } from '@shared/format/long-date';

/** The one long-date formatter of sentences, emails and letters (shared/format/long-date.ts). */
describe('long dates', () => {
  it('writes a calendar day in French without a capital, « 1er » for the first of the month', () => {
    expect(formatLongDate('2026-12-19', 'fr')).toBe('19 décembre 2026');
    expect(formatLongDate('2027-03-01', 'fr')).toBe('1er mars 2027');
    expect(formatLongDate('2026-08-05', 'fr')).toBe('5 août 2026');
    expect(onLongDate('2026-12-19', 'fr')).toBe('le 19 décembre 2026');
  });

  it('writes "December 19, 2026" in English', () => {
    expect(formatLongDate('2026-12-19', 'en')).toBe('December 19, 2026');
    expect(formatLongDate('2027-03-01', 'en')).toBe('March 1, 2027');
    expect(onLongDate('2026-12-19', 'en')).toBe('December 19, 2026');
  });

  it("takes an instant as the school's day, whatever the machine's zone", () => {
    // 03:30 UTC on December 20 is still the evening of December 19 in Montréal.
    expect(formatLongDate('2026-12-20T03:30:00.000Z', 'fr')).toBe('19 décembre 2026');
    expect(formatLongDate(Date.parse('2026-12-20T03:30:00Z'), 'en')).toBe('December 19, 2026');
    expect(formatLongDate(new Date('2026-12-20T12:00:00Z'), 'en')).toBe('December 20, 2026');
  });

  it('refuses what is not a date rather than writing "NaN"', () => {
    expect(() => formatLongDate('not a date', 'fr')).toThrow(RangeError);
  });
});
