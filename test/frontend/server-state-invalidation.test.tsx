// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClientProvider, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Committee } from '@shared/schemas/committee';
import { StaffSubmitResponseSchema } from '@shared/rules/staff-form';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import { createQueryClient } from '../../frontend/src/lib/query/query-client';
import { directoryKey } from '../../frontend/src/lib/directory/use-directory';
import { meKey } from '../../frontend/src/lib/api/me-queries';
import {
  adminDataKeys,
  useDeleteRecord,
  useImportApply,
  useSaveRecord,
  useSaveSafetyRestriction,
} from '../../frontend/src/features/admin-data/api/admin-data-queries';
import { adminCommitteesKey, campaignKeys, progressionCurrentKey } from '../../frontend/src/lib/api/admin-query-keys';
import { useSetCommitteeOpen } from '../../frontend/src/lib/committees/admin-committees-queries';
import { progressionKeys, useApplyRun, useStage } from '../../frontend/src/features/progression/api/progression-queries';
import { useSubmitStaff } from '../../frontend/src/features/update/api/update-queries';
import {
  annualUpdateKeys,
  useCloseCampaign,
  useDecideReview,
  useLetterCodes,
  useReopenCampaign,
  useSaveReminders,
  useSendRun,
  useStartCampaign,
} from '../../frontend/src/features/annual-update/api/annual-update-queries';
import { loopbackApiPerFile } from './loopback-api';

/**
 * The stale-copy class of bug (docs/frontend.md, "Server state"): a value saved on one screen and the old copy shown
 * on the next. Each write the screens make through a mutation module names the reads it changes; here each one
 * runs against a loopback API with those reads already in the cache, and after its success every one of them is
 * stale (asked again by the next screen that shows it), while a read it does not touch stays fresh.
 */
const { answers, config } = loopbackApiPerFile();

const UNRELATED: QueryKey = ['unrelated'];

