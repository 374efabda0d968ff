// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { MyPrivacyRequest } from '@shared/contracts/privacy-requests-api';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import { profileKeys } from '../../frontend/src/features/profile/api/profile-queries';
import { ProfilePrivacyRequest } from '../../frontend/src/features/profile/components/profile-privacy-request';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { createQueryClient } from '../../frontend/src/lib/query/query-client';
import { startHandlerApi, type LoopbackApi } from './loopback-api';

/**
 * My Profile lists the parent's own privacy requests and where each stands (docs/privacy.md, "Following it"): a
 * trial's parent filed one, reloaded, and found no trace of it (and a parent at the limit of five open requests could
 * not see which were open). A request filed from the form shows in the list at once.
 */
const PARENT = '01JABCDEFGHJKMNPQRSTVWXYZ0';
const ANSWERED: MyPrivacyRequest = {
  reference: 'QRSTVW01', kind: 'access', status: 'answered',
  receivedAt: '2026-11-02T15:00:00.000Z', dueAt: '2026-12-02T15:00:00.000Z', answeredAt: '2026-11-20T15:00:00.000Z',
};
const FILED: MyPrivacyRequest = { reference: 'CJW7QN8G', kind: 'correction', status: 'received', receivedAt: '2026-11-30T15:00:00.000Z', dueAt: '2026-12-30T15:00:00.000Z' };

let mine: MyPrivacyRequest[];
let api: LoopbackApi;
beforeAll(async () => {
  api = await startHandlerApi(({ method, url }) => {
    if (url !== '/api/privacy-requests') return undefined;
    if (method === 'GET') return { status: 200, body: { requests: mine } };
    mine = [FILED, ...mine];
    return { status: 201, body: { id: `01JABCDEFGHJKMNP${FILED.reference}00`.slice(0, 26), status: 'received', receivedAt: FILED.receivedAt, dueAt: FILED.dueAt } };
  });
});
beforeEach(() => (mine = [ANSWERED]));
afterEach(cleanup);
afterAll(() => api.close());

function renderOn(locale: 'fr' | 'en') {
  const client = createQueryClient();
  render(
    <I18nextProvider i18n={createI18n(locale)}>
      <RuntimeConfigProvider config={api.config}>
        <QueryClientProvider client={client}>
          <ProfilePrivacyRequest parentId={PARENT} />
        </QueryClientProvider>
      </RuntimeConfigProvider>
    </I18nextProvider>,
  );
  return client;
}

describe("My Profile's privacy requests", () => {
  it.each([
    ['fr', 'Vos demandes', 'Accès à mes renseignements (référence QRSTVW01), reçue le 2 novembre 2026', 'Répondue le 20 novembre 2026\u00a0: la réponse vous a été envoyée par courriel.',
      'Faire une demande', 'Correction de mes renseignements', 'Votre demande', 'Envoyer la demande',
      'Correction de mes renseignements (référence CJW7QN8G), reçue le 30 novembre 2026', 'Reçue\u00a0: réponse au plus tard le 30 décembre 2026'],
    ['en', 'Your requests', 'Access to my information (reference QRSTVW01), received on November 2, 2026', 'Answered on November 20, 2026: the answer was emailed to you.',
      'Make a privacy request', 'Correction of my information', 'Your request', 'Send the request',
      'Correction of my information (reference CJW7QN8G), received on November 30, 2026', 'Received: answer due by December 30, 2026'],
  ] as const)('%s: lists those filed and where each stands, and a new one at once', async (locale, title, answeredLine, answeredStatus, open, kind, details, send, filedLine, filedStatus) => {
    renderOn(locale);
    const list = await screen.findByTestId('my-privacy-requests', {}, { timeout: 20_000 });
    expect(screen.getByText(title)).toBeTruthy();
    expect(list.textContent).toContain(answeredLine);
    expect(list.textContent).toContain(answeredStatus);

    fireEvent.click(screen.getByRole('button', { name: open }));
    fireEvent.click(screen.getByRole('radio', { name: kind }));
    fireEvent.change(screen.getByLabelText(details), { target: { value: "Mon adresse n'est plus la bonne." } });
    fireEvent.click(screen.getByRole('button', { name: send }));
    await waitFor(() => expect(within(screen.getByTestId('my-privacy-requests')).getAllByRole('listitem')).toHaveLength(2));
    const [newest] = within(screen.getByTestId('my-privacy-requests')).getAllByRole('listitem');
    expect(newest!.textContent).toContain(filedLine);
    expect(newest!.textContent).toContain(filedStatus);
  });

  it('shows no list before the first request', async () => {
    mine = [];
    const client = renderOn('fr');
    await waitFor(() => expect(client.getQueryState(profileKeys.privacyRequests)?.status).toBe('success'));
    expect(screen.getByRole('button', { name: 'Faire une demande' })).toBeTruthy();
    expect(screen.queryByTestId('my-privacy-requests')).toBeNull();
  });
});
