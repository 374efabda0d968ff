import type { ApplyResponse } from '@shared/contracts/progression-api';

/** A held lock without `Retry-After`: wait this long before asking again. */
export const DEFAULT_LOCK_WAIT_SECONDS = 3;
/** Give up after this many lock answers in a row (the server says 2 s: 80 s, more than a killed chunk's 60 s lease). */
export const MAX_LOCK_WAITS = 40;

export interface ApplyDriverDeps {
  /** POST …/apply (first call) or POST …/apply/continue. */
  request: (first: boolean) => Promise<ApplyResponse>;
  onProgress: (response: ApplyResponse) => void;
  /** Seconds to wait when the error is the apply lock (409 CONFLICT with Retry-After), else undefined: stop. */
  lockWait: (error: unknown) => number | undefined;
  sleep: (ms: number) => Promise<void>;
  /** The page was left: stop calling (the work waits on the server and resumes at the next visit). */
  stopped: () => boolean;
}

export type ApplyDriverOutcome =
  | { kind: 'done'; response: ApplyResponse }
  | { kind: 'stopped' }
  | { kind: 'failed'; error: unknown };

/**
 * Drives the chunked apply from the browser (docs/progression.md "Chunks"): one request per chunk until `done`.
 * A 409 lock answer (another tab, or a chunk still running after a reload or a closed tab) waits `Retry-After`
 * (a few seconds) and continues; any other error stops and is reported, and calling again resumes where the server is.
 */
export async function driveApply(first: boolean, deps: ApplyDriverDeps): Promise<ApplyDriverOutcome> {
  let isFirst = first;
  let lockWaits = 0;
  for (;;) {
    if (deps.stopped()) return { kind: 'stopped' };
    let response: ApplyResponse;
    try {
      response = await deps.request(isFirst);
    } catch (error) {
      const wait = deps.lockWait(error);
      if (wait === undefined || lockWaits >= MAX_LOCK_WAITS) return { kind: 'failed', error };
      lockWaits += 1;
      await deps.sleep(wait * 1000);
      continue;
    }
    lockWaits = 0;
    isFirst = false;
    deps.onProgress(response);
    if (response.done) return { kind: 'done', response };
  }
}
