// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { z } from 'zod';
import { QueryState } from '../../frontend/src/components/query-state/query-state';
import { apiRequest } from '../../frontend/src/lib/api/api-client';
import { createQueryClient } from '../../frontend/src/lib/query/query-client';
import { useApiMutation } from '../../frontend/src/lib/query/use-api-mutation';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { loopbackApiPerFile } from './loopback-api';

/**
 * The server-state standard (docs/frontend.md, "Server state") against a loopback API: the one loading and error
 * display, and a write that makes the reads it changed ask the server again (the stale-copy bug: a phone saved on
 * one page and the old number on the next).
 */
const PhoneSchema = z.object({ phone: z.string() });
const { answers, config } = loopbackApiPerFile();

function usePhone() {
  return useQuery({ queryKey: ['me', 'phone'], queryFn: () => apiRequest(config().apiBaseUrl, '/me/phone', PhoneSchema) });
}

/** A page that shows the phone through QueryState. */
function PhonePage() {
  const phone = usePhone();
  return <QueryState query={phone}>{(data) => <p>Téléphone {data.phone}</p>}</QueryState>;
}

/** A form that saves a phone; its write names the reads it changes. */
function PhoneForm() {
  const save = useApiMutation<unknown, string>({
    mutationFn: (phone) => apiRequest(config().apiBaseUrl, '/me/phone/save', z.unknown(), { method: 'PUT', body: { phone } }),
    invalidates: [['me']],
  });
  return <button onClick={() => save.mutate('514 555-0199')}>Enregistrer</button>;
}

function renderWith(children: React.ReactNode, client = createQueryClient()) {
  render(
    <I18nextProvider i18n={createI18n('fr')}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </I18nextProvider>,
  );
  return client;
}

describe('QueryState', () => {
  it('says it is loading, then shows the data', async () => {
    answers['/api/me/phone'] = { phone: '514 555-0100' };
    renderWith(<PhonePage />);
    // In a live region, which then says the error or gives way to the data (a trial's screen reader heard nothing).
    expect(screen.getByText('Chargement…').closest('[role="status"]')).not.toBeNull();
    await screen.findByText('Téléphone 514 555-0100', {}, { timeout: 20_000 });
  });

  it("shows a refused read as the code's sentence with Réessayer, which asks again", async () => {
    renderWith(<PhonePage />);
    // Nothing answers the path yet: 404 ROUTE_NOT_FOUND, said with its own sentence.
    await screen.findByRole('button', { name: 'Réessayer' }, { timeout: 20_000 });
    expect(screen.getByRole('button', { name: 'Réessayer' }).closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText(/Téléphone/)).toBeNull();
    answers['/api/me/phone'] = { phone: '514 555-0100' };
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await screen.findByText('Téléphone 514 555-0100');
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
  });

  it('shows a read that does not reach the server with the generic sentence', async () => {
    function Unreachable() {
      const query = useQuery({ queryKey: ['x'], queryFn: () => apiRequest('http://127.0.0.1:9/api', '/x', PhoneSchema) });
      return <QueryState query={query}>{() => null}</QueryState>;
    }
    renderWith(<Unreachable />);
    await screen.findByText(/Impossible de charger ces renseignements pour le moment/, {}, { timeout: 20_000 });
  });
});

describe('a write through useApiMutation', () => {
  it('makes the reads it names ask the server again: the saved phone shows, here and on the next page', async () => {
    answers['/api/me/phone'] = { phone: '514 555-0100' };
    answers['/api/me/phone/save'] = {};
    const client = renderWith(
      <>
        <PhonePage />
        <PhoneForm />
      </>,
    );
    await screen.findByText('Téléphone 514 555-0100', {}, { timeout: 20_000 });
    // The server now holds the new number (as the PUT would have stored it).
    answers['/api/me/phone'] = { phone: '514 555-0199' };
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText('Téléphone 514 555-0199');
    cleanup();

    // The next page, with the same cache: the new number, never the old one, even before its own read lands.
    answers['/api/me/phone'] = { phone: '514 555-0199' };
    renderWith(<PhonePage />, client);
    expect(screen.queryByText('Téléphone 514 555-0100')).toBeNull();
    expect(screen.getByText('Téléphone 514 555-0199')).toBeTruthy();
  });

  it('marks the named reads stale even when no screen shows them, so the next screen asks the server', async () => {
    answers['/api/me/phone'] = { phone: '514 555-0100' };
    answers['/api/me/phone/save'] = {};
    const client = renderWith(<PhonePage />);
    await screen.findByText('Téléphone 514 555-0100', {}, { timeout: 20_000 });
    cleanup();
    renderWith(<PhoneForm />, client);
    answers['/api/me/phone'] = { phone: '514 555-0199' };
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await expect.poll(() => client.getQueryState(['me', 'phone'])?.isInvalidated).toBe(true);
    cleanup();
    renderWith(<PhonePage />, client);
    await screen.findByText('Téléphone 514 555-0199');
  });
});
