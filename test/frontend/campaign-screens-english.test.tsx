// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { I18nextProvider } from 'react-i18next';
import { CampaignCard } from '../../frontend/src/features/annual-update/components/campaign-card';
import { CloseCampaignDialog, ReopenCampaignDialog } from '../../frontend/src/features/annual-update/components/lifecycle-dialogs';
import { ParticipantsTable } from '../../frontend/src/features/annual-update/components/participants-table';
import { proposedReopenDeadline } from '../../frontend/src/features/annual-update/model/campaign-state';
import { StaffGroup } from '../../frontend/src/features/staff/components/staff-group';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { buildDirectoryIndex } from '../../frontend/src/lib/directory/directory-index';
import { staffRows } from '../../frontend/src/lib/directory/staff-rows';
import { formatDateTime } from '../../frontend/src/lib/date-time';
import { formatLongDate } from '@shared/format/long-date';
import { addDays, schoolDay } from '@shared/rules/school-calendar';
import type { CampaignView, ParticipantView } from '@shared/contracts/annual-update-api';
import { FIXTURE } from './directory-fixture';
import { participantRow } from './participant-row';
import { renderWithAnswers } from './render-screen';
import { annualUpdateKeys } from '../../frontend/src/features/annual-update/api/annual-update-queries';

/**
 * The campaign's administrator screens as an English reader meets them (docs/annual-update.md): the participants
 * manager's statuses, filters, summary and history, the close and reopen dialogs, the closed campaign's card, and the
 * staff page once a staff member answered by their link. The campaign journey (test/e2e/annual-update.test.ts) walks
 * these screens in Chromium in French; its English pass walks the start, a parent's and a staff member's forms, the
 * review screen and the close, and leaves these strings to this file.
 */
afterEach(cleanup);

const ID = (n: number) => `01JABCDEFGHJKMNPQRSTVW${String(n).padStart(4, '0')}`;
const AT = { invited: '2093-09-02T13:05:00.000Z', answered: '2093-09-03T14:10:00.000Z', reminded: '2093-09-10T15:00:00.000Z', bounced: '2093-09-02T13:06:00.000Z' };
const CAMPAIGN = {
  id: ID(9999), schoolYear: '2093-2094', status: 'active', createdAt: '2093-09-01T12:00:00.000Z', deadline: '2093-10-06', review: true,
  counts: { totalParents: 6, reachable: 6, unreachable: 0, emailsSent: 5, formsSubmitted: 2, optedOut: 1, staff: { total: 1, formsSubmitted: 1 } },
  progress: { completed: 3, total: 7, percentage: 42.9 }, reminders: { days: [7, 2], sent: [7], nextOn: '2093-10-04' },
  reopenUntil: '2095-10-06',
} as unknown as CampaignView;
const CLOSED = { ...CAMPAIGN, status: 'completed', completedAt: '2093-10-07T17:00:00.000Z', reminders: { days: [7, 2], sent: [7, 2] } } as CampaignView;

const person = (n: number, firstName: string, lastName: string, patch: Partial<ParticipantView>) =>
  participantRow({ parentId: ID(n), firstName, lastName, email: `${firstName.toLowerCase()}@school.example`, ...patch });
const ROWS: ParticipantView[] = [
  person(1, 'Mireille', 'Journey-Path', {
    emailSent: true, emailsSent: 1, submitted: true, lastActivityAt: AT.answered,
    history: [{ at: AT.invited, event: 'emailSent' }, { at: AT.answered, event: 'submitted', via: 'link' }],
  }),
  person(2, 'Octave', 'Journey-Path', { emailSent: true, emailsSent: 1, submitted: true, optedOut: true }),
  person(3, 'Rosalie', 'Journey-Path', {
    emailSent: true, emailsSent: 2, history: [{ at: AT.invited, event: 'emailSent' }, { at: AT.reminded, event: 'reminderSent' }],
  }),
  person(4, 'Anatole', 'Bounce-Path', { emailSent: true, emailsSent: 1, suppression: { reason: 'bounce', at: AT.bounced } }),
  person(5, 'Bérénice', 'Bounce-Path', { emailSent: true, emailsSent: 1 }),
  person(6, 'Solange', 'Staff-Journey', { kind: 'staff', emailSent: true, emailsSent: 1, submitted: true }),
] as ParticipantView[];

