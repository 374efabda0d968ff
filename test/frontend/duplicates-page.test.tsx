// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import { DuplicatesPage } from '../../frontend/src/features/duplicates/pages/duplicates-page';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { createQueryClient } from '../../frontend/src/lib/query/query-client';
import type { Locale } from '../../frontend/src/i18n/locale';
import type { DuplicatesResponse } from '@shared/contracts/duplicates-api';
import { startHandlerApi, startLoopbackApi, type LoopbackApi } from './loopback-api';

/** The duplicates screen's list of recent merges (docs/product-rules.md, "Duplicates") against a loopback API. */

// Local times, so the dates read the same in any time zone the tests run in.
const at = new Date(2026, 10, 27, 9, 58).toISOString();
const undoUntil = new Date(2026, 11, 27, 9, 58).toISOString();
const LIST: DuplicatesResponse = {
  pairs: [],
  merges: [
    { id: '01JD0000000000000000000001', at, undoUntil, keepId: '01JD0000000000000000000002', otherId: '01JD0000000000000000000003', keepName: 'Luc Tran', otherName: 'Émilie Tran' },
  ],
};

let api: LoopbackApi;
beforeAll(async () => {
  api = await startLoopbackApi({ '/api/admin/duplicates': LIST });
});
afterEach(cleanup);
afterAll(() => api.close());

function renderPage(locale: Locale, config = api.config) {
  render(
    <I18nextProvider i18n={createI18n(locale)}>
      <RuntimeConfigProvider config={config}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter>
            <DuplicatesPage />
          </MemoryRouter>
        </QueryClientProvider>
      </RuntimeConfigProvider>
    </I18nextProvider>,
  );
}

describe('the recent merges', () => {
  it('names both records whatever their gender or first letter, with numeric dates (fr)', async () => {
    renderPage('fr');
    // The first API call loads Amplify for its token (lib/api/amplify.ts): allow for that import.
    await screen.findByText("Fiche d'Émilie Tran fusionnée dans celle de Luc Tran", {}, { timeout: 20_000 });
    expect(screen.getByText('2026-11-27')).toBeTruthy();
    expect(screen.getByText('2026-12-27')).toBeTruthy();
    expect(screen.getByRole('button', { name: "Annuler la fusion d'Émilie Tran dans Luc Tran" })).toBeTruthy();
  });

  it('says the same in English, with the same dates', async () => {
    renderPage('en');
    await screen.findByText('Record of Émilie Tran merged into that of Luc Tran', {}, { timeout: 20_000 });
    expect(screen.getByText('2026-11-27')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Undo merge of Émilie Tran into Luc Tran' })).toBeTruthy();
  });
});

// A double tap on « Undo merge »: the second call met the merge already undone (409) and said the undo had failed.
describe('undoing a merge', () => {
  it('sends one undo for a double tap and says it is undone', async () => {
    let undos = 0;
    let undone = false;
    const server = await startHandlerApi(({ method, url }) => {
      if (url === '/api/admin/duplicates') {
        return { status: 200, body: { ...LIST, merges: LIST.merges.map((m) => (undone ? { ...m, undoneAt: at } : m)) } };
      }
      if (method === 'POST' && url.endsWith('/undo')) {
        undos++;
        if (undone) return { status: 409, body: { error: { code: 'CONFLICT' } } };
        undone = true;
        return { status: 200, body: { merge: { ...LIST.merges[0], undoneAt: at } } };
      }
      return undefined;
    });
    try {
      renderPage('en', server.config);
      const button = await screen.findByRole('button', { name: 'Undo merge of Émilie Tran into Luc Tran' }, { timeout: 20_000 });
      fireEvent.click(button);
      fireEvent.click(button);
      await screen.findByText('Merge undone: Émilie Tran and Luc Tran are two records again.', undefined, { timeout: 10_000 });
      expect(undos).toBe(1);
      expect(document.body.textContent).not.toContain('Nothing was changed');
    } finally {
      server.close();
    }
  });
});
