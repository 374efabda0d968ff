import { describe, expect, it } from 'vitest';
import en from '../../frontend/src/i18n/en.json';
import fr from '../../frontend/src/i18n/fr.json';
import {
  STRING_GROUPS,
  STRING_GROUP_NAMES,
  mergeStrings,
  selectStrings,
  type StringPart,
} from '../../frontend/src/i18n/string-groups';

type Tree = Record<string, unknown>;
const PARTS: StringPart[] = ['first', ...STRING_GROUP_NAMES];

function leafKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'object' && value !== null ? leafKeys(value as Tree, path) : [path];
  });
}

describe('string groups (frontend/src/i18n/string-groups.ts, split at build time)', () => {
  it.each([
    ['fr', fr],
    ['en', en],
  ])('the parts of %s.json hold every key exactly once, and together are the whole file', (_, file) => {
    const parts = PARTS.map((part) => selectStrings(file, part));
    const keys = parts.flatMap((part) => leafKeys(part));
    expect(keys.length).toBe(new Set(keys).size);
    expect(keys.sort()).toEqual(leafKeys(file).sort());
    expect(parts.reduce((all, part) => mergeStrings(all, part), {})).toEqual(file);
  });

  it('every listed namespace exists, so a renamed one is noticed', () => {
    for (const namespace of Object.values(STRING_GROUPS).flat()) expect(Object.keys(fr)).toContain(namespace);
  });

  it("keeps a listed namespace's side-navigation entry, and every unlisted namespace, in the first part", () => {
    const first = selectStrings(fr, 'first');
    expect(first.adminData).toEqual({ nav: fr.adminData.nav });
    expect(first.progression).toBeUndefined();
    expect(first.auth).toEqual(fr.auth);
    // A namespace added later without a group lands in the first part: it works on every screen.
    expect(selectStrings({ ...fr, someNewScreen: { title: 'Nouveau' } }, 'first').someNewScreen).toEqual({
      title: 'Nouveau',
    });
    expect(selectStrings(fr, 'admin').adminData).not.toHaveProperty('nav');
  });

  it('merges nested parts without losing either side', () => {
    expect(mergeStrings({ a: { nav: 'N' }, b: 'x' }, { a: { title: 'T' } })).toEqual({
      a: { nav: 'N', title: 'T' },
      b: 'x',
    });
  });
});
