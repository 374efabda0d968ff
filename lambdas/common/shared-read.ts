/**
 * One read answering every caller that asked while none was on its way, never a read that left before a caller
 * asked (docs/decisions/concurrent-directory-reads-share-one-version-read.md, "Concurrent directory reads share one version read").
 *
 * A caller is answered by the first read sent after it called, so it sees every write acknowledged before it
 * called, exactly as with a read of its own. At most one read is on its way at a time: callers arriving while
 * it is share the next one, sent as soon as it settles. A lone caller's read is sent at once. A failed read fails
 * only the callers it was sent for; the next caller sends a new one.
 *
 * It engages only where one process serves several requests at once (the local gateway, Lambda Managed
 * Instances); a standard Lambda instance serves one request at a time, so each read is its caller's own.
 */
export function sharedFreshRead<T>(read: () => Promise<T>): () => Promise<T> {
  type Waiter = { resolve: (value: T) => void; reject: (error: unknown) => void };
  let waiting: Waiter[] = [];
  let sending = false;

  async function send(): Promise<void> {
    sending = true;
    try {
      while (waiting.length > 0) {
        const batch = waiting;
        waiting = [];
        // Sent now, after every caller of the batch asked.
        try {
          const value = await read();
          for (const waiter of batch) waiter.resolve(value);
        } catch (error) {
          for (const waiter of batch) waiter.reject(error);
        }
      }
    } finally {
      sending = false;
    }
  }

  return () =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (!sending) void send();
    });
}
