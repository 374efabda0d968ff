import { describe, expect, it } from 'vitest';
import fr from '../../frontend/src/i18n/fr.json';

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

/** Each rule: what must not appear, said as the fix. */
const RULES: [string, RegExp][] = [
  ['a non-breaking space (U+00A0) before ":", not a space', /[ \u202f]:/],
  ['a non-breaking space before ":" (none was there)', /[^\s\u00a0]:(?!\/\/)/],
  ['no space before "?", "!" or ";"', /[\s\u00a0\u202f][?!;]/],
  ['a non-breaking space before "%" or "$"', /(?:[^\u00a0]|^)[%$]/],
  ['a non-breaking space after "«" and before "»"', /«(?!\u00a0)|(?<!\u00a0)»/],
  // « 1 000 caractères »: a line break must not split a number (a phone number, « 514 555-1234 », is not one).
  ['a non-breaking space between thousands, not a space', /\d \d{3}(?![\d-])/],
  // The team's choice: one apostrophe in the interface, the straight one (a mix of ' and ’ read as careless).
  ["the straight apostrophe ', not ’", /’/],
];

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
