// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { Committee } from '@shared/schemas/committee';
import { CommitteePanel } from '../../frontend/src/features/admin-committees/components/committee-panel';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { CommitteeRow } from '../../frontend/src/lib/committees/committee-rows';

/**
 * A committee's "open to sign-ups" switch (frontend/src/features/admin-committees/components/committee-panel.tsx):
 * it shows the administrator's choice from the click until the save settles, then the committee as read again.
 */
afterEach(cleanup);

const COMMITTEE: Committee = {
  id: 'c1',
  version: 1,
  createdAt: '2026-09-01T00:00:00.000Z',
  updatedAt: '2026-09-01T00:00:00.000Z',
  name: { fr: 'Comité de la bibliothèque', en: 'Library committee' },
  kind: 'volunteer',
  otherMembers: [],
  openToSignUps: false,
};
const row = (open: boolean): CommitteeRow => ({ committee: { ...COMMITTEE, openToSignUps: open }, open, seats: [] });

function renderPanel(locale: 'fr' | 'en' = 'fr') {
  const saves: { open: boolean; settled: () => void }[] = [];
  const i18n = createI18n(locale);
  const view = (open: boolean, saving: boolean) => (
    <I18nextProvider i18n={i18n}>
      <CommitteePanel row={row(open)} saving={saving} onToggle={(wanted, settled) => saves.push({ open: wanted, settled })} />
    </I18nextProvider>
  );
  const { rerender } = render(view(false, false));
  const toggle = () => screen.getByRole('checkbox') as HTMLInputElement;
  return { saves, toggle, rerender: (open: boolean, saving: boolean) => rerender(view(open, saving)) };
}

describe("a committee's sign-up switch", () => {
  it('turns at the click and stays turned while saving, then shows the committee as read again', () => {
    const { saves, toggle, rerender } = renderPanel();
    expect(toggle().checked).toBe(false);
    fireEvent.click(toggle());
    expect(saves.map((save) => save.open)).toEqual([true]);
    expect(toggle().checked).toBe(true);
    rerender(false, true);
    expect(toggle().checked).toBe(true);
    // Saved and read again: open.
    rerender(true, false);
    act(() => saves[0]!.settled());
    expect(toggle().checked).toBe(true);
  });

  it('goes back to the saved position when the save fails', () => {
    const { saves, toggle, rerender } = renderPanel();
    fireEvent.click(toggle());
    rerender(false, true);
    expect(toggle().checked).toBe(true);
    rerender(false, false);
    act(() => saves[0]!.settled());
    expect(toggle().checked).toBe(false);
  });
});

// Its label read « Inscriptions des parents ouvertes » while it was off: the label names the setting, the switch
// (checked or not, as a screen reader says it) and the status line below it say whether it is on.
describe("the sign-up switch's label", () => {
  it.each([
    ['fr', 'Accepter les inscriptions des parents — Comité de la bibliothèque', "N'accepte pas d'inscriptions", 'Accepte les inscriptions'],
    ['en', "Take parents' sign-ups — Library committee", 'Takes no sign-ups', 'Takes sign-ups'],
  ] as const)('%s: names the setting and its committee in both states, the state shown by the switch and the status', (locale, label, off, on) => {
    const { toggle, rerender } = renderPanel(locale);
    expect((screen.getByRole('checkbox', { name: label }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(off)).toBeTruthy();
    rerender(true, false);
    expect((screen.getByRole('checkbox', { name: label }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(on)).toBeTruthy();
    // The one switch on the panel, named by the setting and the committee (ten switches on the page, one per
    // committee: a trial heard ten « Accepter les inscriptions des parents »); its description says what it allows.
    expect(toggle()).toBe(screen.getByRole('checkbox', { name: label }));
  });
});
