/**
 * Québec typography for French text (../shared/design/DOMAIN.md, "Formats"), as patterns of what must not appear:
 * the interface's strings (french-typography.test.ts) and the demo school's French texts
 * (test/shared/demo-french-typography.test.ts) are held to it. Each rule: what must not appear, said as the fix.
 */
export const FRENCH_TYPOGRAPHY_RULES: [string, RegExp][] = [
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
