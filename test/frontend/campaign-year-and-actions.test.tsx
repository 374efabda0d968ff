// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { CampaignView, ParticipantView } from '@shared/contracts/annual-update-api';
import { annualUpdateKeys } from '../../frontend/src/features/annual-update/api/annual-update-queries';
import { proposedSchoolYear } from '../../frontend/src/features/annual-update/components/start-campaign-modal';
import { AnnualUpdatePage } from '../../frontend/src/features/annual-update/pages/annual-update-page';
import { campaignKeys, progressionCurrentKey } from '../../frontend/src/lib/api/admin-query-keys';
import { participantRow } from './participant-row';
import { renderWithAnswers } from './render-screen';

/**
 * The campaign page as a new volunteer met it (trial 7): the start dialog proposed the calendar's school year
 * (2026-2027) while the school was in 2025-2026; a closed campaign offered « Lancer la campagne » right under
 * « Rouvrir la campagne »; the paper letters were after the participants' table, 14 pages down on a phone.
 */
afterEach(cleanup);

const ID = (n: number) => `01JABCDEFGHJKMNPQRSTVW${String(n).padStart(4, '0')}`;
const OPEN = {
  id: ID(9999), schoolYear: '2025-2026', status: 'active', createdAt: '2026-09-01T12:00:00.000Z',
  counts: { totalParents: 3, reachable: 2, unreachable: 1, emailsSent: 1, formsSubmitted: 1, optedOut: 0 },
  progress: { completed: 1, total: 3, percentage: 33.3 }, reminders: { days: [], sent: [] },
} as unknown as CampaignView;
const CLOSED = { ...OPEN, status: 'completed', completedAt: '2026-11-30T17:00:00.000Z', reopenUntil: '2099-11-29' } as CampaignView;
const PEOPLE: ParticipantView[] = [
  participantRow({ parentId: ID(1), firstName: 'Léa', lastName: 'Gagnon', email: 'lea@ecole.example', emailSent: true, emailsSent: 1, submitted: true }),
  participantRow({ parentId: ID(2), firstName: 'Minh', lastName: 'Beaudoin', email: 'minh@ecole.example', emailSent: true, emailsSent: 1 }),
  participantRow({ parentId: ID(3), firstName: 'Jean', lastName: 'Roy', unreachable: true }),
];

function page(lang: 'fr' | 'en', campaign: CampaignView | null, schoolYear = '2025-2026', withParticipants = true) {
  return renderWithAnswers(<AnnualUpdatePage />, {
    locale: lang,
    answers: [
      [campaignKeys.current, { campaign, activeJob: null }],
      [progressionCurrentKey, { schoolYear, progression: null }],
      ...(campaign && withParticipants ? [[annualUpdateKeys.participants(campaign.id), { campaign, participants: PEOPLE }] as [readonly string[], unknown]] : []),
    ],
  });
}

// A trial's fast click read « Aucun courriel à envoyer » before any invitation had gone: the list was not read yet.
describe("the campaign page's send buttons", () => {
  it.each([
    ['fr', "Envoyer à tous ceux qui n'ont rien reçu"],
    ['en', 'Send to all not yet sent'],
  ] as const)('%s: wait for the participants, then send', async (lang, notSent) => {
    page(lang, OPEN, '2025-2026', false);
    const button = await screen.findByRole('button', { name: notSent }, { timeout: 20_000 });
    expect(button.hasAttribute('disabled') || button.getAttribute('aria-disabled') === 'true').toBe(true);
    cleanup();
    page(lang, OPEN);
    const ready = await screen.findByRole('button', { name: notSent }, { timeout: 20_000 });
    expect(ready.hasAttribute('disabled') || ready.getAttribute('aria-disabled') === 'true').toBe(false);
  });
});

describe('the school year the start dialog proposes, when the school says its year', () => {
  const november = new Date('2026-11-28T12:00:00Z');
  it("is the school's current year, not the calendar's", () => {
    expect(proposedSchoolYear(undefined, november, '2025-2026')).toBe('2025-2026');
    // An older closed campaign: the school's year still.
    expect(proposedSchoolYear('2024-2025', november, '2025-2026')).toBe('2025-2026');
  });
  it("is the next one when the school's year already had its campaign, closed", () => {
    expect(proposedSchoolYear('2025-2026', november, '2025-2026')).toBe('2026-2027');
  });
  it('falls back on the calendar when the school year is not known', () => {
    expect(proposedSchoolYear(undefined, november, undefined)).toBe('2026-2027');
    expect(proposedSchoolYear(undefined, november, 'bientôt')).toBe('2026-2027');
  });
});

