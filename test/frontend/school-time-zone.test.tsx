// @vitest-environment jsdom
import { afterAll, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { PrivacyRequestView } from '@shared/contracts/privacy-requests-api';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { ParticipantHistory } from '../../frontend/src/features/annual-update/components/participant-history';
import { RequestsTable } from '../../frontend/src/features/privacy-requests/components/requests-table';
import { formatDate, formatDateTime, formatLongDateTime } from '../../frontend/src/lib/date-time';
import { participantRow } from './participant-row';
import { windowWidthPerTest } from './window-width';

/**
 * Every date and time on screen is the school's (America/Toronto, frontend/src/lib/date-time.ts), whatever the zone
 * of the machine showing it: the campaign history wrote its times on the browser's clock while the privacy queue
 * wrote the school's day, so an administrator's laptop left on Tokyo time read an event of 23 h 30 on 27 November
 * as « 2026-11-28 13 h 30 ». This file runs with the process in Tokyo (UTC+9, unit-isolated: the zone is the
 * process's), and the instants sit near midnight in Montréal, where the two zones' days differ.
 */
const zoneAtStart = process.env.TZ;
process.env.TZ = 'Asia/Tokyo';
afterAll(() => {
  if (zoneAtStart === undefined) delete process.env.TZ;
  else process.env.TZ = zoneAtStart;
});

const setWidth = windowWidthPerTest();

/** 23 h 30 on 27 November in Montréal (EST, UTC-5); 13 h 30 on 28 November in Tokyo. */
const LATE_EVENING = '2026-11-28T04:30:00.000Z';
/** 22 h on 2 January in Montréal; noon on 3 January in Tokyo. */
const RECEIVED = '2030-01-03T03:00:00.000Z';

const request: PrivacyRequestView = {
  id: '01JD0000000000000000000001',
  kind: 'access',
  details: 'Une copie de mes renseignements.',
  requester: { parentId: '01JD0000000000000000000009', name: 'Léa Tremblay', language: 'fr' },
  via: 'profile',
  receivedAt: RECEIVED,
  dueAt: '2030-02-02T03:00:00.000Z',
  status: 'received',
  notes: [],
  emails: { receipt: 'sent' },
  version: 1,
  updatedAt: RECEIVED,
  overdue: false,
};

describe("dates and times on the school's clock, in a browser on another zone", () => {
  it('runs in Tokyo, where the machine reads another day', () => {
    expect(new Date(LATE_EVENING).getDate()).toBe(28);
    expect(new Date(LATE_EVENING).getHours()).toBe(13);
  });

  it.each([
    ['fr', '2026-11-27 23 h 30'],
    ['en', '2026-11-27 23:30'],
  ] as const)("a participant's campaign history (%s) shows the school's day and hour", (locale, shown) => {
    const participant = participantRow({ firstName: 'Léa', lastName: 'Tremblay', history: [{ at: LATE_EVENING, event: 'emailSent' }] });
    render(
      <I18nextProvider i18n={createI18n(locale)}>
        <ParticipantHistory participant={participant} onDismiss={() => {}} />
      </I18nextProvider>,
    );
    const list = screen.getByRole('list');
    expect(within(list).getByText(shown)).toBeTruthy();
  });

  it("the privacy requests queue shows the school's day a request was received and is due", () => {
    setWidth(1440);
    render(
      <I18nextProvider i18n={createI18n('fr')}>
        <RequestsTable requests={[request]} onSelect={() => {}} />
      </I18nextProvider>,
    );
    const row = screen.getAllByRole('row')[1]!;
    expect(within(row).getByText('2030-01-02')).toBeTruthy();
    expect(within(row).getByText('2030-02-01')).toBeTruthy();
    expect(within(row).queryByText('2030-01-03')).toBeNull();
  });

  it('the shared helpers agree, and a calendar day (data) is written as it is', () => {
    expect(formatDate(LATE_EVENING)).toBe('2026-11-27');
    expect(formatDateTime(Date.parse(LATE_EVENING), 'en')).toBe('2026-11-27 23:30');
    expect(formatLongDateTime(LATE_EVENING, 'fr')).toBe('27 novembre 2026 à 23 h 30');
    // A deadline or a birth date is a day, not an instant: never moved a day back by a zone.
    expect(formatDate('2026-11-28')).toBe('2026-11-28');
  });
});
