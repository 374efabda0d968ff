// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ScheduleModal, type ScheduleChoice } from '../../frontend/src/features/annual-update/components/reminders';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { CampaignView } from '@shared/contracts/annual-update-api';
import { addDays, schoolDay } from '@shared/rules/school-calendar';

/**
 * The open campaign's « Date limite et rappels » dialog (docs/annual-update.md, "Moving the deadline"): the deadline
 * moves to a later (or earlier) day from today on, said under the field when it cannot, with what it means for the
 * emails already sent; the reminders need a deadline.
 */
afterEach(cleanup);

const noop = () => undefined;
const today = schoolDay();
// Next calendar year's school year: every day these tests choose (a month from today at most) falls within it.
const year = Number(today.slice(0, 4)) + 1;
const OPEN = {
  id: '01JABCDEFGHJKMNPQRSTVW9999', schoolYear: `${year}-${year + 1}`, status: 'active', createdAt: '2026-09-01T12:00:00.000Z',
  deadline: addDays(today, 10),
  counts: { totalParents: 2, reachable: 2, unreachable: 0, emailsSent: 1, formsSubmitted: 1, optedOut: 0 },
  progress: { completed: 1, total: 2, percentage: 50 }, reminders: { days: [7, 2], sent: [] },
} as unknown as CampaignView;
const NO_DEADLINE = { ...OPEN, deadline: undefined, reminders: { days: [], sent: [] } } as CampaignView;

function open(lang: 'fr' | 'en', campaign: CampaignView = OPEN) {
  const saved: ScheduleChoice[] = [];
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <ScheduleModal campaign={campaign} visible busy={false} onDismiss={noop} onSave={(choice) => saved.push(choice)} />
    </I18nextProvider>,
  );
  const field = screen.getByPlaceholderText<HTMLInputElement>(/^(AAAA-MM-JJ|YYYY-MM-DD)$/);
  const save = () => fireEvent.click(screen.getAllByRole('button').find((b) => b.textContent === (lang === 'fr' ? 'Enregistrer' : 'Save'))!);
  return { saved, field, save };
}

const description = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');

describe('moving the deadline of the open campaign', () => {
  it('shows the current date; a later one says what it means for the emails sent, and is saved with the reminders (fr)', () => {
    const { saved, field, save } = open('fr');
    expect(screen.getByText('Date limite et rappels')).toBeTruthy();
    expect(field.value).toBe(OPEN.deadline);
    expect(document.body.textContent).not.toContain("indiquent l'ancienne date");
    const later = addDays(today, 24);
    fireEvent.change(field, { target: { value: later } });
    expect(document.body.textContent).toContain("Les courriels et les lettres déjà envoyés indiquent l'ancienne date");
    save();
    expect(saved).toEqual([{ reminderDays: [7, 2], deadline: later }]);
  });

  it('the same date saves the reminders alone (en)', () => {
    const { saved, save } = open('en');
    expect(screen.getByText('Deadline and reminders')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /^14 days before/ }));
    save();
    expect(saved).toEqual([{ reminderDays: [14, 7, 2] }]);
  });

  it('refuses a past day, an impossible one, or none once there was one: said under the field, which gets the focus', () => {
    // (none once given: « ne peut pas être retirée », test below)
    const { saved, field, save } = open('fr');
    for (const value of [addDays(today, -1), '2091-02-30', '']) {
      fireEvent.change(field, { target: { value } });
      save();
      expect(saved).toEqual([]);
      expect(description(field)).toMatch(/choisissez une date d'aujourd'hui ou plus tard|Date invalide/i);
      expect(document.activeElement).toBe(field);
    }
  });

  it('a campaign without a deadline may stay without one; its reminders wait for a date (en)', () => {
    const { saved, field, save } = open('en', NO_DEADLINE);
    expect(screen.getByRole('checkbox', { name: /^7 days before/ }).hasAttribute('disabled')).toBe(true);
    save();
    expect(saved).toEqual([{ reminderDays: [] }]);
    const day = addDays(today, 30);
    fireEvent.change(field, { target: { value: day } });
    fireEvent.click(screen.getByRole('checkbox', { name: /^7 days before/ }));
    save();
    expect(saved.at(-1)).toEqual({ reminderDays: [7], deadline: day });
  });

  it('refuses a day beyond the school year (a typed « 2127 » kept every link open for a century), and says none cannot be removed', () => {
    const { saved, field, save } = open('fr');
    fireEvent.change(field, { target: { value: `${year + 101}-01-22` } });
    save();
    expect(saved).toEqual([]);
    expect(description(field)).toContain(`Choisissez une date au plus tard le 31 août ${year + 1}, dans l'année scolaire de la campagne.`);
    fireEvent.change(field, { target: { value: '' } });
    save();
    expect(description(field)).toContain('Une date limite ne peut pas être retirée une fois donnée');
  });

  it('warns that parents were given a later date when it moves sooner (en)', () => {
    const { saved, field, save } = open('en');
    const sooner = addDays(today, 5);
    fireEvent.change(field, { target: { value: sooner } });
    expect(document.body.textContent).toContain('Parents already invited were given a later date');
    expect(document.body.textContent).not.toContain('Emails and letters already sent give the old date');
    save();
    expect(saved).toEqual([{ reminderDays: [7, 2], deadline: sooner }]);
  });
});
