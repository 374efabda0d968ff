import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApplyResponse } from '@shared/contracts/progression-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { useApplyRun } from '../api/progression-queries';
import { progressionApi } from '../../../lib/api/progression-client';
import { DEFAULT_LOCK_WAIT_SECONDS, driveApply, type ApplyDriverOutcome } from '../model/apply-driver';
import { ApiError } from '../../../lib/api/api-client';
import { useOneAtATime } from '../../../lib/use-one-at-a-time';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A held apply lock: 409 CONFLICT with Retry-After. */
function lockWait(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'CONFLICT') return undefined;
  return error.retryAfter ?? DEFAULT_LOCK_WAIT_SECONDS;
}

/**
 * Runs the apply from the page: `start` after the confirmation, `resume` when the page opens on an apply that
 * is under way (closed tab, lost connection). Leaving the page stops the loop; the server keeps its place.
 */
export function useApply(onDone: (response: ApplyResponse) => void) {
  const { apiBaseUrl } = useRuntimeConfig();
  const [progress, setProgress] = useState<ApplyResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [running, setRunning] = useState(false);
  const once = useOneAtATime();
  const { mutateAsync: runApply } = useApplyRun<ApplyDriverOutcome>();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(
    (progressionId: string, first: boolean) => once(async () => {
      setRunning(true);
      setError(null);
      // However the loop ends, what it wrote makes the records and the directory stale (useApplyRun).
      const outcome = await runApply(() => driveApply(first, {
        request: (isFirst) =>
          isFirst ? progressionApi.apply(apiBaseUrl, progressionId) : progressionApi.continueApply(apiBaseUrl, progressionId),
        onProgress: (response) => mounted.current && setProgress(response),
        lockWait,
        sleep,
        stopped: () => !mounted.current,
      }));
      if (!mounted.current) return;
      setRunning(false);
      if (outcome.kind === 'done') onDone(outcome.response);
      if (outcome.kind === 'failed') setError(outcome.error);
    }),
    [apiBaseUrl, onDone, runApply, once],
  );

  return {
    progress,
    error,
    running,
    start: (progressionId: string) => run(progressionId, true),
    resume: (progressionId: string) => run(progressionId, false),
  };
}
