// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { CampaignCard } from '../../frontend/src/features/annual-update/components/campaign-card';
import {
  StartCampaignModal,
  deadlineError,
  exampleDeadline,
} from '../../frontend/src/features/annual-update/components/start-campaign-modal';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { CampaignView } from '../../shared/annual-update-api';
import { schoolDay } from '../../shared/school-calendar';

/**
 * The start dialog's hints (an example deadline the dialog would accept; the review option said as a condition)
 * and the campaign card's percentage in the reader's format.
 */
afterEach(cleanup);

const noop = () => undefined;
function renderStart(lang: 'fr' | 'en') {
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <StartCampaignModal visible busy={false} onDismiss={noop} onStart={noop} />
    </I18nextProvider>,
  );
}

/** The text of the elements that describe an input (aria-describedby). */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the start dialog', () => {
  it('gives as example a deadline a month ahead, which the dialog accepts', () => {
    expect(exampleDeadline('2026-11-26')).toBe('2026-12-26');
    expect(exampleDeadline('2026-12-15')).toBe('2027-01-14');
    expect(deadlineError(exampleDeadline())).toBeUndefined();
    expect(exampleDeadline() > schoolDay()).toBe(true);
  });

  it.each([
    ['fr', 'Format AAAA-MM-JJ, par exemple', 'Réviser les changements avant de les publier', 'Si cette case est cochée, les changements des parents attendront votre approbation'],
    ['en', 'Format YYYY-MM-DD, for example', 'Review changes before publishing them', "When ticked, parents' changes will wait for your approval"],
  ] as const)('%s: shows that example, and the review hint as what ticking does, on the box itself', (lang, hint, label, conditional) => {
    renderStart(lang);
    expect(screen.getByText(`${hint} ${exampleDeadline()}`, { exact: false })).toBeTruthy();
    expect(document.body.textContent).not.toContain('2026-10-15');
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: label });
    expect(box.checked).toBe(false);
    expect(description(box)).toContain(conditional);
  });
});

const CAMPAIGN = {
  id: '01JABCDEFGHJKMNPQRSTVW9999', schoolYear: '2026-2027', status: 'active', createdAt: '2026-09-01T12:00:00.000Z',
  counts: { totalParents: 382, reachable: 380, unreachable: 2, emailsSent: 1, formsSubmitted: 1, optedOut: 0 },
  progress: { completed: 1, total: 382, percentage: 0.3 }, reminders: { days: [], sent: [] },
} as unknown as CampaignView;

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
    // Cloudscape writes "0%" after the bar, in no language's format: its text is there, at no size.
    const own = container.querySelector('progress + [aria-hidden="true"] > *') as HTMLElement;
    expect(own.textContent).toBe('0%');
    expect(own.style.fontSize).toMatch(/^0(px)?$/);
  });
});
