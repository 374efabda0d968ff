import { describe, expect, it } from 'vitest';
import { generateSchool } from '../../local/demo/generate-school';
import { createMatcher, matchesSearch, normalizeSearchText, parseSearchQuery, prepareSearchText } from '@shared/rules/search';

const matches = (record: string[], query: string) => matchesSearch(prepareSearchText(...record), parseSearchQuery(query));

describe('search normalisation', () => {
  it('ignores case and accents', () => {
    expect(normalizeSearchText('François')).toBe('francois');
    expect(normalizeSearchText('CÔTÉ')).toBe('cote');
    expect(normalizeSearchText('Maëlle Zoé')).toBe('maelle zoe');
    expect(normalizeSearchText('Cœur')).toBe('coeur');
  });

  it('turns hyphens, apostrophes (straight and curly) and repeated spaces into one space', () => {
    expect(normalizeSearchText('Dubé-Martin')).toBe('dube martin');
    expect(normalizeSearchText("D'Amours")).toBe('d amours');
    expect(normalizeSearchText('O’Neil')).toBe('o neil');
    expect(normalizeSearchText('  Ben   Ammar ')).toBe('ben ammar');
  });
});

describe('search matching', () => {
  const record = ['François', 'Dubé-Martin'];

  it.each(['francois', 'FRANÇOIS', 'dube martin', 'dubé-martin', 'dube-martin', 'martin', 'dubemartin', 'martin fran', 'dub'])(
    'François Dubé-Martin matches %j',
    (query) => expect(matches(record, query)).toBe(true),
  );

  it.each(['francine', 'dube tremblay', 'martinez'])('François Dubé-Martin does not match %j', (query) => {
    expect(matches(record, query)).toBe(false);
  });

  it('finds apostrophe names typed with, without or with another apostrophe', () => {
    for (const query of ["d'amours", 'damours', 'd amours', 'd’amours']) expect(matches(['Zoé', "D'Amours"], query)).toBe(true);
    for (const query of ["o'neil", 'oneil', 'O’Neil']) expect(matches(['Sean', "O'Neil"], query)).toBe(true);
  });

  it('matches Côté for cote and Gagné-Côté for "gagne cote"', () => {
    expect(matches(['Côté'], 'cote')).toBe(true);
    expect(matches(['Léa', 'Gagné-Côté'], 'gagne cote')).toBe(true);
  });

  it('never joins two fields into one word', () => {
    expect(matches(['Marie', 'Tremblay'], 'marietremblay')).toBe(false);
    expect(matches(['Marie', 'Tremblay'], 'marie tremblay')).toBe(true);
  });

  it('keeps every item for an empty query', () => {
    expect(createMatcher(['a', 'b'], (x) => [x])('  ')).toEqual(['a', 'b']);
  });

  // How fast a keystroke is, is measured by `npm run bench:search` on a quiet machine, not by a timed test: here, that
  // each record is read and normalised once, when the matcher is built, so a keystroke only scans prepared strings.
  it('reads each of the benchmark school\'s records once, however many keystrokes follow', () => {
    const school = generateSchool({ scale: 'benchmark' });
    const childrenOf = new Map<string, string[]>();
    for (const link of school.families) {
      childrenOf.set(link.parentId, [...(childrenOf.get(link.parentId) ?? []), link.studentId]);
    }
    const names = new Map(school.students.map((s) => [s.id, `${s.firstName} ${s.lastName}`]));
    let reads = 0;
    const match = createMatcher(school.parents, (p) => {
      reads++;
      return [
        p.firstName,
        p.lastName,
        p.email,
        ...(childrenOf.get(p.id) ?? []).map((id) => names.get(id)),
      ];
    });
    const target = school.parents.find((p) => p.lastName.includes('-'))!;
    const typed = `${target.firstName} ${target.lastName}`.toLowerCase();
    let last: typeof school.parents = [];
    for (let i = 1; i <= typed.length; i++) last = match(typed.slice(0, i));
    expect(last).toContain(target);
    expect(reads).toBe(school.parents.length);
  });
});
