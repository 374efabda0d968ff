// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { RemindersSummary } from '../../frontend/src/features/annual-update/components/reminders';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { CampaignView } from '@shared/contracts/annual-update-api';

afterEach(() => cleanup());

const CAMPAIGN: CampaignView = {
  id: '01K3GHJYG074BHHCJEWK8KPGY4',
  schoolYear: '2026-2027',
  status: 'active',
  deadline: '2026-12-15',
  createdAt: '2026-11-20T12:00:00.000Z',
  counts: { totalParents: 10, reachable: 9, unreachable: 1, emailsSent: 9, formsSubmitted: 2, optedOut: 0 },
  progress: { completed: 2, total: 10, percentage: 20 },
  reminders: { days: [7, 2], sent: [], nextOn: '2026-12-08' },
};

function show(locale: 'fr' | 'en', campaign: CampaignView) {
  render(
    <I18nextProvider i18n={createI18n(locale)}>
      <RemindersSummary campaign={campaign} />
    </I18nextProvider>,
  );
  return document.body.textContent ?? '';
}

/** The campaign card's line about automatic reminders, in both languages. */
describe('automatic reminders summary', () => {
  it('says the days, the deadline and the next reminder', () => {
    expect(show('fr', CAMPAIGN)).toBe('7 et 2 jours avant la date limite du 15 décembre 2026Prochain rappel\u00a0: 8 décembre 2026');
    cleanup();
    expect(show('en', CAMPAIGN)).toBe('7 and 2 days before the deadline of December 15, 2026Next reminder: December 8, 2026');
    cleanup();
    expect(show('en', { ...CAMPAIGN, reminders: { days: [1], sent: [], nextOn: '2026-12-14' } })).toContain('1 day before the deadline');
  });

  it('says why there are none', () => {
    expect(show('fr', { ...CAMPAIGN, reminders: { days: [], sent: [] } })).toBe('Aucun rappel programmé avant la date limite du 15 décembre 2026');
    cleanup();
    const { deadline: _deadline, ...withoutDeadline } = CAMPAIGN;
    expect(show('en', { ...withoutDeadline, reminders: { days: [], sent: [] } })).toBe('None (the campaign has no deadline)');
    expect(screen.queryByText(/Next reminder/)).toBeNull();
  });
});
