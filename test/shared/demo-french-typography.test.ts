import { describe, expect, it } from 'vitest';
import { generateSchool } from '../../local/demo/generate-school';
import { FRENCH_TYPOGRAPHY_RULES } from '../frontend/french-typography-rules';

/**
 * The demo school's French texts (every `fr` of its bilingual fields: committees' names and descriptions, and the
 * rest) follow the interface's typography: a person trying the app meets them on the same screens
 * (test/frontend/french-typography.test.ts holds the interface's strings to the same rules).
 */
function frenchTexts(value: unknown, path = ''): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => frenchTexts(item, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === 'fr' && typeof inner === 'string' ? [[`${path}.fr`, inner] as [string, string]] : frenchTexts(inner, `${path}.${key}`),
  );
}

const TEXTS = frenchTexts(generateSchool());

describe("French typography of the demo school's texts (local/demo)", () => {
  it('reads the committees and their descriptions (a moved field is noticed)', () => {
    expect(TEXTS.filter(([path]) => path.includes('description')).length).toBeGreaterThan(5);
  });

  for (const [fix, pattern] of FRENCH_TYPOGRAPHY_RULES) {
    it(fix, () => {
      expect(TEXTS.filter(([, text]) => pattern.test(text)).map(([path, text]) => `${path}: ${JSON.stringify(text)}`)).toEqual([]);
    });
  }
});
