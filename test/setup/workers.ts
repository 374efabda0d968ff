/**
 * How many vitest workers run the suite, and so how many shared stacks the `stack` project starts (one per worker):
 * 2 by default, TEST_WORKERS=n to try another count (docs/decisions/test-suite-less-cpu.md, "Test suite: less CPU").
 */
export const TEST_WORKERS = Math.max(1, Number(process.env.TEST_WORKERS ?? 2) || 2);
