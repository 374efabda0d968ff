// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import { IncidentForm } from '../../frontend/src/features/privacy-admin/components/incident-form';
import { IncidentTable } from '../../frontend/src/features/privacy-admin/components/incident-table';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { Locale } from '../../frontend/src/i18n/locale';
import { formatLongDateTime } from '../../frontend/src/lib/date-time';
import { createQueryClient } from '../../frontend/src/lib/query/query-client';
import type { Incident } from '@shared/contracts/privacy-incidents-api';
import { testConfig } from './render-screen';

/**
 * Sentences write their dates as people do (« le 3 mars 2026 », "March 3, 2026"; docs/product-rules.md, "Québec
 * conventions"): the privacy incident titles and the review's "sent on" (the data editor's "signed up on":
 * test/frontend/sign-up-mark.test.tsx). Numeric dates
 * stay in tables and fields.
 */
afterEach(cleanup);

const CONFIG = testConfig();
const show = (locale: Locale, ui: React.ReactElement) =>
  render(
    <I18nextProvider i18n={createI18n(locale)}>
      <RuntimeConfigProvider config={CONFIG}>
        <QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>
      </RuntimeConfigProvider>
    </I18nextProvider>,
  );

const INCIDENT: Incident = {
  id: '01JABCDEFGHJKMNPQRSTVW0001', version: 2, createdAt: '2026-03-04T15:00:00.000Z', updatedAt: '2026-03-04T15:00:00.000Z',
  occurredOn: '2026-03-01', discoveredOn: '2026-03-03', description: 'Une liste imprimée oubliée', personalInformation: 'Noms',
  peopleCount: 12, seriousInjuryRisk: false, riskReasoning: 'Liste retrouvée', commissionNotified: false, peopleNotified: false, measures: '',
};
const noop = () => undefined;

describe('a moment in a sentence', () => {
  it("is the long date and the time, in the school's zone", () => {
    const afternoon = new Date('2026-11-28T14:05:00-05:00');
    expect(formatLongDateTime(afternoon, 'fr')).toBe('28 novembre 2026 à 14 h 05');
    expect(formatLongDateTime(afternoon.toISOString(), 'en')).toBe('November 28, 2026 at 14:05');
    expect(formatLongDateTime(new Date('2027-03-01T09:58:00-05:00'), 'fr')).toBe('1er mars 2027 à 9 h 58');
  });
});

describe('the privacy incident register', () => {
  it.each([
    ['fr', "Modifier l'incident connu le 3 mars 2026", 'Incident connu le 3 mars 2026'],
    ['en', 'Edit the incident known on March 3, 2026', 'Incident known on March 3, 2026'],
  ] as const)('%s: the edit button, the card and the edit form name the incident by its long date', (lang, editOf, title) => {
    show(lang, <IncidentTable incidents={[INCIDENT]} onCreate={noop} onEdit={noop} exports={null} />);
    expect(screen.getByRole('button', { name: editOf })).toBeTruthy();
    // jsdom has no width: the register shows its phone cards, each titled by its day.
    expect(screen.getByText(title)).toBeTruthy();
    cleanup();
    show(lang, <IncidentForm incident={INCIDENT} onCancel={noop} onSaved={noop} />);
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
  });
});
