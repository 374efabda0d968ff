// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { LinkPageStatus } from '../../frontend/src/features/update/components/link-page-status';
import { ApiError } from '../../frontend/src/lib/api/api-client';
import { linkProblem } from '../../frontend/src/lib/parent-form/link-problem';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { Locale } from '../../frontend/src/i18n/locale';

/**
 * Each reason a link cannot be used has its own sentence with what to do and the school's contact, in the link's
 * language (docs/annual-update.md, "Campaign lifecycle"): a closed campaign (its last day), a letter's code replaced
 * by a newer letter's, an emailed link replaced by a newer email's, a link past its own last day. The first three once
 * read « Ce lien de mise à jour a expiré », the fourth « n'est pas valide ».
 */
afterEach(cleanup);

const school = { name: 'École des Érables', email: 'secretariat@erables.example', phone: '5145550100' };
const refusal = (code: string, status: number, details: object) => new ApiError(status, code, [], undefined, { error: { code, details } });

function renderFor(locale: Locale, error: ApiError) {
  render(
    <I18nextProvider i18n={createI18n(locale)}>
      <MemoryRouter>
        <LinkPageStatus title="Mise à jour" problem={linkProblem(error) ?? 'loadFailed'} error={error} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const CASES: [Locale, ApiError, string][] = [
  ['fr', refusal('CAMPAIGN_CLOSED', 410, { endedOn: '2026-12-19', school }), "La période de mise à jour s'est terminée le 19 décembre 2026."],
  ['en', refusal('CAMPAIGN_CLOSED', 410, { endedOn: '2026-12-19', school }), 'The update period ended on December 19, 2026.'],
  ['fr', refusal('CODE_REPLACED', 410, { school }), "Ce code a été remplacé par celui d'une lettre plus récente."],
  ['en', refusal('CODE_REPLACED', 410, { school }), 'This code was replaced by the code of a newer letter.'],
  // An emailed link replaced by a newer email's (a reminder, a resend) once said « invalide »: it says replaced, and when.
  ['fr', refusal('LINK_REPLACED', 410, { endedOn: '2026-10-03', school }), "Ce lien a été remplacé le 3 octobre 2026 par celui d'un courriel plus récent de l'école."],
  ['en', refusal('LINK_REPLACED', 410, { endedOn: '2026-10-03', school }), 'This link was replaced on October 3, 2026 by the link of a newer email from the school.'],
  ['fr', refusal('LINK_REPLACED', 410, { school }), "Ce lien a été remplacé par celui d'un courriel plus récent de l'école."],
  ['fr', refusal('TOKEN_EXPIRED', 410, { endedOn: '2026-11-01', school }), 'Ce lien de mise à jour a expiré le 1er novembre 2026.'],
  ['en', refusal('TOKEN_EXPIRED', 410, { endedOn: '2026-11-01', school }), 'This update link expired on November 1, 2026.'],
];

describe('an update link that cannot be used says why', () => {
  it.each(CASES)('%s: %s', (locale, error, start) => {
    renderFor(locale, error);
    const alert = screen.getByText(start, { exact: false }).textContent ?? '';
    expect(alert.startsWith(start), alert).toBe(true);
    // What to do, then whom to ask: the office's email and phone as links.
    expect(alert).toMatch(locale === 'fr' ? /communiquez avec le secrétariat/ : /contact the school office/);
    expect(screen.getByRole('link', { name: school.email }).getAttribute('href')).toBe(`mailto:${school.email}`);
    expect(screen.getByRole('link', { name: '514 555-0100' }).getAttribute('href')).toBe('tel:+15145550100');
    expect(screen.getByText(school.name, { exact: false })).toBeTruthy();
  });

  it('gives four different sentences for the four reasons', () => {
    const texts = new Set<string>();
    for (const code of ['CAMPAIGN_CLOSED', 'CODE_REPLACED', 'LINK_REPLACED', 'TOKEN_EXPIRED']) {
      const { container } = render(
        <I18nextProvider i18n={createI18n('fr')}>
          <MemoryRouter>
            <LinkPageStatus title="Mise à jour" problem={linkProblem(refusal(code, 410, { school }))!} error={refusal(code, 410, { school })} />
          </MemoryRouter>
        </I18nextProvider>,
      );
      texts.add(container.querySelector('[class*="awsui_alert"]')?.textContent ?? '');
      cleanup();
    }
    expect(texts.size).toBe(4);
  });
});
