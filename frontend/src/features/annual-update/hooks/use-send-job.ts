import { useCallback, useEffect, useRef, useState } from 'react';
import type { SendJobProgress, SendRequest } from '@shared/contracts/annual-update-api';
import { annualUpdateApi } from '../../../lib/api/annual-update-client';

/** Another request holds the job's lease: the API asks for a 2-5 s pause before calling again. */
const BUSY_PAUSE_MS = 3000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Drives a send job: the Lambda sends, the page only calls `continue` until `done` and shows the progress.
 * Leaving the page stops the loop; the job waits on the server and `resume` picks it up again later. `preparing`
 * covers the first request (the server lists the recipients, a second or more), so the page shows progress from the
 * click on, not only once the emails go out.
 */
export function useSendJob(apiBaseUrl: string, onFinished: (job: SendJobProgress | null, error?: unknown) => void) {
  const [job, setJob] = useState<SendJobProgress | null>(null);
  const [preparing, setPreparing] = useState(false);
  const running = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const drive = useCallback(
    async (start: SendJobProgress) => {
      if (running.current) return;
      running.current = true;
      let current = start;
      try {
        setJob(current);
        while (!current.done && mounted.current) {
          if (current.busy) await sleep(BUSY_PAUSE_MS);
          current = await annualUpdateApi.continueJob(apiBaseUrl, current.campaignId, current.jobId);
          if (mounted.current) setJob(current);
        }
        if (mounted.current) onFinished(current);
      } catch (error) {
        if (mounted.current) onFinished(null, error);
      } finally {
        running.current = false;
        if (mounted.current) setJob(null);
      }
    },
    [apiBaseUrl, onFinished],
  );

  const start = useCallback(
    async (campaignId: string, request: SendRequest) => {
      setPreparing(true);
      let first: SendJobProgress;
      try {
        first = await annualUpdateApi.send(apiBaseUrl, campaignId, request);
      } catch (error) {
        if (mounted.current) setPreparing(false);
        onFinished(null, error);
        return;
      }
      if (mounted.current) setPreparing(false);
      await drive(first);
    },
    [apiBaseUrl, drive, onFinished],
  );

  return { job, preparing, start, resume: drive, isSending: job !== null || preparing };
}
