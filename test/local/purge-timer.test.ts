import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPurgeTimer } from '../../local/purge-timer';
import type { PurgeReport } from '@shared/contracts/retention-api';

/** The local stack's daily purge timer (local/purge-timer.ts): once after start, then daily, never overlapping. */
describe('the local purge timer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once shortly after start, then every interval, and not twice at once', async () => {
    let release: () => void = () => undefined;
    const run = vi.fn(
      (options: { trigger: string }) =>
        new Promise<PurgeReport>((resolve) => {
          release = () => resolve({ trigger: options.trigger } as PurgeReport);
        }),
    );
    const reports: PurgeReport[] = [];
    const stop = startPurgeTimer({ run, firstRunMs: 10, intervalMs: 100, onReport: (r) => reports.push(r) });
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run.mock.calls[0]![0]).toMatchObject({ trigger: 'localTimer' });
    // Still running when the interval fires: skipped.
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(1);
    release();
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(2);
    expect(reports).toHaveLength(1);
    stop();
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('reports a failed run and keeps going', async () => {
    let calls = 0;
    const run = (): Promise<PurgeReport> => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('down')) : Promise.resolve({} as PurgeReport);
    };
    const errors: unknown[] = [];
    const stop = startPurgeTimer({ run, firstRunMs: 10, intervalMs: 50, onError: (e) => errors.push(e) });
    await vi.advanceTimersByTimeAsync(10);
    await vi.advanceTimersByTimeAsync(50);
    expect(errors).toHaveLength(1);
    expect(calls).toBe(2);
    stop();
  });
});
