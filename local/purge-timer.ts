import { runPurge } from '../lambdas/privacy/retention/purge-service';
import type { PurgeReport } from '../shared/retention-api';

/**
 * The local stack's stand-in for the daily EventBridge schedule (docs/operations.md, "Scheduled jobs"): runs the
 * retention purge once soon after start, then once a day, in this process (where the handlers run, on the local
 * table). It never blocks the start, never overlaps itself, and a failed run is reported and tried again next time.
 */

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
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      // Awaited first: an optional call skips evaluating its arguments when there is no listener.
      const report = await run({ now: new Date(), trigger: 'localTimer' });
      options.onReport?.(report);
    } catch (error) {
      options.onError?.(error);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), options.firstRunMs ?? 5000);
  const every = setInterval(() => void tick(), options.intervalMs ?? PURGE_INTERVAL_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
