// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { Highlight } from '../../frontend/src/components/directory/highlight';
import { matchRanges } from '../../frontend/src/lib/directory/match-ranges';
import { createMatcher } from '@shared/rules/search';
import { parentSearchFields, type ParentRow } from '../../frontend/src/lib/directory/parent-rows';
import { staffSearchFields, type StaffRow } from '../../frontend/src/lib/directory/staff-rows';

afterEach(cleanup);

/** The marked parts of a rendered text, in order. */
function marked(text: string, query: string): string[] {
  const { container } = render(<Highlight text={text} query={query} />);
  expect(container.textContent).toBe(text);
  return [...container.querySelectorAll('mark')].map((mark) => mark.textContent ?? '');
}

describe('Highlight', () => {
  it('marks a match ignoring case and accents, showing the text as written', () => {
    expect(marked('François Côté', 'francois')).toEqual(['François']);
    expect(marked('François Côté', 'COTE')).toEqual(['Côté']);
    expect(marked('Zoé Tremblay', 'oe')).toEqual(['oé']);
  });

  it('marks every query word, in any order', () => {
    expect(marked('Marie-Claire Dubé-Martin', 'martin marie')).toEqual(['Marie', 'Martin']);
  });

  it('marks across hyphens and apostrophes typed without them, or with spaces instead', () => {
    expect(marked("Jeanne D'Amours", 'damours')).toEqual(["D'Amours"]);
    expect(marked('Geneviève L’Heureux', 'lheureux')).toEqual(['L’Heureux']);
    expect(marked('Dubé-Martin', 'dube-mar')).toEqual(['Dubé-Mar']);
    expect(marked('Marie-Claire', 'marieclaire')).toEqual(['Marie-Claire']);
    // Both words match, and so does the query without its space: one mark over the whole name.
    expect(marked('Saint-Onge', 'saint onge')).toEqual(['Saint-Onge']);
    expect(marked('Anne Saint-Onge', 'onge anne')).toEqual(['Anne', 'Onge']);
  });

  // « D'Amours » is the words « d » and « amours »: the « d » lit every d of the card (« Children: », « Édouard »).
  it('marks a one-letter word where a word starts, or anywhere when no word starts with it', () => {
    expect(marked("Jeanne D'Amours, Children: Édouard Ferland-Dubé", "d'amours")).toEqual(["D'Amours", 'D']);
    expect(marked('François Côté', 'e')).toEqual(['é']);
  });

  it('handles ligatures and letters outside the basic plane', () => {
    expect(marked('Chœur Lætitia', 'choeur')).toEqual(['Chœur']);
    expect(marked('𝒜lice Côté', 'cote')).toEqual(['Côté']);
  });

  it('marks nothing for an empty or separator-only query, or when nothing matches', () => {
    expect(marked('François Côté', '')).toEqual([]);
    expect(marked('François Côté', " - ' ")).toEqual([]);
    expect(marked('François Côté', 'tremblay')).toEqual([]);
  });

  it('merges overlapping matches into one mark', () => {
    expect(matchRanges('Annabelle', 'ann nab')).toEqual([[0, 5]]);
    expect(marked('Annabelle', 'ann nab')).toEqual(['Annab']);
  });

  it('marks something in every record the search keeps', () => {
    const names = ['François Côté', "Jeanne D'Amours", 'Dubé-Martin', 'Marie-Ève St-Pierre', 'Noémie Lévesque'];
    const search = createMatcher(names, (name) => [name]);
    for (const query of ['francois', 'damours', 'dube mar', 'st-pierre', 'marie eve', 'levesque noemie', 'e']) {
      for (const name of search(query)) expect(matchRanges(name, query).length, `${query} in ${name}`).toBeGreaterThan(0);
    }
  });
});

// A trial's school office searched the Parents list by postal code, and found nothing.
describe('the Parents search', () => {
  const row = (id: string, postalCode?: string) =>
    ({ name: `Parent ${id}`, children: [], parent: { id, email: undefined, phone: undefined, ...(postalCode ? { address: { street: '1, rue A', city: 'Laval', postalCode } } : {}) } }) as unknown as ParentRow;

  it('finds a parent by the postal code the viewer may see, typed with or without its space', () => {
    const rows = [row('a', 'H2X 1Y4'), row('b', 'H7N 1A1'), row('c')];
    const search = createMatcher(rows, parentSearchFields);
    for (const query of ['H2X 1Y4', 'h2x1y4', 'h2x']) expect(search(query).map((r) => r.parent.id), query).toEqual(['a']);
  });
});

// A trial's « 514 555-0104 » found no staff member, where the Parents search finds a phone.
describe('the Staff search', () => {
  it('finds a staff member by the phone the viewer may see, in any of its forms', () => {
    const row = (id: string, phone?: string) =>
      ({ name: `Staff ${id}`, member: { id, title: { fr: 'Enseignante', en: 'Teacher' }, department: 'teaching', ...(phone ? { phone } : {}) } }) as unknown as StaffRow;
    const search = createMatcher([row('a', '5145550104'), row('b', '5145559999'), row('c')], staffSearchFields);
    for (const query of ['514 555-0104', '5145550104', '0104']) expect(search(query).map((r) => r.member.id), query).toEqual(['a']);
  });

  it('finds a staff member by the extension their card shows', () => {
    const row = (id: string, extension?: string) =>
      ({ name: `Staff ${id}`, member: { id, title: { fr: 'Secrétaire', en: 'Secretary' }, department: 'office', ...(extension ? { extension } : {}) } }) as unknown as StaffRow;
    const search = createMatcher([row('a', '1234'), row('b', '5678'), row('c')], staffSearchFields);
    expect(search('1234').map((r) => r.member.id)).toEqual(['a']);
  });
});
