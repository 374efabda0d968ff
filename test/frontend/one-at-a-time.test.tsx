// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useOneAtATime } from '../../frontend/src/lib/use-one-at-a-time';

/** lib/use-one-at-a-time.ts: a double click on an import's « Appliquer » or a progression's « Commencer » runs it once. */
describe('useOneAtATime', () => {
  it('drops a call made while the last one runs, and runs the next one after it ended (failed or not)', async () => {
    const { result } = renderHook(() => useOneAtATime());
    const once = result.current;
    let runs = 0;
    let finish!: () => void;
    const slow = () => {
      runs += 1;
      return new Promise<string>((resolve) => (finish = () => resolve('done')));
    };
    const first = once(slow);
    const second = once(slow);
    await expect(second).resolves.toBeUndefined();
    finish();
    await expect(first).resolves.toBe('done');
    expect(runs).toBe(1);

    await expect(once(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await expect(once(async () => 'again')).resolves.toBe('again');
  });
});
