import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Message } from '@shared/contracts/messages-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { messagesKeys, sendToEnd } from './messages-queries';

/** One of the author's messages this page is sending, or whose sending stopped. */
export interface Drive {
  busy: boolean;
  progress?: Message;
  error?: unknown;
}

export interface SendDriver {
  drives: Readonly<Record<string, Drive>>;
  /** Sends a message to the end; a message already being sent from this page is not sent a second time, its run is answered. */
  drive: (id: string) => Promise<Message>;
  /** Goes on with the author's messages left `sending` that this page has not tried yet (docs/messages.md, "Sending"). */
  resumeLeft: (sent: readonly Message[]) => void;
  /** Whether a message is being sent now: leaving the page would stop it. */
  sending: boolean;
}

/**
 * The author's page drives their messages' sending chunk by chunk (docs/messages.md, "Sending"): after writing one,
 * and on coming back to a message left `sending` (the page was closed, the phone locked). One run per message in
 * this page, so the form and the resume never send it twice at once; the server's claims keep two tabs from
 * emailing anyone twice. The Messages page is read again after each run.
 */
export function useSendDriver(): SendDriver {
  const { apiBaseUrl } = useRuntimeConfig();
  const queryClient = useQueryClient();
  const runs = useRef(new Map<string, Promise<Message>>());
  const tried = useRef(new Set<string>());
  const [drives, setDrives] = useState<Record<string, Drive>>({});

  const drive = useCallback(
    (id: string): Promise<Message> => {
      const running = runs.current.get(id);
      if (running) return running;
      tried.current.add(id);
      const update = (change: Partial<Drive>) => setDrives((all) => ({ ...all, [id]: { ...all[id], busy: all[id]?.busy ?? true, ...change } }));
      update({ busy: true, error: undefined });
      const run = sendToEnd(apiBaseUrl, id, (progress) => update({ progress }))
        .then(
          (message) => {
            update({ busy: false });
            return message;
          },
          (error: unknown) => {
            update({ busy: false, error });
            throw error;
          },
        )
        .finally(() => {
          runs.current.delete(id);
          void queryClient.invalidateQueries({ queryKey: messagesKeys.mine });
        });
      runs.current.set(id, run);
      return run;
    },
    [apiBaseUrl, queryClient],
  );

  const resumeLeft = useCallback(
    (sent: readonly Message[]) => {
      // A failed run is not tried again by itself: its row says why and offers « Reprendre l'envoi ».
      for (const m of sent) if (m.status === 'sending' && !tried.current.has(m.id)) drive(m.id).catch(() => undefined);
    },
    [drive],
  );

  return { drives, drive, resumeLeft, sending: Object.values(drives).some((d) => d.busy) };
}
