import { describe, expect, it } from 'vitest';
import en from '../../frontend/src/i18n/en.json';
import fr from '../../frontend/src/i18n/fr.json';

/**
 * The directory's search boxes at 375 px (components/directory/search-field.tsx): the box leaves about 210 px of
 * text between its magnifier and its clear button (the Parents box, beside its class filter's row, the narrowest), and
 * « Chercher une classe, une enseignante, u », "Search for a parent, their email or" were all a phone showed.
 * Measured in Chromium in the box's italic 14 px Open Sans: 32 characters take at most about 200 px ("Search for a
 * student or a parent", 198 px), so no hint is longer. The whole sentence stays the box's name (`searchLabel`).
 */
const MAX = 32;

/** The lists' search boxes (the home page's quick search is a box of its own, as wide as the page). */
const LISTS = ['classes', 'students', 'parents', 'staff', 'committees'] as const;
const placeholders = (file: typeof fr) => LISTS.map((name) => [name, file.directory[name].searchPlaceholder] as const);

describe('search box hints fit a 375 px phone', () => {
  it.each([
    ['fr', fr],
    ['en', en],
  ] as const)("%s: every directory list's search placeholder is at most 32 characters", (_lang, file) => {
    const found = placeholders(file);
    expect(found.filter(([, text]) => text.length > MAX)).toEqual([]);
  });

  it.each([
    ['fr', fr],
    ['en', en],
  ] as const)('%s: a shortened hint keeps its whole sentence as the box name', (_lang, file) => {
    for (const [name, text] of placeholders(file)) {
      const label = (file.directory as Record<string, { searchLabel?: string }>)[name]!.searchLabel;
      if (label !== undefined) expect(label.length).toBeGreaterThan(text.length);
    }
  });
});
