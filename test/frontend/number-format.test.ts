import { describe, expect, it } from 'vitest';
import { characterCount, formatCount, formatDecimal } from '../../frontend/src/lib/number-format';

describe('counts as each language writes them', () => {
  it('separates thousands with a no-break space in French and a comma in English', () => {
    expect(formatCount(1000, 'fr')).toBe('1\u00a0000');
    expect(formatCount(1000, 'en')).toBe('1,000');
    expect(formatCount(12, 'fr')).toBe('12');
  });

  it('writes a size or an average to one decimal, with the comma in French and the same thousands space', () => {
    expect(formatDecimal(1234.56, 'fr')).toBe('1\u00a0234,6');
    expect(formatDecimal(1234.56, 'en')).toBe('1,234.6');
    expect(formatDecimal(21, 'fr')).toBe('21');
  });

  it("shows a text field's count against its limit in the reader's language, never « 0/1000 »", () => {
    expect(characterCount(0, 1000, 'fr')).toBe('0/1\u00a0000');
    expect(characterCount(1234, 2000, 'en')).toBe('1,234/2,000');
  });
});
