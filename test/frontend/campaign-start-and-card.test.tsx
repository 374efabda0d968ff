// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { CampaignCard } from '../../frontend/src/features/annual-update/components/campaign-card';
import { ReopenCampaignDialog } from '../../frontend/src/features/annual-update/components/lifecycle-dialogs';
import { StartCampaignModal, type StartChoices, proposedSchoolYear } from '../../frontend/src/features/annual-update/components/start-campaign-modal';
import { deadlineError } from '../../frontend/src/features/annual-update/model/campaign-state';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { CommitteesState } from '../../frontend/src/lib/committees/use-admin-committees';
import type { CampaignView } from '@shared/contracts/annual-update-api';
import type { Committee } from '@shared/schemas/committee';
import { addDays, schoolDay } from '@shared/rules/school-calendar';

/**
 * The start dialog (a deadline on a calendar, no typed word, the committees that recruit; the review option said as
 * a condition) and the campaign card (its percentage in the reader's format, the committees that recruit).
 */
afterEach(cleanup);

const noop = () => undefined;
const committee = (id: string, fr: string, en: string, open: boolean): Committee =>
  ({ id, name: { fr, en }, kind: 'volunteer', otherMembers: [], version: 1, createdAt: '', updatedAt: '', ...(open ? { openToSignUps: true } : {}) }) as Committee;
const COMMITTEES: CommitteesState = {
  kind: 'ready',
  rows: [
    { committee: committee('01JAAAAAAAAAAAAAAAAAAAAAA1', 'Bazar', 'Bazaar', true), open: true, seats: [] },
    { committee: committee('01JAAAAAAAAAAAAAAAAAAAAAA2', 'Comité vert', 'Green committee', false), open: false, seats: [] },
    { committee: committee('01JAAAAAAAAAAAAAAAAAAAAAA3', 'Bibliothèque', 'Library', false), open: false, seats: [] },
  ],
};

function renderStart(lang: 'fr' | 'en', onStart: (choices: StartChoices) => void = noop) {
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <StartCampaignModal visible busy={false} onDismiss={noop} onStart={onStart} committees={COMMITTEES} />
    </I18nextProvider>,
  );
}

/** The text of the elements that describe an input (aria-describedby). */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the start dialog after a refused start', () => {
  it('says why at its top, the choices still there', () => {
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <StartCampaignModal visible busy={false} error="This school year's campaign already exists." onDismiss={noop} onStart={noop} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('dialog').textContent).toMatch(/^.*already exists\./);
    expect(screen.getByText("This school year's campaign already exists.")).toBeTruthy();
  });
});

describe('the school year the start dialog proposes', () => {
  const november = new Date('2026-11-28T12:00:00Z');
  it('is the current school year when it has no campaign yet', () => {
    expect(proposedSchoolYear(undefined, november)).toBe('2026-2027');
    expect(proposedSchoolYear('2025-2026', november)).toBe('2026-2027');
  });
  it("is the next one when this year's campaign is closed (starting it again could only be refused)", () => {
    expect(proposedSchoolYear('2026-2027', november)).toBe('2027-2028');
  });
});

