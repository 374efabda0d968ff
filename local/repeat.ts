/**
 * The local stack's stand-in for an EventBridge schedule (docs/operations.md, "Scheduled jobs"): runs a job once
 * soon after start, then every interval, in this process (where the handlers run, on the local table). It never
 * blocks the start, never overlaps itself, and a failed run is reported and tried again next time.
 */
export interface RepeatOptions<T> {
  run: () => Promise<T>;
  intervalMs: number;
  /** Delay of the first run after start. */
  firstRunMs?: number;
  onResult?: (result: T) => void;
  onError?: (error: unknown) => void;
}

/** Starts the timer; the returned function stops it (a run under way finishes on its own). */
export function repeat<T>(options: RepeatOptions<T>): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      // Awaited first: an optional call skips evaluating its arguments when there is no listener.
      const result = await options.run();
      options.onResult?.(result);
    } catch (error) {
      options.onError?.(error);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), options.firstRunMs ?? 5000);
  const every = setInterval(() => void tick(), options.intervalMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
