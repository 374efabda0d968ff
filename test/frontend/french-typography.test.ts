import { describe, expect, it } from 'vitest';
import fr from '../../frontend/src/i18n/fr.json';
import { FRENCH_TYPOGRAPHY_RULES as RULES } from './french-typography-rules';

/**
 * The French interface follows Québec typography (../shared/design/DOMAIN.md, "Formats"): a non-breaking space
 * before ":", "%" and "$" (a line never starts with them), none before "?", "!" and ";", and non-breaking spaces
 * inside « guillemets » and between a number's thousands (the email templates in lambdas write them the same way), and the straight apostrophe '
 * throughout.
 */
type Tree = { [key: string]: string | Tree };

function strings(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : strings(value, `${prefix}${key}.`),
  );
}

const FR = strings(fr as Tree);

describe('French typography of the interface (fr.json)', () => {
  it('reads several hundred strings (a moved file is noticed)', () => {
    expect(FR.length).toBeGreaterThan(500);
  });

  for (const [fix, pattern] of RULES) {
    it(fix, () => {
      const offenders = FR.filter(([, text]) => pattern.test(text)).map(([key, text]) => `${key}: ${JSON.stringify(text)}`);
      expect(offenders).toEqual([]);
    });
  }
});