const inEnglish = (ui: React.ReactNode) => render(<I18nextProvider i18n={createI18n('en')}>{ui}</I18nextProvider>);
const manager = () => inEnglish(<ParticipantsTable campaign={CAMPAIGN} participants={ROWS} loading={false} canSend onSend={() => undefined} />);
/** Types in the manager's search box, as the journey does. */
function search(text: string) {
  expect(screen.getByPlaceholderText('Name, email or class')).toBeTruthy();
  createWrapper().findTextFilter()!.findInput().setInputValue(text);
}
/** Picks the option `value` of the select whose inline label is `name` ("Status", "Participants"), offered as `label`. */
function choose(name: string, value: string, label: string) {
  const select = () => createWrapper().findAllSelects().find((s) => s.getElement().textContent?.startsWith(name))!;
  select().openDropdown();
  expect(select().findDropdown().findOptions().map((o) => o.getElement().textContent)).toContain(label);
  select().selectOptionByValue(value);
  expect(select().findTrigger().getElement().textContent).toBe(label);
}
/** The card (at jsdom's width the manager shows cards) of one participant. */
const cardOf = (lastName: string, firstName: string) => screen.getByText(`${lastName}, ${firstName}`).closest('li')!;

describe('the participants manager in English', () => {
  it('says each status in words: submitted, opted out, sent twice with no answer, a bounced address with how to fix it', () => {
    manager();
    expect(cardOf('Journey-Path', 'Mireille').textContent).toContain('Submitted');
    expect(cardOf('Journey-Path', 'Octave').textContent).toContain('Opted out');
    expect(cardOf('Journey-Path', 'Rosalie').textContent).toContain('Sent (2), no answer');
    const bounced = cardOf('Bounce-Path', 'Anatole').textContent;
    expect(bounced).toContain(`Address bounced since ${formatDateTime(AT.bounced, 'en')}`);
    expect(formatDateTime(AT.bounced, 'en')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(bounced).toContain("Correct the parent's email (Directory data) to write to them again.");
    expect(cardOf('Bounce-Path', 'Bérénice').textContent).toContain('Sent (1), no answer');
  });

  it("the \"email sent\" filter and a search: the summary of the rows shown, with the campaign's progress", () => {
    manager();
    expect(screen.getByTestId('campaign-progress').textContent).toBe('3/7 completed (42.9%)');
    expect(screen.queryByTestId('shown-summary')).toBeNull();
    choose('Status', 'emailed', 'Email sent');
    search('Journey-Path');
    expect(screen.getByTestId('shown-summary').textContent).toBe('3 parents shown: 1 submitted, 1 opted out, 1 pending — 66.7% answered');
  });

  it('"Bounced or complaint" finds the bounced address only; the staff filter, the staff member who answered', () => {
    manager();
    choose('Status', 'suppressed', 'Bounced or complaint');
    expect(screen.getByText('Bounce-Path, Anatole')).toBeTruthy();
    expect(screen.queryByText('Bounce-Path, Bérénice')).toBeNull();
    expect(screen.queryByText('Journey-Path, Mireille')).toBeNull();
    choose('Status', 'all', 'All');
    choose('Participants', 'staff', 'Staff');
    expect(screen.getByText('Staff-Journey, Solange')).toBeTruthy();
    expect(screen.queryByText('Journey-Path, Mireille')).toBeNull();
    expect(cardOf('Staff-Journey', 'Solange').textContent).toContain('Submitted');
  });

  it("a parent's history in words, newest first: the reminder after the invitation; an answer through the emailed link", () => {
    manager();
    fireEvent.click(screen.getByRole('button', { name: 'History (2): Rosalie Journey-Path' }));
    let dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText('History of Rosalie Journey-Path')).toBeTruthy();
    expect(dialog.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `${formatDateTime(AT.reminded, 'en')}Reminder sent`,
      `${formatDateTime(AT.invited, 'en')}Invitation email sent`,
    ]);
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'History (2): Mireille Journey-Path' }));
    dialog = within(screen.getAllByRole('dialog').find((d) => d.textContent?.includes('Mireille'))!);
    expect(dialog.getByText('Form submitted through the emailed link')).toBeTruthy();
  });
});

