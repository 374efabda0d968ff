// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import { SchoolSettingsPage } from '../../frontend/src/features/admin-settings/pages/school-settings-page';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { Locale } from '../../frontend/src/i18n/locale';
import { createQueryClient } from '../../frontend/src/lib/query/query-client';
import { defaultSettings } from '../../lambdas/admin/import/default-settings';
import type { SettingsUpdate } from '@shared/contracts/school-settings-api';
import { SCHOOL_NAME_MAX_LENGTH } from '@shared/schemas/settings';
import { FIXTURE } from './directory-fixture';
import { testConfig } from './render-screen';

/**
 * The school settings screen (docs/data-onboarding.md, "School settings") against a loopback API: the browser
 * checks the fields with the server's own rules (shared/rules/school-settings-form.ts) before sending anything.
 */
let server: Server;
let url: string;
const puts: SettingsUpdate[] = [];
const stored = { ...defaultSettings(new Date('2026-09-01T12:00:00Z'), 'École des Érables'), version: 4 };

beforeAll(async () => {
  server = createServer((req, res) => {
    const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, headers).end();
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      // The directory the app keeps: its classes and students hold G1, G2 and G3 (3, 2 and 3 of them).
      if (req.url === '/api/directory') return void res.writeHead(200, headers).end(JSON.stringify(FIXTURE));
      if (req.url !== '/api/admin/settings') return void res.writeHead(404, headers).end('{"error":{"code":"ROUTE_NOT_FOUND"}}');
      if (req.method === 'PUT') {
        const update = JSON.parse(raw) as SettingsUpdate;
        puts.push(update);
        return void res.writeHead(200, headers).end(JSON.stringify({ settings: { ...stored, schoolName: update.schoolName, version: 5 }, stored: true }));
      }
      res.writeHead(200, headers).end(JSON.stringify({ settings: stored, stored: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  cleanup();
  puts.length = 0;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function renderPage(locale: Locale) {
  const config = testConfig(`${url}/api`);
  // A data router: the page holds unsaved changes with useBlocker.
  const router = createMemoryRouter([{ path: '/admin/settings', element: <SchoolSettingsPage /> }], { initialEntries: ['/admin/settings'] });
  render(
    <I18nextProvider i18n={createI18n(locale)}>
      <RuntimeConfigProvider config={config}>
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </RuntimeConfigProvider>
    </I18nextProvider>,
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the school settings screen', () => {
  it('checks the fields in the browser: errors under each field, the focus on the first, nothing sent, nothing lost', async () => {
    renderPage('fr');
    // The first API call loads Amplify for its token (lib/api/amplify.ts): allow for that import.
    const name = (await screen.findByLabelText("Nom de l'école", {}, { timeout: 20_000 })) as HTMLInputElement;
    expect(name.value).toBe('École des Érables');
    expect(screen.getByText(`Au plus ${SCHOOL_NAME_MAX_LENGTH} caractères.`)).toBeTruthy();
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.change(input('Téléphone'), { target: { value: '514-ECOLE-00' } });
    fireEvent.change(input('Année scolaire'), { target: { value: '2025' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));

    // The import's sentences (shared/rules/import-issues.ts), each under its field; the alert in plain words.
    expect(await screen.findByText("Valeur obligatoire manquante : Nom de l'école.")).toBeTruthy();
    expect(screen.getByText('Téléphone invalide : « 514-ECOLE-00 » (10 chiffres, p. ex. 514 555-1234).')).toBeTruthy();
    expect(screen.getByText('Année scolaire invalide : « 2025 » (deux années qui se suivent, p. ex. 2025-2026).')).toBeTruthy();
    expect(screen.getByText(/^Certains renseignements sont à corriger/)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(input("Nom de l'école")));
    expect([input("Nom de l'école").value, input('Téléphone').value, input('Année scolaire').value]).toEqual(['', '514-ECOLE-00', '2025']);

    // A name longer than the limit is refused the same way; a corrected field loses its message at once.
    fireEvent.change(input("Nom de l'école"), { target: { value: 'É'.repeat(SCHOOL_NAME_MAX_LENGTH + 1) } });
    expect(screen.queryByText("Valeur obligatoire manquante : Nom de l'école.")).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les paramètres' }));
    expect(await screen.findByText(`Nom de l'école : au plus ${SCHOOL_NAME_MAX_LENGTH} caractères.`)).toBeTruthy();
    expect(puts).toEqual([]);
  });

  it('says the same in English, and sends the form once it is right', async () => {
    renderPage('en');
    const name = (await screen.findByLabelText('School name', {}, { timeout: 20_000 })) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'x'.repeat(SCHOOL_NAME_MAX_LENGTH + 1) } });
    fireEvent.change(input('Postal code'), { target: { value: 'H2X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(`School name: at most ${SCHOOL_NAME_MAX_LENGTH} characters.`)).toBeTruthy();
    expect(screen.getByText('Invalid postal code: "H2X" (e.g. H2X 1Y4).')).toBeTruthy();
    // An address goes whole: street and city are asked for too.
    expect(screen.getByText(/^Incomplete address: Street address is missing/)).toBeTruthy();
    expect(screen.getByText(/^Some information needs fixing/)).toBeTruthy();
    expect(puts).toEqual([]);

    fireEvent.change(input('School name'), { target: { value: 'École des Érables – pavillon du Ruisseau' } });
    fireEvent.change(input('Postal code'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ schoolName: 'École des Érables – pavillon du Ruisseau', postalCode: '', version: 4 });
    await screen.findByText('School settings saved. The home page shows them already.');
  });

  it.each([
    // G1 and G3: one class and two students each; G2: one class and one student. Each kind counted apart.
    ['fr', 'Retirer', 'Attribué à 1 classe et 2 élèves\u00a0: ce niveau ne peut pas être retiré.', 'Attribué à 1 classe et 1 élève\u00a0: ce niveau ne peut pas être retiré.'],
    ['en', 'Remove', 'Held by 1 class and 2 students: this level cannot be removed.', 'Held by 1 class and 1 student: this level cannot be removed.'],
  ] as const)('%s: does not offer to remove a level classes or students still hold, and says why', async (locale, remove, three, two) => {
    renderPage(locale);
    const removes = () => screen.getAllByRole('button', { name: remove });
    // G1 to G6; the directory's classes and students hold G1, G2 and G3.
    await waitFor(() => expect(removes().map((b) => b.getAttribute('aria-disabled') === 'true')).toEqual([true, true, true, false, false, false]), { timeout: 20_000 });
    // The reason, under the level's code (what a phone shows) and as the button's description (getByText reads a
    // no-break space as a space).
    const shown = (text: string) => screen.getAllByText(text.replace(/\u00a0/g, ' ')).filter((el) => !el.closest('[hidden]')).length;
    expect(shown(three)).toBeGreaterThanOrEqual(2);
    expect(shown(two)).toBeGreaterThanOrEqual(1);
    const described = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(described(removes()[0]!)).toBe(three);
    // A level nobody holds still goes.
    fireEvent.click(removes()[5]!);
    await waitFor(() => expect(removes()).toHaveLength(5));
    expect(removes().map((b) => b.getAttribute('aria-disabled') === 'true')).toEqual([true, true, true, false, false]);
  });
});
