import { runPurge } from '../lambdas/privacy/retention/purge-service';
import type { PurgeReport } from '@shared/contracts/retention-api';
import { repeat } from './repeat';

/** The retention purge (docs/privacy.md, "Retention"), once soon after start, then once a day (local/repeat.ts). */
export const PURGE_INTERVAL_MS = 24 * 60 * 60 * 1000;

export interface PurgeTimerOptions {
  intervalMs?: number;
  /** Delay of the first run after start. */
  firstRunMs?: number;
  onReport?: (report: PurgeReport) => void;
  onError?: (error: unknown) => void;
  run?: typeof runPurge;
}

/** Starts the timer; the returned function stops it (a run under way finishes on its own). */
export function startPurgeTimer(options: PurgeTimerOptions = {}): () => void {
  const run = options.run ?? runPurge;
  return repeat({
    run: () => run({ now: new Date(), trigger: 'localTimer' }),
    intervalMs: options.intervalMs ?? PURGE_INTERVAL_MS,
    firstRunMs: options.firstRunMs,
    onResult: options.onReport,
    onError: options.onError,
  });
}
