// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { CommitteesList } from '../../frontend/src/features/committees/components/committees-list';
import { QuickSearch } from '../../frontend/src/features/home/components/quick-search';
import { ParentsList } from '../../frontend/src/features/parents/components/parents-list';
import { StaffList } from '../../frontend/src/features/staff/components/staff-list';
import { FamiliesList } from '../../frontend/src/features/students/components/families-list';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { Locale } from '../../frontend/src/i18n/locale';
import { buildDirectoryIndex } from '../../frontend/src/lib/directory/directory-index';
import { FIXTURE } from './directory-fixture';

/**
 * The home quick search counts, for each list, what that list shows when the hit opens it with the same query: a
 * category that said "Parents (1)" and opened a list of 5 told the user something false.
 */
const index = buildDirectoryIndex(FIXTURE);

afterEach(cleanup);

function renderAt(path: string, element: ReactElement, locale: Locale = 'fr') {
  render(
    <I18nextProvider i18n={createI18n(locale)}>
      <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
    </I18nextProvider>,
  );
}

/** The quick search's categories and their counts, as headed: { Élèves: 2, Parents: 5, ... }. */
function quickCounts(query: string, locale: Locale): Record<string, number> {
  renderAt(`/?q=${encodeURIComponent(query)}`, <QuickSearch index={index} />, locale);
  const counts = Object.fromEntries(
    screen.getAllByRole('heading', { level: 3 }).map((heading) => {
      const [, title, count] = /^(.+) \((\d+)\)$/.exec(heading.textContent ?? '')!;
      return [title, Number(count)];
    }),
  );
  cleanup();
  return counts;
}

/**
 * The count a list announces when opened with `?q=`: its header's sentence ("3 parents affichés sur 8"), or beside
 * its search box ("5 résultats") on the lists without one.
 */
function listCount(path: string, query: string, element: ReactElement, locale: Locale): number {
  renderAt(`${path}?q=${encodeURIComponent(query)}`, element, locale);
  const status = screen.getAllByRole('status').map((s) => s.textContent ?? '').find((text) => /^\d+ /.test(text));
  cleanup();
  return Number(/^(\d+) /.exec(status ?? '')?.[1]);
}

const LISTS = {
  fr: { Familles: ['/students', FamiliesList], Parents: ['/parents', ParentsList], Personnel: ['/staff', StaffList], Comités: ['/committees', CommitteesList] },
  en: { Families: ['/students', FamiliesList], Parents: ['/parents', ParentsList], Staff: ['/staff', StaffList], Committees: ['/committees', CommitteesList] },
} as const;

describe('home quick search', () => {
  // roy: two children's names (the parents list also finds their parents); martin: a parent, so the students list
  // shows the family; enseignant/teacher: a staff title; lespérance: a committee's outside member; courriel: emails.
  const QUERIES = ['roy', 'martin', 'enseignant', 'teacher', 'lesperance', 'courriel', 'cote'];

  for (const locale of ['fr', 'en'] as const) {
    it(`counts what each list shows for the same query (${locale})`, () => {
      for (const query of QUERIES) {
        const counts = quickCounts(query, locale);
        expect(Object.keys(counts)).toEqual(Object.keys(LISTS[locale]));
        for (const [title, [path, List]] of Object.entries(LISTS[locale])) {
          const shown = listCount(path, query, <List index={index} />, locale);
          expect(counts[title], `${title} for "${query}"`).toBe(shown);
        }
      }
    });
  }

  it('shows why a record matched: a child found under its parent, a family under its name', () => {
    renderAt('/?q=emma', <QuickSearch index={index} />);
    // Emma Roy's family and her three parents (Julie, Paul, Luc), each line with the child's name marked.
    expect(screen.getByRole('heading', { name: 'Familles (1)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Parents (3)' })).toBeTruthy();
    const marks = [...document.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).toEqual(['Emma', 'Emma', 'Emma', 'Emma']);
    expect(screen.getAllByRole('link', { name: 'Famille Roy / Roy-Gagnon' }).length).toBeGreaterThan(0);
    cleanup();
    // A family found by a parent's name: the parents' line says why (Éric is Noah's step-parent).
    renderAt('/?q=eric', <QuickSearch index={index} />, 'en');
    expect(screen.getByRole('heading', { name: 'Families (1)' })).toBeTruthy();
    const parentsLine = [...document.querySelectorAll('mark')].find((mark) => mark.textContent === 'Éric')?.parentElement;
    expect(parentsLine?.textContent).toMatch(/^Parents: .*Éric Dubé-Martin/);
  });

  it('says once that nothing matches, instead of four empty categories (fr, en)', () => {
    renderAt('/?q=zzzzqq', <QuickSearch index={index} />);
    expect(screen.queryAllByRole('heading')).toEqual([]);
    expect(screen.getByText(/^Aucune famille, aucun parent, aucun membre du personnel ni aucun comité ne correspond à «\szzzzqq\s»\.$/)).toBeTruthy();
    cleanup();
    renderAt('/?q=zzzzqq', <QuickSearch index={index} />, 'en');
    expect(screen.getByText('No family, parent, staff member or committee matches “zzzzqq”.')).toBeTruthy();
  });

  // A trial's screen reader heard no result count as the query was typed.
  it('says the counts to a screen reader, and that nothing matches (fr, en)', () => {
    renderAt('/?q=emma', <QuickSearch index={index} />);
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Résultats\u00a0: familles 1, parents 3, personnel 0, comités 0.');
    cleanup();
    renderAt('/?q=emma', <QuickSearch index={index} />, 'en');
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Results: families 1, parents 3, staff 0, committees 0.');
    cleanup();
    renderAt('/?q=zzzzqq', <QuickSearch index={index} />, 'en');
    expect(screen.getByRole('status').textContent).toBe('No family, parent, staff member or committee matches “zzzzqq”.');
  });

  it('shows no category until something is typed', () => {
    renderAt('/?q=%20%20', <QuickSearch index={index} />);
    expect(screen.queryAllByRole('heading')).toEqual([]);
  });
});

describe('the quick search on a phone', () => {
  /** A 375 x 800 phone whose search box sits at `inputBottom` px from the top of the screen; what was scrolled. */
  function typeWithBoxAt(inputBottom: number, path = '/') {
    const scrolled: ScrollIntoViewOptions[] = [];
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLInputElement.prototype, 'getBoundingClientRect').mockReturnValue({ bottom: inputBottom } as DOMRect);
    Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
      if (this.contains(document.querySelector('input'))) scrolled.push(options as ScrollIntoViewOptions);
    };
    renderAt(path, <QuickSearch index={index} />);
    return { scrolled, type: (text: string) => fireEvent.change(screen.getByRole('searchbox'), { target: { value: text } }) };
  }
  afterEach(() => vi.restoreAllMocks());

  it('brings the box to the top when its first results would arrive below the screen', () => {
    const { scrolled, type } = typeWithBoxAt(790);
    type('e');
    expect(scrolled).toHaveLength(1);
    expect(scrolled[0]!.block).toBe('start');
    // More letters: the results are already there, the page does not move under the reader.
    type('em');
    expect(scrolled).toHaveLength(1);
  });

  it('leaves the page where it is when the results show, or when the address already held the query', () => {
    const high = typeWithBoxAt(300);
    high.type('e');
    expect(high.scrolled).toEqual([]);
    cleanup();
    expect(typeWithBoxAt(790, '/?q=emma').scrolled).toEqual([]);
  });
});
