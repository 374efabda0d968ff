// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SendJobProgress } from '@shared/contracts/annual-update-api';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import { useSendJob } from '../../frontend/src/features/annual-update/hooks/use-send-job';
import { useCurrentCampaign } from '../../frontend/src/lib/api/admin-summary-queries';
import { createQueryClient } from '../../frontend/src/lib/query/query-client';
import { startHandlerApi, type LoopbackApi } from './loopback-api';

/**
 * A send job's chunks and the campaign's card (features/annual-update/hooks/use-send-job.ts): the card's « emails
 * sent » is read again after each chunk, not only at the end (a trial's card said 50 while the progress said 341).
 */
const CAMPAIGN = '01JABCDEFGHJKMNPQRSTVW9999';
const progress = (sent: number, done: boolean): SendJobProgress => ({
  jobId: '01JABCDEFGHJKMNPQRSTVW8888', campaignId: CAMPAIGN, mode: 'notSent', status: done ? 'completed' : 'running', total: 300,
  pending: 300 - sent, retrying: 0, sending: 0, sent, failed: 0, uncertain: 0, skipped: 0, done, busy: false,
  createdAt: '2026-09-01T12:00:00.000Z',
} as SendJobProgress);

let api: LoopbackApi;
const reads: number[] = [];
let chunks = 0;
beforeAll(async () => {
  api = await startHandlerApi(({ method, url }) => {
    if (method === 'GET' && url === '/api/admin/annual-update') {
      reads.push(chunks);
      return { status: 200, body: { campaign: null, activeJob: null } };
    }
    if (method === 'POST' && url.endsWith('/send-jobs')) return { status: 200, body: progress(0, false) };
    if (method === 'POST' && url.endsWith('/continue')) {
      chunks += 1;
      return { status: 200, body: progress(chunks * 100, chunks === 3) };
    }
    return undefined;
  });
});
afterAll(async () => {
  cleanup();
  await api.close();
});

function Sender({ onDone }: { onDone: () => void }) {
  useCurrentCampaign();
  const sender = useSendJob(api.config.apiBaseUrl, onDone);
  useEffect(() => void sender.start(CAMPAIGN, { mode: 'notSent' }), []);
  return null;
}

describe("a send job's progress and the campaign's counts", () => {
  it('reads the campaign again after each chunk that leaves emails to send', async () => {
    let done = false;
    render(
      <RuntimeConfigProvider config={api.config}>
        <QueryClientProvider client={createQueryClient()}>
          <Sender onDone={() => (done = true)} />
        </QueryClientProvider>
      </RuntimeConfigProvider>,
    );
    await waitFor(() => expect(done).toBe(true), { timeout: 20_000 });
    // Read once at first, after chunks 1 and 2 (emails left: two more), and once the job is done.
    await waitFor(() => expect(reads.length).toBeGreaterThanOrEqual(4));
    expect(reads.filter((chunk) => chunk > 0 && chunk < 3).length).toBeGreaterThanOrEqual(1);
  });
});
