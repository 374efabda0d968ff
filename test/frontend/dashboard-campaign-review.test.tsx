// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { CampaignView } from '@shared/contracts/annual-update-api';
import { AdminDashboardPage } from '../../frontend/src/features/admin/pages/admin-dashboard-page';
import { adminMessagesKey, campaignKeys, committeeSignUpsKey, privacyRequestsKey, progressionCurrentKey } from '../../frontend/src/lib/api/admin-query-keys';
import { renderWithAnswers } from './render-screen';

/**
 * The dashboard's campaign card says how many answers wait for review (docs/annual-update.md, "Review before
 * publishing"): a trial closed a campaign with one waiting, and the card said only « Fermée, 2/386 ».
 */
const ID = '01JABCDEFGHJKMNPQRSTVW9999';
const CLOSED = {
  id: ID, schoolYear: '2093-2094', status: 'completed', createdAt: '2093-09-01T12:00:00.000Z', completedAt: '2093-10-07T17:00:00.000Z', review: true,
  counts: { totalParents: 386, reachable: 386, unreachable: 0, emailsSent: 386, formsSubmitted: 2, optedOut: 0 },
  progress: { completed: 2, total: 386, percentage: 0.5 }, reminders: { days: [], sent: [] },
} as unknown as CampaignView;

afterEach(cleanup);

function renderDashboard(lang: 'fr' | 'en', campaign: CampaignView, waiting: number, activeJob: unknown = null) {
  renderWithAnswers(<AdminDashboardPage />, {
    locale: lang,
    answers: [
      [campaignKeys.current, { campaign, activeJob }],
      [campaignKeys.review(ID), { items: Array.from({ length: waiting }, () => ({})) }],
      [progressionCurrentKey, { schoolYear: '2093-2094', progression: null }],
      [privacyRequestsKey, { requests: [], open: 0, overdue: 0 }],
      [committeeSignUpsKey, { total: 0, recent: [] }],
      [adminMessagesKey, { messages: [], settings: { classRepresentatives: true, committeeChairs: true, teachers: true, approveRepresentatives: false, withdrawn: [], version: 1 } }],
    ],
  });
}

describe("the dashboard's campaign card", () => {
  it.each([
    ['fr', 1, '1 réponse attend votre révision'],
    ['fr', 3, '3 réponses attendent votre révision'],
    ['en', 1, '1 answer awaits your review'],
  ] as const)('%s: says how many answers wait for review (%s), closed campaign included', (lang, waiting, text) => {
    renderDashboard(lang, CLOSED, waiting);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('says nothing of review when none waits, or when the campaign publishes at once', () => {
    renderDashboard('fr', CLOSED, 0);
    expect(screen.queryByText(/révision/)).toBeNull();
    cleanup();
    renderDashboard('fr', { ...CLOSED, review: false }, 2);
    expect(screen.queryByText(/révision/)).toBeNull();
  });
});

/** A send job left halfway: the campaign page drives it, so it waits while that page is closed. */
const job = (sent: number, done: boolean) => ({
  jobId: '01JABCDEFGHJKMNPQRSTVW8888', campaignId: ID, mode: 'notSent', status: done ? 'completed' : 'running', total: 1404,
  pending: 1404 - sent - 2, retrying: 0, sending: 0, sent, failed: 0, uncertain: 2, skipped: 0, done, busy: false,
  createdAt: '2093-09-01T12:05:00.000Z',
});

describe("the dashboard's campaign card, a sending left unfinished", () => {
  it.each([
    ['fr', 'Envoi inachevé\u00a0: 1\u00a0188 courriels envoyés sur 1\u00a0404. Ouvrez la campagne pour le poursuivre.'],
    ['en', 'Sending not finished: 1,188 of 1,404 emails sent. Open the campaign to continue it.'],
  ] as const)('%s: says how far it went and where to continue it', (lang, text) => {
    renderDashboard(lang, { ...CLOSED, status: 'active' } as CampaignView, 0, job(1186, false));
    expect(document.body.textContent).toContain(text);
  });

  it('says nothing once the sending is done', () => {
    renderDashboard('fr', { ...CLOSED, status: 'active' } as CampaignView, 0, job(1402, true));
    expect(document.body.textContent).not.toContain('Envoi inachevé');
  });
});

describe("the dashboard's heading", () => {
  it.each([
    ['fr', "Au fil de l'année\u00a0: en fin d'année scolaire, le passage à l'année suivante; à la rentrée, les listes de l'école"],
    ['en', 'Through the year: at the end of the school year, the move to the next year; when school starts, the school'],
  ] as const)('%s: says in which order a school year goes (a trial found nothing to start from in September)', (lang, order) => {
    renderDashboard(lang, CLOSED, 0);
    expect(document.body.textContent).toContain(order);
  });
});
