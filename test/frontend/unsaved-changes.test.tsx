// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router-dom';
import { useUnsavedChanges } from '../../frontend/src/lib/use-unsaved-changes';

/**
 * useUnsavedChanges (frontend/src/lib/use-unsaved-changes.ts): with changes typed, leaving for another page is held,
 * and so is the browser's Back even to the same address (My Profile's form opens on /profile, over /profile); a
 * change of the query alone inside the page (a language switch) is not leaving.
 */
afterEach(cleanup);

let go: ReturnType<typeof useNavigate>;
function Form() {
  go = useNavigate();
  const blocker = useUnsavedChanges(true);
  return <p>{blocker.state}</p>;
}

function renderAt(entries: string[]) {
  const router = createMemoryRouter(
    [
      { path: '/profile', element: <Form /> },
      { path: '/', element: <p>home</p> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('unsaved changes', () => {
  it('holds Back to the same address and a link to another page, not a change of the query', async () => {
    const router = renderAt(['/profile', '/profile']);
    expect(screen.getByText('unblocked')).toBeTruthy();
    await act(() => go('/profile?lang=en', { replace: true }));
    expect(router.state.location.search).toBe('?lang=en');
    expect(screen.getByText('unblocked')).toBeTruthy();
    await act(() => go(-1));
    expect(screen.getByText('blocked')).toBeTruthy();
    cleanup();

    const other = renderAt(['/profile']);
    await act(() => go('/'));
    expect(screen.getByText('blocked')).toBeTruthy();
    expect(other.state.location.pathname).toBe('/profile');
  });
});
