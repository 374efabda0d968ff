// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import { HandoverForm } from '../../frontend/src/features/admin-settings/components/handover-form';
import { RolesTable } from '../../frontend/src/features/admin-settings/components/roles-table';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { createQueryClient } from '../../frontend/src/lib/query/query-client';
import type { RoleView } from '@shared/contracts/admin-roles-api';
import { addDays } from '@shared/rules/school-calendar';
import { startHandlerApi, type LoopbackApi } from './loopback-api';
import { schoolYearOf } from '@shared/rules/school-calendar';
import { windowWidthPerTest } from './window-width';

/**
 * The handover form's days (docs/operations.md, "Handing over"): typed as typed, an impossible day said under the
 * field, a first day before today refused on the screen and, when the server refuses it, its answer said there too;
 * and the roles table's end of a role ended at once.
 */
let api: LoopbackApi;
const posts: unknown[] = [];
/** What the loopback API answers to the next handover. */
let answer: { status: number; body: unknown } = { status: 201, body: {} };

beforeAll(async () => {
  api = await startHandlerApi(({ method, url, body }) => {
    if (url !== '/api/admin/roles/handover' || method !== 'POST') return undefined;
    posts.push(body);
    return answer;
  });
});
afterEach(() => (cleanup(), (posts.length = 0)));
afterAll(() => api.close());

const TODAY = '2026-11-29';
const MEMBER = { email: 'marie.tremblay@example.com', name: 'Marie Tremblay' };
const TEXT = {
  fr: { from: "Début de l'accès", handOver: 'Passer la main', invalid: 'Date invalide\u00a0: choisissez-la dans le calendrier', past: "Le début ne peut pas être avant aujourd'hui\u00a0: choisissez aujourd'hui ou une date à venir." },
  en: { from: 'Access starts', handOver: 'Hand over', invalid: 'Invalid date: pick it on the calendar', past: 'The start cannot be before today: choose today or a later date.' },
} as const;

function renderForm(lang: 'fr' | 'en') {
  const { config } = api;
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <RuntimeConfigProvider config={config}>
        <QueryClientProvider client={createQueryClient()}>
          <HandoverForm today={TODAY} members={[MEMBER]} ownEmail="me@example.com" onDone={() => undefined} />
        </QueryClientProvider>
      </RuntimeConfigProvider>
    </I18nextProvider>,
  );
}

/** The text of the elements that describe an input (aria-describedby). */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const fromField = (lang: 'fr' | 'en') => screen.getByLabelText<HTMLInputElement>(TEXT[lang].from);
const handOverButton = (lang: 'fr' | 'en') => screen.getAllByRole('button').find((b) => b.textContent === TEXT[lang].handOver)!;

function pickMember() {
  const select = createWrapper().findSelect()!;
  act(() => select.openDropdown());
  act(() => select.selectOptionByValue(MEMBER.email));
}

describe('the first day of a handover', () => {
  it.each(['fr', 'en'] as const)('%s: a day that does not exist is kept as typed and said under the field; nothing is sent', async (lang) => {
    renderForm(lang);
    pickMember();
    fireEvent.change(fromField(lang), { target: { value: '2026-02-30' } });
    // Cloudscape's date picker silently made it 2026-02-28.
    expect(fromField(lang).value).toBe('2026-02-30');
    fireEvent.blur(fromField(lang));
    expect(description(fromField(lang))).toContain(TEXT[lang].invalid);
    expect(fromField(lang).getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(handOverButton(lang));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts).toEqual([]);
  });

  it.each(['fr', 'en'] as const)('%s: a day before today (nine months ago) is refused on the screen; nothing is sent', async (lang) => {
    renderForm(lang);
    pickMember();
    fireEvent.change(fromField(lang), { target: { value: addDays(TODAY, -270) } });
    fireEvent.click(handOverButton(lang));
    expect(description(fromField(lang))).toContain(TEXT[lang].past);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts).toEqual([]);
  });

  it('accepts today (access starts at once), and says the server refusing a past first day under the field', async () => {
    answer = { status: 400, body: { error: { code: 'VALIDATION_FAILED', fields: [{ path: 'from', issue: 'before_today' }] } } };
    renderForm('fr');
    pickMember();
    expect(fromField('fr').value).toBe(TODAY);
    // The title's example names the school year the access starts in, not a year written once in the strings.
    expect(description(screen.getByLabelText('Titre (facultatif)') as HTMLInputElement)).toContain(`P. ex. Responsable du bottin ${schoolYearOf(TODAY)}.`);
    fireEvent.click(handOverButton('fr'));
    // Asked first, naming the person, their address and what an administrator may do: nothing sent before the yes.
    const dialog = within(await screen.findByRole('dialog'));
    // In words that fit anyone (the form says « personne administratrice »; « deviendra administrateur » did not).
    expect(dialog.getByText(`${MEMBER.name} (${MEMBER.email}) aura l'accès d'administration`, { exact: false }).textContent).toContain('pourra voir et modifier toutes les données du bottin');
    expect(posts).toEqual([]);
    fireEvent.click(dialog.getByRole('button', { name: 'Confirmer la passation' }));
    // The first API call loads Amplify for its token (lib/api/amplify.ts): allow for that import.
    await waitFor(() => expect(posts).toEqual([{ incomingEmail: MEMBER.email, from: TODAY, lang: 'fr' }]), { timeout: 20_000 });
    await waitFor(() => expect(description(fromField('fr'))).toContain(TEXT.fr.past), { timeout: 20_000 });
  });
});

