// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Pagination } from '../../frontend/src/components/pagination/pagination';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { Locale } from '../../frontend/src/i18n/locale';
import { windowWidthPerTest } from './window-width';

/** The lists' pager: page numbers on a wide screen, "‹ Page 2 of 14 ›" on a phone (no "next" arrow alone on a line). */
const setWidth = windowWidthPerTest();

function renderPager(locale: Locale, currentPageIndex: number, pagesCount: number) {
  const chosen: number[] = [];
  render(
    <I18nextProvider i18n={createI18n(locale)}>
      <Pagination currentPageIndex={currentPageIndex} pagesCount={pagesCount} onChange={({ detail }) => chosen.push(detail.currentPageIndex)} />
    </I18nextProvider>,
  );
  return chosen;
}

describe('the pager', () => {
  it('on a phone, says which page of how many and steps to the previous and next pages (fr)', () => {
    setWidth(375);
    const chosen = renderPager('fr', 2, 14);
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toBe('Page 2 sur 14');
    expect(screen.queryByRole('button', { name: '14' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page précédente' }));
    expect(chosen).toEqual([3, 1]);
  });

  it('on a phone, turns off the arrow past either end, and shows nothing for a single page (en)', () => {
    setWidth(375);
    const chosen = renderPager('en', 1, 3);
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toBe('Page 1 of 3');
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(chosen).toEqual([]);
    cleanup();
    renderPager('en', 3, 3);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderPager('en', 1, 1);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('from 600 px, shows the page numbers, and follows the window when it narrows', () => {
    setWidth(1024);
    const chosen = renderPager('fr', 1, 14);
    fireEvent.click(screen.getByRole('button', { name: '14' }));
    expect(chosen).toEqual([14]);
    setWidth(599);
    expect(screen.queryByRole('button', { name: '14' })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toBe('Page 1 sur 14');
  });
});

describe("the phone's pager on one line", () => {
  // A trial at 375 px saw the "›" under « Page 1 sur 13 »: the arrows and the words were each in a box of their own
  // in a row that wraps (SpaceBetween), so a toolbar giving the pager less room broke it onto two lines.
  it.each(['fr', 'en'] as const)('puts both arrows and the words in one row that does not wrap (%s)', (locale) => {
    setWidth(375);
    renderPager(locale, 1, 13);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(nav.children).toHaveLength(1);
    const row = nav.firstElementChild as HTMLElement;
    expect(row.style.display).toBe('flex');
    expect(row.style.flexWrap).toBe('nowrap');
    const [previous, words, next] = [...row.children] as HTMLElement[];
    expect(previous!.querySelector('button')?.getAttribute('aria-label') ?? previous!.getAttribute('aria-label')).toMatch(/^(Page précédente|Previous page)$/);
    expect(words!.textContent).toBe(locale === 'fr' ? 'Page 1 sur 13' : 'Page 1 of 13');
    expect(words!.style.whiteSpace).toBe('nowrap');
    expect(next!.querySelector('button')?.getAttribute('aria-label') ?? next!.getAttribute('aria-label')).toMatch(/^(Page suivante|Next page)$/);
  });
});