describe('the start dialog on the campaign page', () => {
  it.each([
    ['fr', 'Lancer la campagne', "L'école est présentement en 2025-2026 (selon ses réglages)\u00a0: vérifiez l'année avant de lancer."],
    ['en', 'Start campaign', 'The school is currently in 2025-2026 (per its settings): check the year before starting.'],
  ] as const)("%s: proposes the school's year, and says it when another year is typed", async (lang, open, other) => {
    page(lang, null);
    fireEvent.click(await screen.findByRole('button', { name: open }));
    const dialog = screen.getByRole('dialog');
    const year = within(dialog).getAllByRole('textbox')[0] as HTMLInputElement;
    expect(year.value).toBe('2025-2026');
    expect(dialog.textContent).not.toContain(other);
    fireEvent.change(year, { target: { value: '2026-2027' } });
    expect(dialog.textContent).toContain(other);
  });
});

describe('a closed campaign that can still be reopened', () => {
  it.each([
    ['fr', 'Rouvrir la campagne', 'Lancer une nouvelle campagne (année suivante)', 'Pour prolonger la campagne 2025-2026, rouvrez-la.', 'Lancer la campagne', '2026-2027'],
    ['en', 'Reopen campaign', 'Start a new campaign (next year)', 'To extend the 2025-2026 campaign, reopen it.', 'Start campaign', '2026-2027'],
  ] as const)('%s: reopening is the one primary action; a new campaign is apart, named and explained', async (lang, reopen, next, why, bare, nextYear) => {
    const { container } = page(lang, CLOSED);
    // (The reopen dialog, hidden, has its own button of that name: the page's comes first.)
    const reopenButton = (await screen.findAllByRole('button', { name: reopen }))[0]!;
    expect(reopenButton.className).toMatch(/variant-primary/);
    const nextButton = screen.getByRole('button', { name: next });
    expect(nextButton.className).not.toMatch(/variant-primary/);
    expect(screen.queryByRole('button', { name: bare })).toBeNull();
    // Not beside Reopen in the header: below the facts, with why.
    const header = reopenButton.closest('[class*="header"]')!;
    expect(header.contains(nextButton)).toBe(false);
    expect(container.textContent).toContain(why);
    fireEvent.click(nextButton);
    // The start dialog proposes the year after the closed campaign's.
    expect(screen.getByDisplayValue(nextYear)).toBeTruthy();
  });
});

describe('the paper letters from the top of the campaign page', () => {
  it.each([
    ['fr', 'Sans courriel', 'Lettres papier à imprimer', 'Lettres papier', /^Participants/],
    ['en', 'Without email', 'Paper letters to print', 'Paper letters', /^Participants/],
  ] as const)('%s: a link under the « without email » figure leads to the letters, placed before the participants', async (lang, figure, link, title, participants) => {
    page(lang, OPEN);
    const letters = await screen.findByRole('link', { name: link });
    // Under the figure of the parents without email, in the card at the top.
    // (The participants' filter has an option of that name too.)
    expect(screen.getAllByText(figure).some((label) => label.parentElement!.contains(letters))).toBe(true);
    const section = document.getElementById(letters.getAttribute('href')!.slice(1))!;
    expect(within(section).getByRole('heading', { name: new RegExp(`^${title}`) })).toBeTruthy();
    fireEvent.click(letters);
    expect(document.activeElement).toBe(section);
    // The section comes before the participants' table (it came after its 14 pages).
    const table = await screen.findByRole('heading', { name: participants });
    expect(section.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('has no such link once the campaign is closed (no letters then)', async () => {
    page('fr', CLOSED);
    await screen.findAllByRole('button', { name: 'Rouvrir la campagne' });
    expect(screen.queryByRole('link', { name: 'Lettres papier à imprimer' })).toBeNull();
  });
});
