// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import { RetentionPage } from '../../frontend/src/features/privacy-admin/pages/retention-page';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { createQueryClient } from '../../frontend/src/lib/query/query-client';
import { DEFAULT_RETENTION, emptyCounts } from '@shared/contracts/retention-api';
import { testConfig } from './render-screen';

/** The retention screen (docs/privacy.md, "Retention") against a loopback API: the periods saved, the yearly totals. */
let server: Server;
let url: string;
const puts: unknown[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, headers).end();
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/api/admin/privacy/retention' && req.method === 'PUT') {
        puts.push(JSON.parse(raw));
        return void res.writeHead(200, headers).end(JSON.stringify({ retention: { ...(JSON.parse(raw) as object), version: 1, updatedAt: '2030-06-15T12:00:00.000Z' } }));
      }
      if (req.url === '/api/admin/privacy/retention') return void res.writeHead(200, headers).end(JSON.stringify({ retention: { ...DEFAULT_RETENTION, version: 0 } }));
      if (req.url === '/api/admin/privacy/retention/reports') {
        const years = [{ year: '2030', runs: 3, counts: { ...emptyCounts(), consentEntries: 7 } }];
        return void res.writeHead(200, headers).end(JSON.stringify({ reports: [], years }));
      }
      res.writeHead(404, headers).end('{"error":{"code":"ROUTE_NOT_FOUND"}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => (cleanup(), new Promise<void>((resolve) => server.close(() => resolve()))));

/** The screen in French against the loopback API, with a fresh query cache. */
function renderPage() {
  render(
    <I18nextProvider i18n={createI18n('fr')}>
      <RuntimeConfigProvider config={testConfig(`${url}/api`)}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter>
            <RetentionPage />
          </MemoryRouter>
        </QueryClientProvider>
      </RuntimeConfigProvider>
    </I18nextProvider>,
  );
}

describe('the retention screen', () => {
  it('shows the periods and the yearly totals, and saves at the version read', async () => {
    renderPage();
    // The first API call loads Amplify for its token (lib/api/amplify.ts): allow for that import.
    const departed = await screen.findByLabelText('Parents partis (journal des consentements)', {}, { timeout: 20_000 });
    expect((departed as HTMLInputElement).value).toBe('12');
    await screen.findByText('2030');
    expect(screen.getByText('7')).toBeTruthy();
    // A value out of bounds is said under its field, and the save waits for a good one.
    fireEvent.change(departed, { target: { value: '-3' } });
    expect(screen.getByText('Entrez un nombre entier de 1 à 120.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Sauvegardes de progression'), { target: { value: '4000' } });
    // French groups thousands with a narrow no-break space, which the text matcher reads as a space.
    expect(screen.getByText('Entrez un nombre entier de 1 à 3 650.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Sauvegardes de progression'), { target: { value: '35' } });
    fireEvent.change(departed, { target: { value: '18' } });
    expect(screen.queryByText(/^Entrez un nombre entier/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(puts).toEqual([{ ...DEFAULT_RETENTION, departedMonths: 18, version: 0 }]));
    const saved = await screen.findByText('Durées enregistrées.');
    // Nothing shortened (18 months against 12, 35 days as before): saved without a question.
    // The form is rebuilt at its new version: the focus goes to the confirmation, not back to the page's top.
    await waitFor(() => expect(document.activeElement?.tagName).toBe('DIV'));
    expect(document.activeElement?.contains(saved)).toBe(true);
  });

  // A trial's 12 -> 1 month saved in one click, with nothing said of what the next purge deletes.
  it('asks before a shorter period is saved, naming it; cancelled, nothing is written', async () => {
    cleanup();
    puts.length = 0;
    renderPage();
    const departed = await screen.findByLabelText('Parents partis (journal des consentements)', {}, { timeout: 20_000 });
    fireEvent.change(departed, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Durées raccourcies\u00a0: Parents partis (journal des consentements).');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(puts).toEqual([{ ...DEFAULT_RETENTION, departedMonths: 1, version: 0 }]));
  });
});