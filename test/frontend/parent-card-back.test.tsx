// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { createMemoryRouter } from 'react-router-dom';
import { ClassDetails } from '../../frontend/src/features/classes/components/class-details';
import { buildDirectoryIndex } from '../../frontend/src/lib/directory/directory-index';
import { FIXTURE } from './directory-fixture';
import { renderRouter, testConfig } from './render-screen';

/**
 * A parent's card (components/directory/parent-card.tsx) is a step in the history: on a class page, a phone's Back
 * closed the page (the card with it) and went to the page before; it now closes the card and stays on the class.
 */
const index = buildDirectoryIndex(FIXTURE);
afterEach(cleanup);

/** The dialog shown (a closed one may stay in the page, hidden). */
const shownCard = () => createWrapper().findAllModals().find((modal) => modal.isVisible())?.getElement();

function renderClass() {
  const router = createMemoryRouter(
    [
      { path: '/classes', element: <ClassDetails index={index} classIndex={0} query="" /> },
      { path: '/', element: <p>Accueil</p> },
    ],
    { initialEntries: ['/', '/classes?class=A'], initialIndex: 1 },
  );
  return renderRouter(router, { locale: 'fr', config: testConfig() });
}

describe("a parent's card and Back", () => {
  it('Back closes the card and stays on the class page; the card opens again and its Close does the same', async () => {
    const router = renderClass();
    const name = screen.getAllByRole('button', { name: /^Fiche de contact\s: Anne Côté$/ })[0]!;
    fireEvent.click(name);
    await waitFor(() => expect(within(shownCard()!).getAllByText('Anne Côté').length).toBeGreaterThan(0));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(shownCard()).toBeUndefined());
    expect(router.state.location.pathname + router.state.location.search).toBe('/classes?class=A');
    expect(screen.queryByText('Accueil')).toBeNull();

    fireEvent.click(screen.getAllByRole('button', { name: /^Fiche de contact\s: Anne Côté$/ })[0]!);
    const card = await waitFor(() => within(shownCard()!));
    fireEvent.click(card.getAllByRole('button', { name: 'Fermer' }).at(-1)!);
    await waitFor(() => expect(shownCard()).toBeUndefined());
    expect(router.state.location.pathname + router.state.location.search).toBe('/classes?class=A');
    // Closed: one step back, not another entry on top (Back now leaves the class page).
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
  });
});
