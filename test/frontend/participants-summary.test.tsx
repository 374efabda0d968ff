// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { I18nextProvider } from 'react-i18next';
import type { CampaignView, ParticipantView } from '@shared/contracts/annual-update-api';
import { ParticipantsTable } from '../../frontend/src/features/annual-update/components/participants-table';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { participantRow } from './participant-row';

/**
 * The participants manager's summary of the rows a filter leaves (docs/annual-update.md, "Participants manager"): a
 * trial read « 3 parents affichés : soumis 2, retirés 0 … » under the filter « Tous » that listed a staff member too.
 * It now names who is shown (parents, staff members, people when both are) and leaves out a count of zero.
 */
afterEach(cleanup);

const ID = (n: number) => `01JABCDEFGHJKMNPQRSTVW${String(n).padStart(4, '0')}`;
const CAMPAIGN = {
  id: ID(9999), schoolYear: '2093-2094', status: 'active', createdAt: '2093-09-01T12:00:00.000Z',
  counts: { totalParents: 2, reachable: 2, unreachable: 0, emailsSent: 2, formsSubmitted: 1, optedOut: 0, staff: { total: 1, formsSubmitted: 1 } },
  progress: { completed: 2, total: 3, percentage: 66.7 }, reminders: { days: [], sent: [] },
} as unknown as CampaignView;
const ROWS: ParticipantView[] = [
  participantRow({ parentId: ID(1), firstName: 'Mireille', lastName: 'Gagnon', email: 'mireille@ecole.example', emailSent: true, emailsSent: 1, submitted: true }),
  participantRow({ parentId: ID(2), firstName: 'Rosalie', lastName: 'Gagnon', email: 'rosalie@ecole.example', emailSent: true, emailsSent: 1 }),
  participantRow({ parentId: ID(3), firstName: 'Solange', lastName: 'Tremblay', email: 'solange@ecole.example', kind: 'staff', emailSent: true, emailsSent: 1, submitted: true }),
];

function manager(lang: 'fr' | 'en') {
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <ParticipantsTable campaign={CAMPAIGN} participants={ROWS} loading={false} canSend onSend={() => undefined} />
    </I18nextProvider>,
  );
}
/** Picks the option `value` of the select whose inline label starts with `name`. */
function choose(name: string, value: string) {
  const select = () => createWrapper().findAllSelects().find((s) => s.getElement().textContent?.startsWith(name))!;
  select().openDropdown();
  select().selectOptionByValue(value);
}
const summary = () => screen.getByTestId('shown-summary').textContent;
const search = (text: string) => createWrapper().findTextFilter()!.findInput().setInputValue(text);

describe("the participants manager's summary of the rows shown", () => {
  it.each([
    {
      lang: 'fr', status: 'Statut',
      people: '2 personnes affichées\u00a0: 2 formulaires soumis — 100\u00a0% de réponses',
      parents: '2 parents affichés\u00a0: 1 formulaire soumis, 1 en attente — 50\u00a0% de réponses',
      staff: '1 membre du personnel affiché\u00a0: 1 formulaire soumis — 100\u00a0% de réponses',
      none: 'Aucune personne affichée',
    },
    {
      lang: 'en', status: 'Status',
      people: '2 people shown: 2 submitted — 100% answered',
      parents: '2 parents shown: 1 submitted, 1 pending — 50% answered',
      staff: '1 staff member shown: 1 submitted — 100% answered',
      none: 'No one shown',
    },
  ] as const)('$lang: names who is shown and leaves out the counts of zero', ({ lang, status, people, parents, staff, none }) => {
    manager(lang);
    // « Tous »: a parent and a staff member answered.
    choose(status, 'submitted');
    expect(summary()).toBe(people);
    choose(status, 'all');
    choose('Participants', 'parents');
    expect(summary()).toBe(parents);
    choose('Participants', 'staff');
    expect(summary()).toBe(staff);
    choose('Participants', 'all');
    search('nobody-by-that-name');
    expect(summary()).toBe(none);
  });
});
