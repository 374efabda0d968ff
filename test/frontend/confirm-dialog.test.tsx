// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ConfirmDialog } from '../../frontend/src/components/confirm-dialog/confirm-dialog';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { Locale } from '../../frontend/src/i18n/locale';

/**
 * The one confirmation dialog (frontend/src/components/confirm-dialog): an irreversible action waits for the word of
 * the reader's language, « confirmer » in French (the English word does not count: a French volunteer once had to
 * type "confirm"), "confirm" in English; a reversible one only asks.
 */
afterEach(cleanup);

function renderDialog(locale: Locale, typed: boolean) {
  const onConfirm = vi.fn();
  render(
    <I18nextProvider i18n={createI18n(locale)}>
      <ConfirmDialog visible typed={typed} title="Clore" confirmLabel="Clore la campagne" onConfirm={onConfirm} onDismiss={() => undefined}>
        <p>12 parents n'ont pas répondu.</p>
      </ConfirmDialog>
    </I18nextProvider>,
  );
  const button = () => screen.getByRole('button', { name: 'Clore la campagne' }) as HTMLButtonElement;
  return { onConfirm, button };
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ConfirmDialog', () => {
  it('in French, waits for « confirmer »: "confirm" is not the French word', () => {
    const { onConfirm, button } = renderDialog('fr', true);
    expect(screen.getByText("12 parents n'ont pas répondu.")).toBeTruthy();
    expect(button().disabled).toBe(true);
    type(/tapez « confirmer »/, 'confirm');
    expect(button().disabled).toBe(true);
    type(/tapez « confirmer »/, ' Confirmer ');
    expect(button().disabled).toBe(false);
    fireEvent.click(button());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('in English, waits for "confirm"', () => {
    const { onConfirm, button } = renderDialog('en', true);
    type(/type "confirm"/, 'confirmer');
    expect(button().disabled).toBe(true);
    type(/type "confirm"/, 'confirm');
    fireEvent.click(button());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('only asks for what can be undone: no word to type', () => {
    const { onConfirm, button } = renderDialog('fr', false);
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(button());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
