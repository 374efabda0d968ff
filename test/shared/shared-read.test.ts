import { describe, expect, it } from 'vitest';
import { sharedFreshRead } from '../../lambdas/common/shared-read';

/**
 * lambdas/common/shared-read.ts: concurrent callers share one read, but never one sent before they called (it
 * could miss a write they saw acknowledged). Reads here are promises the test settles by hand.
 */
function controlledReads() {
  const sent: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  const read = () =>
    new Promise<string>((resolve, reject) => {
      sent.push({ resolve, reject });
    });
  return { sent, read };
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function track<T>(promise: Promise<T>) {
  const state: { value?: T; error?: unknown; done: boolean } = { done: false };
  promise.then(
    (value) => Object.assign(state, { value, done: true }),
    (error: unknown) => Object.assign(state, { error, done: true }),
  );
  return state;
}

describe('sharedFreshRead', () => {
  it('sends a lone caller’s read at once, and each later lone caller’s too', async () => {
    const { sent, read } = controlledReads();
    const shared = sharedFreshRead(read);
    const first = shared();
    expect(sent).toHaveLength(1);
    sent[0]!.resolve('v1');
    expect(await first).toBe('v1');
    const second = shared();
    expect(sent).toHaveLength(2);
    sent[1]!.resolve('v2');
    expect(await second).toBe('v2');
  });

  it('never answers a caller with a read sent before it called: it waits for the next, shared by all who waited', async () => {
    const { sent, read } = controlledReads();
    const shared = sharedFreshRead(read);
    const a = track(shared());
    const [b, c] = [track(shared()), track(shared())];
    expect(sent).toHaveLength(1);
    sent[0]!.resolve('before the write');
    await settle();
    expect(a).toMatchObject({ done: true, value: 'before the write' });
    expect(b.done || c.done).toBe(false);
    // The next read left once the first had settled: after b and c called.
    expect(sent).toHaveLength(2);
    const d = track(shared());
    sent[1]!.resolve('after the write');
    await settle();
    expect([b.value, c.value]).toEqual(['after the write', 'after the write']);
    expect(d.done).toBe(false);
    expect(sent).toHaveLength(3);
    sent[2]!.resolve('later');
    await settle();
    expect(d.value).toBe('later');
  });

  it('fails only the callers a failed read was sent for; those waiting get a read of their own', async () => {
    const { sent, read } = controlledReads();
    const shared = sharedFreshRead(read);
    const a = track(shared());
    const b = track(shared());
    sent[0]!.reject(new Error('throttled'));
    await settle();
    expect((a.error as Error).message).toBe('throttled');
    expect(b.done).toBe(false);
    sent[1]!.resolve('v');
    await settle();
    expect(b.value).toBe('v');
  });

  it('turns a read that throws before returning a promise into a rejection, and keeps working', async () => {
    let calls = 0;
    const shared = sharedFreshRead(() => {
      calls++;
      if (calls === 1) throw new Error('bad configuration');
      return Promise.resolve(calls);
    });
    await expect(shared()).rejects.toThrow('bad configuration');
    expect(await shared()).toBe(2);
  });
});
