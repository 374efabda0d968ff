/**
 * Spaces calls at most `ratePerSecond` per second: each `wait()` resolves no earlier than one interval after
 * the previous one. One job is worked by one request at a time (its lease), so this bounds the whole send.
 */
export interface Throttle {
  wait(): Promise<void>;
}

export function createThrottle(
  ratePerSecond: number,
  clock: () => number = Date.now,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Throttle {
  const interval = 1000 / ratePerSecond;
  let next = 0;
  return {
    async wait() {
      const now = clock();
      const at = Math.max(now, next);
      next = at + interval;
      if (at > now) await sleep(at - now);
    },
  };
}
