import { describe, expect, it } from 'vitest';
import { printFontCache } from '../../frontend/src/lib/directory-pdf/print-font-cache';

/** A fetch that answers each URL with its own bytes, counts the calls and can fail the next ones. */
function fakeFetch() {
  const calls: string[] = [];
  let failing = false;
  const fetchFont = async (url: string) => {
    calls.push(url);
    if (failing) return { ok: false, status: 503, arrayBuffer: async () => new ArrayBuffer(0) };
    return { ok: true, status: 200, arrayBuffer: async () => new TextEncoder().encode(url).buffer as ArrayBuffer };
  };
  return { calls, fetchFont, fail: (value: boolean) => (failing = value) };
}

const urls = { regular: '/fonts/r.woff2', bold: '/fonts/b.woff2' };
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('print fonts, read once per page', () => {
  it('fetches both faces once, however many printouts (or form openings) ask', async () => {
    const net = fakeFetch();
    const fonts = printFontCache(urls, net.fetchFont);
    const [first, second] = await Promise.all([fonts(), fonts()]);
    const third = await fonts();
    expect(text(first.regular)).toBe('/fonts/r.woff2');
    expect(text(first.bold)).toBe('/fonts/b.woff2');
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(net.calls).toEqual(['/fonts/r.woff2', '/fonts/b.woff2']);
  });

  it('forgets a failed read, so the next printout asks again', async () => {
    const net = fakeFetch();
    const fonts = printFontCache(urls, net.fetchFont);
    net.fail(true);
    await expect(fonts()).rejects.toThrow('font 503');
    net.fail(false);
    const again = await fonts();
    expect(text(again.bold)).toBe('/fonts/b.woff2');
    expect(net.calls).toHaveLength(4);
  });
});
