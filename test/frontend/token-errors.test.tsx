// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { PrivacyRequestForm } from '../../frontend/src/components/privacy/privacy-request-form';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { ApiError } from '../../frontend/src/lib/api/api-client';
import fr from '../../frontend/src/i18n/fr.json';
import en from '../../frontend/src/i18n/en.json';

/**
 * TOKEN_INVALID and TOKEN_EXPIRED come from four kinds of link: the parent's and the staff member's update links, the
 * account recovery link and a message's unsubscribe link (lambdas/annual-update, account-recovery, messages). The
 * catalogue's sentences (`errors.TOKEN_*`, the fallback of any screen) once spoke of « ce lien de mise à jour »; they
 * now name no kind of link. The screens that know which link it is keep their own words: the update and staff pages
 * (`updateForm.messages`, `staffUpdate.messages`: link-page-status.test.tsx), the recovery page
 * (`accountRecovery.errors`), the unsubscribe page (unsubscribe-page.test.tsx) and, below, the privacy request
 * filed with the update link.
 */
afterEach(cleanup);

describe("the catalogue's link sentences", () => {
  it.each([
    ['fr', fr.errors, /mise à jour|désabonnement|compte/i],
    ['en', en.errors, /update|unsubscribe|account/i],
  ] as const)('%s: say "this link", whichever link it was', (_lang, errors, specific) => {
    for (const code of ['TOKEN_INVALID', 'TOKEN_EXPIRED'] as const) expect(errors[code]).not.toMatch(specific);
  });
});

describe('a privacy request filed with an update link that no longer works', () => {
  it.each([
    ['fr', 'TOKEN_EXPIRED', 'Faire une demande', 'Votre demande', 'Envoyer la demande', "Ce lien de mise à jour est expiré. Communiquez avec le secrétariat de l'école pour obtenir de l'aide."],
    ['en', 'TOKEN_INVALID', 'Make a privacy request', 'Your request', 'Send the request', 'This update link is invalid or has expired. Check that the link is complete, or contact the school office for a new one.'],
  ] as const)('%s: %s names the update link', async (lang, code, open, details, submit, sentence) => {
    render(
      <I18nextProvider i18n={createI18n(lang)}>
        <PrivacyRequestForm submit={() => Promise.reject(new ApiError(code === 'TOKEN_EXPIRED' ? 410 : 404, code))} />
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: open }));
    fireEvent.click(screen.getAllByRole('radio')[0]!);
    fireEvent.change(screen.getByLabelText(details, { exact: false }), { target: { value: 'Mes données, svp.' } });
    fireEvent.click(screen.getByRole('button', { name: submit }));
    expect(await screen.findByText(sentence)).toBeTruthy();
  });
});

describe('the type of a privacy request', () => {
  it.each([
    ['fr', 'Faire une demande', 'Votre demande', 'Envoyer la demande', 'Choisissez le type de demande.', 'Correction de mes renseignements'],
    ['en', 'Make a privacy request', 'Your request', 'Send the request', 'Choose the type of request.', 'Correction of my information'],
  ] as const)('%s: none is chosen for the parent; sending without one says so and sends nothing, then the chosen one goes', async (lang, open, details, submit, required, correction) => {
    const sent: unknown[] = [];
    render(
      <I18nextProvider i18n={createI18n(lang)}>
        <PrivacyRequestForm submit={(request) => (sent.push(request), Promise.reject(new ApiError(503, 'UNAVAILABLE')))} />
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: open }));
    expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toEqual([]);
    fireEvent.change(screen.getByLabelText(details, { exact: false }), { target: { value: 'Mon adresse a changé.' } });
    fireEvent.click(screen.getByRole('button', { name: submit }));
    expect(await screen.findByText(required)).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: correction }));
    fireEvent.click(screen.getByRole('button', { name: submit }));
    await waitFor(() => expect(sent).toEqual([{ kind: 'correction', details: 'Mon adresse a changé.' }]));
    expect(screen.queryByText(required)).toBeNull();
  });
});
