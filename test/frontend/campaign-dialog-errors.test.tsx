// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import { useCampaignActions, type useAnnualUpdate } from '../../frontend/src/features/annual-update/hooks/use-annual-update';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { createQueryClient } from '../../frontend/src/lib/query/query-client';
import { loopbackApiPerFile, refusal } from './loopback-api';

/**
 * A campaign action that fails is said in its dialog, which stays open with what was typed: said on the page, the
 * message was hidden under the dialog and the press seemed to do nothing (a new user's trial: starting again the
 * year of a closed campaign).
 */
const api = loopbackApiPerFile();

/** The providers the campaign's actions need, in `lang`, against this file's loopback API. */
const providers = (lang: 'fr' | 'en') =>
  function Providers({ children }: { children: ReactNode }) {
    return (
      <I18nextProvider i18n={createI18n(lang)}>
        <RuntimeConfigProvider config={api.config()}>
          <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
        </RuntimeConfigProvider>
      </I18nextProvider>
    );
  };

describe('a campaign dialog whose action fails', () => {
  it.each([
    ['fr', 'La campagne de cette année scolaire existe déjà'],
    ['en', "This school year's campaign already exists and is closed."],
  ] as const)('keeps the dialog open and says why in it (%s)', async (lang, expected) => {
    api.answers['/api/admin/annual-update/campaigns'] = refusal(409, 'CAMPAIGN_EXISTS');
    const wrapper = providers(lang);
    const say = vi.fn();
    const data = { campaign: undefined, say } as unknown as ReturnType<typeof useAnnualUpdate>;
    const { result } = renderHook(() => useCampaignActions(data), { wrapper });
    act(() => result.current.setModal('start'));
    await act(() => result.current.start({ schoolYear: '2026-2027' }));
    expect(result.current.modal).toBe('start');
    expect(result.current.failure).toContain(expected);
    expect(say).not.toHaveBeenCalled();
    // Opening a dialog again starts without the old message.
    act(() => result.current.setModal(null));
    act(() => result.current.setModal('start'));
    expect(result.current.failure).toBeUndefined();
  });

  it.each(['fr', 'en'] as const)('(%s) an error belongs to its attempt: an answer after the dialog was closed is not said when it opens again', async (lang) => {
    api.answers['/api/admin/annual-update/campaigns'] = refusal(409, 'CAMPAIGN_ACTIVE');
    const wrapper = providers(lang);
    const data = { campaign: undefined, say: vi.fn() } as unknown as ReturnType<typeof useAnnualUpdate>;
    const { result } = renderHook(() => useCampaignActions(data), { wrapper });
    act(() => result.current.setModal('start'));
    // Start pressed, then the dialog closed and opened again while the server answers (a conflict).
    let pending!: Promise<unknown>;
    act(() => {
      pending = result.current.start({ schoolYear: '2026-2027' });
    });
    act(() => result.current.setModal(null));
    act(() => result.current.setModal('start'));
    await act(() => pending);
    expect(result.current.modal).toBe('start');
    expect(result.current.failure).toBeUndefined();
    // A new attempt in this opening fails: its own error is said.
    await act(() => result.current.start({ schoolYear: '2026-2027' }));
    expect(result.current.failure).toBeTruthy();
    act(() => result.current.setModal(null));
    expect(result.current.failure).toBeUndefined();
  });

  // A page left open while the campaign was closed elsewhere: « modifiés entre-temps » said nothing of it (a trial's).
  it.each([
    ['fr', 'Cette campagne a été fermée entre-temps'],
    ['en', 'This campaign was closed meanwhile'],
  ] as const)('says the campaign was closed meanwhile when its deadline or reminders are saved (%s)', async (lang, expected) => {
    const campaignId = '01JABCDEFGHJKMNPQRSTVW9999';
    api.answers[`/api/admin/annual-update/campaigns/${campaignId}/reminders`] = {
      ...(refusal(409, 'CONFLICT') as object),
      error: { code: 'CONFLICT', fields: [{ path: 'campaign', issue: 'not_active' }] },
    };
    const data = { campaign: { id: campaignId }, say: vi.fn() } as unknown as ReturnType<typeof useAnnualUpdate>;
    const { result } = renderHook(() => useCampaignActions(data), { wrapper: providers(lang) });
    act(() => result.current.setModal('reminders'));
    await act(() => result.current.saveReminders({ reminderDays: [7] }));
    expect(result.current.failure).toContain(expected);
  });
});
