import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { campaignKeys } from '../../../lib/api/admin-query-keys';
import type { SendJobProgress, SendRequest } from '@shared/contracts/annual-update-api';
import { annualUpdateApi } from '../../../lib/api/annual-update-client';
import { useSendRun } from '../api/annual-update-queries';

/** Another request holds the job's lease: the API asks for a 2-5 s pause before calling again. */
const BUSY_PAUSE_MS = 3000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How a send ended: its last progress, or the error that stopped it. */
type Outcome = { job: SendJobProgress; error?: undefined } | { job: null; error: unknown };

/**
 * Drives a send job: the Lambda sends, the page only calls `continue` until `done` and shows the progress.
 * Leaving the page stops the loop; the job waits on the server and `resume` picks it up again later. `preparing`
 * covers the first request (the server lists the recipients, a second or more), so the page shows progress from the
 * click on, not only once the emails go out. The whole run is one mutation (`useSendRun`): however it ends, the
 * campaign's reads are asked again before `onFinished` reports it.
 */
export function useSendJob(apiBaseUrl: string, onFinished: (job: SendJobProgress | null, error?: unknown) => void) {
  const [job, setJob] = useState<SendJobProgress | null>(null);
  const [preparing, setPreparing] = useState(false);
  const running = useRef(false);
  const mounted = useRef(true);
  const run = useSendRun<Outcome>();
  const queryClient = useQueryClient();
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const loop = useCallback(
    async (start: SendJobProgress): Promise<Outcome> => {
      let current = start;
      try {
        setJob(current);
        while (!current.done && mounted.current) {
          if (current.busy) await sleep(BUSY_PAUSE_MS);
          current = await annualUpdateApi.continueJob(apiBaseUrl, current.campaignId, current.jobId);
          if (mounted.current) setJob(current);
          // The campaign's card counts the emails sent: read again after each chunk, not only at the end (a trial's
          // card said 50 while the progress said 341).
          if (!current.done) void queryClient.invalidateQueries({ queryKey: campaignKeys.current });
        }
        return { job: current };
      } catch (error) {
        return { job: null, error };
      }
    },
    [apiBaseUrl, queryClient],
  );

  const drive = useCallback(
    async (first: () => Promise<SendJobProgress>) => {
      if (running.current) return;
      running.current = true;
      try {
        const outcome = await run.mutateAsync(async () => {
          let start: SendJobProgress;
          try {
            start = await first();
          } catch (error) {
            return { job: null, error };
          } finally {
            if (mounted.current) setPreparing(false);
          }
          return loop(start);
        });
        if (mounted.current) onFinished(outcome.job, outcome.error);
      } finally {
        running.current = false;
        if (mounted.current) setJob(null);
      }
    },
    [loop, onFinished, run.mutateAsync],
  );

  const start = useCallback(
    async (campaignId: string, request: SendRequest) => {
      if (running.current) return;
      setPreparing(true);
      await drive(() => annualUpdateApi.send(apiBaseUrl, campaignId, request));
    },
    [apiBaseUrl, drive],
  );
  const resume = useCallback((job: SendJobProgress) => drive(() => Promise.resolve(job)), [drive]);

  return { job, preparing, start, resume, isSending: job !== null || preparing };
}