describe('the start dialog', () => {
  // The start's two real waits, each named with a bar (docs/annual-update.md, "Long actions"): not one sentence.
  it.each([
    ['fr', 'create', 'Lancement de la campagne', "Étape 1 sur 2\u00a0: création d'un lien personnel pour chaque participant et ouverture des comités qui recrutent…", 0],
    ['fr', 'load', 'Lancement de la campagne', 'Étape 2 sur 2\u00a0: chargement de la liste des participants…', 50],
    ['en', 'create', 'Starting the campaign', 'Step 1 of 2: creating a personal link for every participant and opening the committees that recruit…', 0],
    ['en', 'load', 'Starting the campaign', 'Step 2 of 2: loading the list of participants…', 50],
  ] as const)('%s: says which step of the start is under way (%s), with a bar', (lang, step, label, words, value) => {
    render(
      <I18nextProvider i18n={createI18n(lang)}>
        <StartCampaignModal visible busy step={step} onDismiss={noop} onStart={noop} committees={COMMITTEES} />
      </I18nextProvider>,
    );
    const region = screen.getByTestId('step-progress');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toContain(label);
    expect(region.textContent).toContain(words);
    expect((screen.getByRole('progressbar') as HTMLProgressElement).value).toBe(value);
  });

  it('shows no progress before the start is asked for', () => {
    renderStart('fr');
    expect(screen.queryByTestId('step-progress')).toBeNull();
  });

  it('accepts a real day from today on, and refuses a past or impossible one', () => {
    expect(deadlineError(schoolDay())).toBeUndefined();
    expect(deadlineError(addDays(schoolDay(), 30))).toBeUndefined();
    expect(deadlineError(addDays(schoolDay(), -1))).toBe('past');
    expect(deadlineError('2091-02-30')).toBe('invalid');
  });

  it.each([
    ['fr', 'Choisir une date', 'AAAA-MM-JJ', 'Réviser les changements avant de les publier', 'Si cette case est cochée, les changements des parents attendront votre approbation', 'Comité vert'],
    ['en', 'Choose a date', 'YYYY-MM-DD', 'Review changes before publishing them', "When ticked, parents' changes will wait for your approval", 'Green committee'],
  ] as const)('%s: a calendar for the deadline, no word to type, the committees that recruit ticked as they are', (lang, calendar, placeholder, label, conditional, green) => {
    let started: StartChoices | undefined;
    renderStart(lang, (choices) => (started = choices));
    expect(screen.getByRole('button', { name: calendar })).toBeTruthy();
    expect(screen.getByPlaceholderText(placeholder)).toBeTruthy();
    // No typed confirmation: the only text fields are the school year and the deadline.
    expect(document.querySelectorAll('input[type="text"], input:not([type])').length).toBe(2);
    expect(screen.queryByPlaceholderText('confirm')).toBeNull();
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: label });
    expect(box.checked).toBe(false);
    expect(description(box)).toContain(conditional);
    // The committee open today is ticked; ticking another adds it to the answer.
    const boxes = screen.getByTestId('recruiting-committees').querySelectorAll<HTMLInputElement>('input[type="checkbox"]');
    expect([...boxes].map((b) => b.checked)).toEqual([true, false, false]);
    expect(boxes[1]!.closest('label')?.textContent ?? boxes[1]!.parentElement?.parentElement?.textContent).toContain(green);
    fireEvent.click(boxes[1]!);
    const startButton = screen.getAllByRole('button').find((b) => b.textContent === (lang === 'fr' ? 'Lancer' : 'Start'))!;
    fireEvent.click(startButton);
    expect(started?.recruitingCommittees?.sort()).toEqual(['01JAAAAAAAAAAAAAAAAAAAAAA1', '01JAAAAAAAAAAAAAAAAAAAAAA2']);
  });
});

