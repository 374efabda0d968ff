// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { PrivacyRequestReceipt } from '@shared/contracts/privacy-requests-api';
import { PrivacyRequestForm } from '../../frontend/src/components/privacy/privacy-request-form';
import { createI18n } from '../../frontend/src/i18n/i18n';

/**
 * The privacy request form keeps the keyboard's place (a trial: the focus fell back to the top of the page when the
 * form opened and when it was sent, and stayed on « Envoyer la demande » when nothing was filled in): the first choice
 * as it opens, what to fix on a refused send, the receipt once filed, the opening button after Cancel.
 */
afterEach(cleanup);

const TEXT = {
  fr: { open: 'Faire une demande', send: 'Envoyer la demande', cancel: 'Annuler', access: 'Accès à mes renseignements', details: 'Votre demande' },
  en: { open: 'Make a privacy request', send: 'Send the request', cancel: 'Cancel', access: 'Access to my information', details: 'Your request' },
} as const;
const RECEIPT = { id: '01JABCDEFGHJKMNPQRSTVW0001', receivedAt: '2026-11-30T12:00:00.000Z', dueAt: '2026-12-30T12:00:00.000Z' } as unknown as PrivacyRequestReceipt;

describe('the privacy request form and the focus', () => {
  it.each(['fr', 'en'] as const)('%s: opens on its first choice, points at what to fix, then at the receipt; Cancel returns to its button', async (locale) => {
    const text = TEXT[locale];
    render(
      <I18nextProvider i18n={createI18n(locale)}>
        <PrivacyRequestForm submit={() => Promise.resolve(RECEIPT)} />
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: text.open }));
    expect(document.activeElement).toBe(screen.getAllByRole('radio')[0]);

    fireEvent.click(screen.getByRole('button', { name: text.send }));
    expect(document.activeElement).toBe(screen.getAllByRole('radio')[0]);
    fireEvent.click(screen.getByRole('radio', { name: text.access }));
    fireEvent.click(screen.getByRole('button', { name: text.send }));
    expect(document.activeElement).toBe(screen.getByLabelText(text.details, { exact: false }));

    fireEvent.change(screen.getByLabelText(text.details, { exact: false }), { target: { value: 'Une copie de mes renseignements.' } });
    fireEvent.click(screen.getByRole('button', { name: text.send }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('privacy-request-receipt')));

    fireEvent.click(screen.getByRole('button', { name: text.open }));
    fireEvent.click(screen.getByRole('button', { name: text.cancel }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: text.open })));
  });
});

// A trial's withdrawal got a 30-day deadline while « Nom seulement » in the profile is immediate, unsaid.
describe('the withdrawal choice', () => {
  it.each([
    ['fr', 'Faire une demande', 'choisissez «\u00a0Nom seulement (retrait)\u00a0» dans votre profil'],
    ['en', 'Make a privacy request', 'choose "Name only (opt out)" in your profile'],
  ] as const)('%s: says the immediate way beside it', (locale, open, said) => {
    render(
      <I18nextProvider i18n={createI18n(locale)}>
        <PrivacyRequestForm submit={() => Promise.resolve(RECEIPT)} />
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: open }));
    expect(document.body.textContent).toContain(said);
  });
});
