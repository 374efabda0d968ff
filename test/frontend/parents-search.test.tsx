// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { ParentsList } from '../../frontend/src/features/parents/components/parents-list';
import { FamiliesList } from '../../frontend/src/features/students/components/families-list';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { Locale } from '../../frontend/src/i18n/locale';
import { buildDirectoryIndex } from '../../frontend/src/lib/directory/directory-index';
import { FIXTURE } from './directory-fixture';

/**
 * The directory's search box and how a keystroke reaches the results (docs/benchmarks.md, "Search per keystroke"):
 * a plain search input with its own clear button, in the person's language; a key that keeps the same parents
 * on the page updates the box, the highlights and the count in the same render; a key that changes the page
 * shows the new letter first and the new rows a frame later.
 */
afterEach(cleanup);
const index = buildDirectoryIndex(FIXTURE);

function renderList(locale: Locale, list: 'parents' | 'families' = 'parents') {
  render(
    <I18nextProvider i18n={createI18n(locale)}>
      <MemoryRouter initialEntries={[list === 'parents' ? '/parents' : '/students']}>
        {list === 'parents' ? <ParentsList index={index} /> : <FamiliesList index={index} />}
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const results = () => document.querySelector('[aria-busy]')!;
const marks = () => [...results().querySelectorAll('mark')].map((mark) => mark.textContent);
const count = () => screen.getAllByRole('status').find((status) => /\d/.test(status.textContent ?? ''))?.textContent;

describe('the Parents search', () => {
  it('is a search box labelled in French, whose clear button empties it and gives the focus back', async () => {
    renderList('fr');
    const box = screen.getByRole('searchbox', { name: 'Chercher un parent, son courriel, son téléphone ou un de ses enfants' });
    expect(box.getAttribute('placeholder')).toBe('Parent, courriel ou enfant');
    expect(screen.queryByRole('button', { name: 'Effacer la recherche' })).toBeNull();
    fireEvent.change(box, { target: { value: 'gagnon' } });
    await waitFor(() => expect(count()).toBe('3 parents affichés sur 8'));
    fireEvent.click(screen.getByRole('button', { name: 'Effacer la recherche' }));
    expect((box as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(box);
    expect(screen.queryByRole('button', { name: 'Effacer la recherche' })).toBeNull();
    await waitFor(() => expect(count()).toBe('8 parents affichés sur 8'));
  });

  it.each(['514 555-0007', '5145550007', '555-0007'])('finds a parent by their phone as shown or typed (%s)', async (typed) => {
    renderList('fr');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: typed } });
    await waitFor(() => expect(count()).toBe('1 parent affiché sur 8'));
    expect(results().textContent).toContain('Dubé-Martin');
  });

  it('is labelled in English, clear button included', async () => {
    renderList('en');
    const box = screen.getByRole('searchbox', { name: 'Search for a parent, their email, their phone or one of their children' });
    fireEvent.change(box, { target: { value: 'roy' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Clear search' }));
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('shows a key that changes the page first in the box, then the new rows a frame later', async () => {
    renderList('fr');
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'gag' } });
    // The letter is in the box; the rows are still all eight parents, marked as not yet those of the query.
    expect((box as HTMLInputElement).value).toBe('gag');
    expect(results().getAttribute('aria-busy')).toBe('true');
    expect(count()).toBe('8 parents affichés sur 8');
    await waitFor(() => expect(results().getAttribute('aria-busy')).toBe('false'));
    expect(count()).toBe('3 parents affichés sur 8');
    expect(marks()).toContain('Gag');
  });

  it('renders a key that keeps the same parents in the same render: box, highlights and rows together', async () => {
    renderList('fr');
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'gag' } });
    await waitFor(() => expect(results().getAttribute('aria-busy')).toBe('false'));
    // "gagn" matches the same three parents: no frame to wait for.
    fireEvent.change(box, { target: { value: 'gagn' } });
    expect(results().getAttribute('aria-busy')).toBe('false');
    expect(marks()).toContain('Gagn');
    expect(marks()).not.toContain('Gag');
    expect(count()).toBe('3 parents affichés sur 8');
    // No parent matches, then still none: the "no match" sentence follows the query at once.
    fireEvent.change(box, { target: { value: 'gagnx' } });
    await waitFor(() => expect(screen.getByText('Aucun résultat')).toBeTruthy());
    fireEvent.change(box, { target: { value: 'gagnxy' } });
    expect(results().getAttribute('aria-busy')).toBe('false');
    expect(results().textContent).toContain('gagnxy');
  });
});

describe('the Students search', () => {
  it('shows new families a frame after the key, and a key that keeps them in the same render', async () => {
    renderList('fr', 'families');
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'roy' } });
    expect(results().getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(results().getAttribute('aria-busy')).toBe('false'));
    expect(marks()).toContain('Roy');
    const families = count();
    // The Roy family is still the only one: the marks follow the key at once.
    fireEvent.change(box, { target: { value: 'roy-g' } });
    expect(results().getAttribute('aria-busy')).toBe('false');
    expect(marks()).toContain('Roy-G');
    expect(count()).toBe(families);
  });
});