describe('a deadline typed in the start dialog', () => {
  const deadlineField = () => screen.getByPlaceholderText<HTMLInputElement>(/^(AAAA-MM-JJ|YYYY-MM-DD)$/);
  const startButton = (lang: 'fr' | 'en') => screen.getAllByRole('button').find((b) => b.textContent === (lang === 'fr' ? 'Lancer' : 'Start'))!;

  it.each([
    ['fr', 'Date invalide\u00a0: choisissez-la dans le calendrier'],
    ['en', 'Invalid date: pick it on the calendar'],
  ] as const)('%s: a day that does not exist is kept as typed, and Start says why it cannot start', (lang, invalid) => {
    const starts: StartChoices[] = [];
    renderStart(lang, (choices) => starts.push(choices));
    fireEvent.change(deadlineField(), { target: { value: '2091-13-45' } });
    // Kept as typed (Cloudscape's masked field turned it into 2091-12-31 without a word), no error while typing.
    expect(deadlineField().value).toBe('2091-13-45');
    expect(document.body.textContent).not.toContain(invalid);
    // Start stays enabled (Cloudscape's pattern): pressing it starts nothing, shows the error, focuses the field.
    expect(startButton(lang).hasAttribute('disabled')).toBe(false);
    fireEvent.click(startButton(lang));
    expect(starts).toEqual([]);
    expect(deadlineField().getAttribute('aria-invalid')).toBe('true');
    expect(description(deadlineField())).toContain(invalid);
    expect(document.activeElement).toBe(deadlineField());
    expect(deadlineField().value).toBe('2091-13-45');
  });

  it('shows the error once the field is left, and starts with a real day', () => {
    const starts: StartChoices[] = [];
    renderStart('fr', (choices) => starts.push(choices));
    fireEvent.change(deadlineField(), { target: { value: '2091-02-30' } });
    fireEvent.blur(deadlineField());
    expect(description(deadlineField())).toContain('Date invalide');
    // Within the campaign's school year (shared/rules/campaign-deadline.ts): a month from today is, whatever the day.
    const inAMonth = addDays(schoolDay(), 30);
    fireEvent.change(deadlineField(), { target: { value: inAMonth } });
    fireEvent.click(startButton('fr'));
    expect(starts.map((choice) => choice.deadline)).toEqual([inAMonth]);
  });

  it('picks a day on the calendar, which then closes', () => {
    renderStart('en');
    fireEvent.click(screen.getByRole('button', { name: 'Choose a date' }));
    const grid = screen.getByRole('grid');
    const day = [...grid.querySelectorAll('td')].find((cell) => cell.getAttribute('aria-disabled') !== 'true' && cell.textContent !== '')!;
    fireEvent.click(day);
    expect(deadlineField().value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(deadlineField().value >= schoolDay()).toBe(true);
    expect(screen.queryByRole('grid')).toBeNull();
  });
});

const CAMPAIGN = {
  id: '01JABCDEFGHJKMNPQRSTVW9999', schoolYear: '2026-2027', status: 'active', createdAt: '2026-09-01T12:00:00.000Z',
  counts: { totalParents: 382, reachable: 380, unreachable: 2, emailsSent: 1, formsSubmitted: 1, optedOut: 0 },
  progress: { completed: 1, total: 382, percentage: 0.3 }, reminders: { days: [], sent: [] },
} as unknown as CampaignView;

describe("the campaign card's deadline", () => {
  it.each([
    ['fr', '15 décembre 2026'],
    ['en', 'December 15, 2026'],
  ] as const)('%s: a long date, as the reminders line beside it says it, never 2026-12-15', (lang, longDate) => {
    const { container } = render(
      <I18nextProvider i18n={createI18n(lang)}>
        <CampaignCard campaign={{ ...CAMPAIGN, deadline: '2026-12-15', reminders: { days: [7], sent: [] } }} />
      </I18nextProvider>,
    );
    const label = screen.getByText(lang === 'fr' ? 'Date limite' : 'Deadline', { selector: '*' });
    expect(label.parentElement?.parentElement?.textContent).toContain(longDate);
    expect(container.textContent).not.toContain('2026-12-15');
  });
});

describe('the reopen dialog', () => {
  // A campaign of next calendar year's school year: a month from today is always within it.
  const year = Number(schoolDay().slice(0, 4)) + 1;
  const CLOSED = { ...CAMPAIGN, schoolYear: `${year}-${year + 1}`, status: 'completed', reopenUntil: '2099-01-01' } as CampaignView;
  it.each([
    ['fr', 'Rouvrir la campagne', 'Date invalide'],
    ['en', 'Reopen campaign', 'Invalid date'],
  ] as const)('%s: keeps a typed day that does not exist and says so when Reopen is pressed', (lang, reopen, invalid) => {
    const reopened: string[] = [];
    render(
      <I18nextProvider i18n={createI18n(lang)}>
        <ReopenCampaignDialog campaign={CLOSED} visible busy={false} onDismiss={noop} onReopen={(day) => reopened.push(day)} />
      </I18nextProvider>,
    );
    const field = screen.getByPlaceholderText<HTMLInputElement>(/^(AAAA-MM-JJ|YYYY-MM-DD)$/);
    fireEvent.change(field, { target: { value: '2091-13-45' } });
    fireEvent.click(screen.getAllByRole('button').find((b) => b.textContent === reopen)!);
    expect(reopened).toEqual([]);
    expect(field.value).toBe('2091-13-45');
    expect(description(field)).toContain(invalid);
    expect(document.activeElement).toBe(field);
    const inAMonth = addDays(schoolDay(), 30);
    fireEvent.change(field, { target: { value: inAMonth } });
    fireEvent.click(screen.getAllByRole('button').find((b) => b.textContent === reopen)!);
    expect(reopened).toEqual([inAMonth]);
  });
});

describe("the campaign card's progress", () => {
  it.each([
    ['fr', '1/382 complétés (0,3\u00a0%)'],
    ['en', '1/382 completed (0.3%)'],
  ] as const)('%s: one percentage, in the reader\'s format; the bar\'s own "0%" is not shown', (lang, info) => {
    const { container } = render(
      <I18nextProvider i18n={createI18n(lang)}>
        <CampaignCard campaign={CAMPAIGN} />
      </I18nextProvider>,
    );
    // (getByText would compare the page's text, its spaces collapsed, with ours as is: the NBSP would differ.)
    expect(container.textContent).toContain(info);
    // Cloudscape wrote "0%" after the bar, in no language's format: the app's figure is there instead, at no size.
    const own = container.querySelector('progress + [aria-hidden="true"] > *') as HTMLElement;
    expect(own.textContent).toBe(info.slice(info.indexOf('(') + 1, -1));
    expect(own.style.fontSize).toMatch(/^0(px)?$/);
  });
});