describe('the end of a role in the roles table', () => {
  const role = (over: Partial<RoleView>): RoleView => ({ id: '01JAAAAAAAAAAAAAAAAAAAAAA1', email: 'ancien@example.com', name: 'Ancien Admin', from: '2026-09-01', status: 'past', mine: false, ...over });
  const renderTable = (lang: 'fr' | 'en', roles: RoleView[]) =>
    render(
      <I18nextProvider i18n={createI18n(lang)}>
        <RolesTable roles={roles} ending={false} onEnd={() => undefined} />
      </I18nextProvider>,
    );
  const endCell = () => screen.getAllByRole('row')[1]!.querySelectorAll('td')[3]!.textContent;
  const setWidth = windowWidthPerTest();
  // A table from 1,280 px; jsdom's window is 1,024 px wide (a phone's layout) unless told.
  beforeEach(() => setWidth(1440));

  it.each([
    ['fr', 'Sans fin prévue'],
    ['en', 'No planned end'],
  ] as const)('%s: a role ended at once (« Mettre fin ») shows the day it ended, in the school time zone', (lang, openEnded) => {
    // 03:00 UTC on 1 December is still 30 November in Montréal.
    renderTable(lang, [role({ revokedAt: '2026-12-01T03:00:00.000Z' })]);
    expect(endCell()).toBe('2026-11-30');
    expect(document.body.textContent).not.toContain(openEnded);
  });

  it('keeps an earlier last day, and says an open-ended current role has no planned end', () => {
    renderTable('fr', [role({ until: '2026-10-15', revokedAt: '2026-11-20T15:00:00.000Z' })]);
    expect(endCell()).toBe('2026-10-15');
    cleanup();
    renderTable('fr', [role({ status: 'current' })]);
    expect(endCell()).toBe('Sans fin prévue');
  });

  it.each([
    ['fr', 'Mettre fin', 'Début', 'Fin', 'Sans fin prévue'],
    ['en', 'End', 'Start', 'End', 'No planned end'],
  ] as const)('%s: on a phone, one card per role, its dates whole, « Mettre fin » on it (no table to scroll sideways)', (lang, end, from, until, openEnded) => {
    setWidth(375);
    renderTable(lang, [role({ status: 'current', mine: true, from: '2026-11-30' }), role({ id: '01JAAAAAAAAAAAAAAAAAAAAAA2', email: 'autre@example.com', name: 'Autre Admin', until: '2026-10-15' })]);
    expect(screen.queryByRole('table')).toBeNull();
    const cards = createWrapper().findCards()!.findItems();
    expect(cards).toHaveLength(2);
    const first = cards[0]!.getElement();
    expect(first.textContent).toContain(from);
    expect(first.textContent).toContain(until);
    expect(first.textContent).toContain(openEnded);
    expect(within(first).getByText('2026-11-30').getAttribute('style')).toContain('white-space: nowrap');
    expect(within(first).getByRole('button', { name: new RegExp(`^${end} `) })).toBeTruthy();
    // A past role: nothing to end, and no title: the dash the other screens use.
    expect(within(cards[1]!.getElement()).queryByRole('button')).toBeNull();
    expect(cards[1]!.getElement().textContent).toContain('—');
  });
});