/** A cache holding an answer for each key (and one unrelated read), and a wrapper that provides it. */
function cacheWith(keys: readonly QueryKey[]): { client: QueryClient; wrapper: (p: { children: ReactNode }) => ReactNode } {
  const client = createQueryClient();
  for (const key of [...keys, UNRELATED]) client.setQueryData(key, { old: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RuntimeConfigProvider config={config()}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </RuntimeConfigProvider>
  );
  return { client, wrapper };
}

function expectStale(client: QueryClient, keys: readonly QueryKey[]) {
  for (const key of keys) expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
  expect(client.getQueryState(UNRELATED)?.isInvalidated).toBe(false);
}

/** What a change to the school's records shows on: the editor's lists, a parent's consent log, the directory, /me. */
const RECORD_READS: QueryKey[] = [adminDataKeys.directory, adminDataKeys.consentLog('p1'), directoryKey, meKey];

const EMPTY_REPORT = {
  valid: true,
  files: [],
  counts: {},
  related: { familyLinksAdded: 0, familyLinksRemoved: 0, membershipsAdded: 0, membershipsChanged: 0, membershipsRemoved: 0, registryAdded: 0, registryRemoved: 0 },
  createsSettings: false,
  writes: 0,
  errors: [],
  warnings: [],
  errorCount: 0,
};

describe("the data editor's writes make the records' reads stale", () => {
  it('saving a record (new or edited)', async () => {
    answers['/api/admin/parents/p1'] = { record: { id: 'p1' } };
    const { client, wrapper } = cacheWith(RECORD_READS);
    const { result } = renderHook(() => useSaveRecord(), { wrapper });
    await result.current.mutateAsync({ segment: 'parents', id: 'p1', input: { version: 1 } });
    expectStale(client, RECORD_READS);
  });

  it('saving a safety restriction', async () => {
    answers['/api/admin/parents/p1/safety-restriction'] = { record: { id: 'p1' } };
    const { client, wrapper } = cacheWith(RECORD_READS);
    const { result } = renderHook(() => useSaveSafetyRestriction(), { wrapper });
    await result.current.mutateAsync({ id: 'p1', request: { version: 1, hiddenFrom: [] } });
    expectStale(client, RECORD_READS);
  });

  it('deleting a record', async () => {
    answers['/api/admin/students/s1'] = { deleted: true };
    const { client, wrapper } = cacheWith(RECORD_READS);
    const { result } = renderHook(() => useDeleteRecord(), { wrapper });
    await result.current.mutateAsync({ segment: 'students', id: 's1', request: { version: 1, confirm: 'confirm' } });
    expectStale(client, RECORD_READS);
  });

  it('applying an import, and an import refused midway (its earlier chunks were written)', async () => {
    answers['/api/admin/import/apply'] = { report: EMPTY_REPORT, progress: { written: 0, remaining: 0, complete: true } };
    const done = cacheWith(RECORD_READS);
    const applied = renderHook(() => useImportApply(() => undefined), { wrapper: done.wrapper });
    await applied.result.current.mutateAsync(() => Promise.resolve([]));
    expectStale(done.client, RECORD_READS);

    delete answers['/api/admin/import/apply'];
    const refused = cacheWith(RECORD_READS);
    const failing = renderHook(() => useImportApply(() => undefined), { wrapper: refused.wrapper });
    await expect(failing.result.current.mutateAsync(() => Promise.resolve([]))).rejects.toThrow();
    expectStale(refused.client, RECORD_READS);
  });
});

describe('the committees screen', () => {
  it('opening a committee to sign-ups makes the committees, the editor\'s records and the directory stale', async () => {
    answers['/api/admin/committees/c1'] = { record: { id: 'c1' } };
    const reads: QueryKey[] = [adminCommitteesKey, adminDataKeys.directory, directoryKey];
    const { client, wrapper } = cacheWith(reads);
    const { result } = renderHook(() => useSetCommitteeOpen(), { wrapper });
    const committee: Committee = { id: 'c1', version: 2, createdAt: '2026-09-01T00:00:00.000Z', updatedAt: '2026-09-01T00:00:00.000Z', name: { fr: 'OPP', en: 'PPO' }, kind: 'opp', otherMembers: [], openToSignUps: false };
    await result.current.mutateAsync({ committee, memberships: [], open: true });
    expectStale(client, reads);
  });
});

describe('the progression', () => {
  it('an apply, however it ends, makes the records, the directory, /me and the dashboard\'s card stale', async () => {
    const reads: QueryKey[] = [adminDataKeys.directory, adminCommitteesKey, directoryKey, meKey, progressionCurrentKey];
    const { client, wrapper } = cacheWith(reads);
    const { result } = renderHook(() => useApplyRun<string>(), { wrapper });
    await result.current.mutateAsync(() => Promise.resolve('failed midway'));
    expectStale(client, reads);
  });

  it('a staging change makes the review and the dashboard\'s card stale', async () => {
    const staged = cacheWith([progressionKeys.review('g1'), progressionCurrentKey]);
    const stage = renderHook(() => useStage(), { wrapper: staged.wrapper });
    await stage.result.current.mutateAsync({ id: 'g1', call: () => Promise.resolve({} as never) });
    expectStale(staged.client, [progressionKeys.review('g1'), progressionCurrentKey]);
  });
});

describe('the update links', () => {
  // Someone answering through their link in a browser where they (or an administrator) are also signed in. The
  // parent's and the staff member's submits name the same reads (update-queries.ts); the staff one runs here.
  it("a staff member's answer makes the directory, /me, the records and the campaign stale", async () => {
    const staff = { id: '01J0000000000000000000000S', version: 2, firstName: 'Annie', lastName: 'Roy', title: { fr: 'Enseignante', en: 'Teacher' }, department: 'teaching', showEmail: true, preferredLanguage: 'fr' };
    const form = { kind: 'staff', staff, classes: [], school: { name: 'École' }, campaign: { schoolYear: '2030-2031' } };
    answers['/api/update/staff/submit'] = StaffSubmitResponseSchema.parse({ form, submittedAt: '2030-09-10T13:58:00.000Z', hasAccount: null });
    const reads: QueryKey[] = [directoryKey, meKey, adminDataKeys.directory, campaignKeys.current];
    const { client, wrapper } = cacheWith(reads);
    const { result } = renderHook(() => useSubmitStaff('t0ken'), { wrapper });
    await result.current.mutateAsync({ version: 2, title: { fr: 'Enseignante', en: 'Teacher' }, department: 'teaching', showEmail: true, preferredLanguage: 'fr' } as never);
    expectStale(client, reads);
  });
});

describe("the annual campaign's writes", () => {
  const ID = '01J00000000000000000000C01';
  const PARENT = '01J00000000000000000000P01';
  const BASE = `/api/admin/annual-update/campaigns/${ID}`;
  const view = {
    id: ID, schoolYear: '2030-2031', status: 'active', deadline: '2030-10-01', createdAt: '2030-09-01T12:00:00.000Z',
    counts: { totalParents: 2, reachable: 2, unreachable: 0, emailsSent: 0, formsSubmitted: 0, optedOut: 0 },
    progress: { completed: 0, total: 2, percentage: 0 }, reminders: { days: [], sent: [] },
  };
  /** What the campaign's screens and the dashboard's card read: the campaign, its participants, its review queue. */
  const CAMPAIGN_READS: QueryKey[] = [campaignKeys.current, annualUpdateKeys.participants(ID), annualUpdateKeys.review(ID)];

  it('a start makes the campaign, the committees, the records and the directory stale (it opens and closes committees)', async () => {
    answers['/api/admin/annual-update/campaigns'] = { campaign: view, resumed: false };
    const reads: QueryKey[] = [...CAMPAIGN_READS, adminCommitteesKey, adminDataKeys.directory, directoryKey];
    const { client, wrapper } = cacheWith(reads);
    const { result } = renderHook(() => useStartCampaign(), { wrapper });
    await result.current.mutateAsync({ schoolYear: '2030-2031', deadline: '2030-10-01', confirmation: 'confirm' } as never);
    expectStale(client, reads);
  });

  it('closing, reopening and saving the reminders make the campaign, the participants and the queue stale', async () => {
    for (const path of ['/close', '/reopen', '/reminders']) answers[`${BASE}${path}`] = view;
    const closed = cacheWith(CAMPAIGN_READS);
    await renderHook(() => useCloseCampaign(), { wrapper: closed.wrapper }).result.current.mutateAsync(ID);
    expectStale(closed.client, CAMPAIGN_READS);

    const reopened = cacheWith(CAMPAIGN_READS);
    await renderHook(() => useReopenCampaign(), { wrapper: reopened.wrapper }).result.current.mutateAsync({ campaignId: ID, request: { deadline: '2030-11-01' } });
    expectStale(reopened.client, CAMPAIGN_READS);

    const reminded = cacheWith(CAMPAIGN_READS);
    await renderHook(() => useSaveReminders(), { wrapper: reminded.wrapper }).result.current.mutateAsync({ campaignId: ID, request: { reminderDays: [7] } });
    expectStale(reminded.client, CAMPAIGN_READS);
  });

  it('new letter codes make the participants stale (they show who got a letter)', async () => {
    answers[`${BASE}/letters`] = { campaign: { id: ID, schoolYear: '2030-2031' }, school: { name: 'École' }, generatedAt: '2030-09-02T12:00:00.000Z', letters: [] };
    const { client, wrapper } = cacheWith(CAMPAIGN_READS);
    await renderHook(() => useLetterCodes(), { wrapper }).result.current.mutateAsync({ campaignId: ID, request: {} });
    expectStale(client, CAMPAIGN_READS);
  });

  it('a send run, however it ends, makes the campaign and its participants stale', async () => {
    const { client, wrapper } = cacheWith(CAMPAIGN_READS);
    await renderHook(() => useSendRun<string>(), { wrapper }).result.current.mutateAsync(() => Promise.resolve('stopped midway'));
    expectStale(client, CAMPAIGN_READS);
  });

  it("a review decision makes the queue, the campaign, the directory, the records and /me stale (it publishes the parent's answer)", async () => {
    answers[`${BASE}/review/${PARENT}`] = { item: null };
    const reads: QueryKey[] = [...CAMPAIGN_READS, directoryKey, adminDataKeys.directory, meKey];
    const { client, wrapper } = cacheWith(reads);
    const { result } = renderHook(() => useDecideReview(), { wrapper });
    await result.current.mutateAsync({ campaignId: ID, parentId: PARENT, request: { version: 1, submittedAt: '2030-09-03T12:00:00.000Z', accept: ['phone'] } as never });
    expectStale(client, reads);
  });
});
