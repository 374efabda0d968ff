// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import type { CarpoolResponse } from '@shared/contracts/carpool-api';
import { CarpoolChoice } from '../../frontend/src/components/carpool/carpool-choice';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { createQueryClient } from '../../frontend/src/lib/query/query-client';
import { startLoopbackApi, type LoopbackApi } from './loopback-api';

/**
 * « Trouver des familles près de chez moi » (frontend/src/components/carpool/carpool-choice.tsx) against a loopback
 * API: the switch shows the choice in the click's own render, and keeps it through the save and the refetch.
 */
const OFF: CarpoolResponse = { optedIn: false, fsa: 'H2X', neighbours: [], quota: { limit: 5, used: 0, days: 7 } };
const answers: Record<string, unknown> = { '/api/me/carpool': OFF };
let api: LoopbackApi;
beforeAll(async () => {
  api = await startLoopbackApi(answers);
});
afterEach(cleanup);
afterAll(() => api.close());

describe('the families-near-me switch', () => {
  it('turns on at the click, stays on through the save, and says it is on', async () => {
    render(
      <I18nextProvider i18n={createI18n('fr')}>
        <RuntimeConfigProvider config={api.config}>
          <QueryClientProvider client={createQueryClient()}>
            <MemoryRouter>
              <CarpoolChoice />
            </MemoryRouter>
          </QueryClientProvider>
        </RuntimeConfigProvider>
      </I18nextProvider>,
    );
    const toggle = await screen.findByRole('checkbox', { name: 'Trouver des familles près de chez moi' }, { timeout: 20_000 });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    // What the server answers once the choice is saved (the PUT and the refetch that follows it).
    answers['/api/me/carpool'] = { ...OFF, optedIn: true };

    toggle.focus();
    fireEvent.click(toggle);
    // In the click's own render: before the save's pending state, which TanStack Query reports a task later.
    expect((toggle as HTMLInputElement).checked).toBe(true);
    // While it saves, the switch stays enabled and keeps the keyboard's focus (disabled, it dropped it to the page).
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((toggle as HTMLInputElement).disabled).toBe(false);

    await screen.findByText(/C'est activé/, {}, { timeout: 20_000 });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Trouver des familles près de chez moi' })).toBe(toggle);
    expect(document.activeElement).toBe(toggle);
  });
});