describe('closing and reopening in English', () => {
  it('the close dialog says who has not answered, what waits for review and until when it can be reopened, and waits for "confirm"', () => {
    let closed = 0;
    // Nothing waits for review (the campaign publishes at once): no word of it. In French, one answer waiting.
    const dialogFor = (campaign: CampaignView) => <CloseCampaignDialog campaign={campaign} visible busy={false} onDismiss={() => undefined} onClose={() => undefined} />;
    renderWithAnswers(dialogFor({ ...CAMPAIGN, review: false }), { locale: 'en', answers: [] });
    expect(screen.getByRole('dialog').textContent).not.toContain('review');
    cleanup();
    renderWithAnswers(dialogFor(CAMPAIGN), { locale: 'fr', answers: [[annualUpdateKeys.review(CAMPAIGN.id), { items: [{}] }]] });
    expect(screen.getByRole('dialog').textContent).toContain("1 réponse attend votre révision\u00a0: elle ne sera publiée qu'une fois acceptée.");
    cleanup();
    renderWithAnswers(<CloseCampaignDialog campaign={CAMPAIGN} visible busy={false} onDismiss={() => undefined} onClose={() => closed++} />, {
      locale: 'en',
      answers: [[annualUpdateKeys.review(CAMPAIGN.id), { items: [{}] }]],
    });
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText('Close the 2093\u20112094 campaign?')).toBeTruthy();
    expect(dialog.getByText(/^\d+ people have not answered yet: their links and codes will stop working\.$/)).toBeTruthy();
    // An answer held for review is not published by the close (a trial closed with one waiting).
    expect(dialog.getByText('1 answer awaits your review: it is published only once accepted. You can still review it after closing.')).toBeTruthy();
    expect(dialog.getByText(`You can reopen the campaign until ${formatLongDate('2095-10-06', 'en')} (when its answers are purged)`, { exact: false })).toBeTruthy();
    const button = dialog.getByRole('button', { name: 'Close campaign' });
    const word = dialog.getByRole('textbox');
    fireEvent.change(word, { target: { value: 'confirmer' } });
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.change(word, { target: { value: 'confirm' } });
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    expect(closed).toBe(1);
  });

  it('the closed card: its title, its status, its counts, no reminders line', () => {
    const { container } = inEnglish(<CampaignCard campaign={CLOSED} />);
    expect(screen.getByRole('heading', { name: 'Closed campaign' })).toBeTruthy();
    expect(container.textContent).toContain('School year 2093-2094');
    expect(screen.getByText('Closed', { exact: true })).toBeTruthy();
    expect(container.textContent).toContain('3/7 completed (42.9%)');
    expect(container.textContent).not.toContain('Automatic reminders');
  });

  it('the reopen dialog proposes a new deadline, says what reopening does, and reopens with that day', () => {
    const reopened: string[] = [];
    inEnglish(<ReopenCampaignDialog campaign={CLOSED} visible busy={false} onDismiss={() => undefined} onReopen={(day) => reopened.push(day)} />);
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText('Reopen the 2093\u20112094 campaign')).toBeTruthy();
    expect(dialog.getByText(/^The links and codes still valid at the close will work again/)).toBeTruthy();
    expect(dialog.getByText('New deadline')).toBeTruthy();
    const proposed = proposedReopenDeadline(CLOSED.deadline, schoolDay());
    expect(proposed >= addDays(schoolDay(), 30)).toBe(true);
    fireEvent.click(dialog.getByRole('button', { name: 'Reopen campaign' }));
    expect(reopened).toEqual([proposed]);
  });
});

describe("the staff page after a staff member's answer, in English", () => {
  it('shows the English title and the extension, and no email when it is hidden', () => {
    const directory = {
      ...FIXTURE,
      staff: [{ id: ID(6), firstName: 'Solange', lastName: 'Staff-Journey', title: { fr: 'Psychoéducatrice', en: 'Psychoeducator' }, department: 'teaching' as const, phone: '5145550104', extension: '2468', classIndexes: [] }],
    };
    const { container } = inEnglish(<StaffGroup rows={staffRows(buildDirectoryIndex(directory), 'en')} query="" mobile={false} />);
    expect(container.textContent).toContain('Psychoeducator');
    expect(container.textContent).not.toContain('Psychoéducatrice');
    expect(container.textContent).toContain('Ext. 2468');
    expect(container.querySelector('a[href^="mailto:"]')).toBeNull();
  });
});
