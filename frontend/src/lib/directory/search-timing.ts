/**
 * Names the User Timing measure each list's search leaves behind (`directory-search:parents` ...): visible in
 * the browser's performance panel and observed by the keystroke benchmark (local/bench/search-bench.ts). A
 * measure costs microseconds.
 */
export const SEARCH_MEASURE_PREFIX = 'directory-search:';

export function timedSearch<T>(list: string, search: () => T): T {
  const start = performance.now();
  const result = search();
  const name = `${SEARCH_MEASURE_PREFIX}${list}`;
  try {
    // Only the latest is kept, so a long session does not pile up entries; observers still see each one.
    performance.clearMeasures(name);
    performance.measure(name, { start, end: performance.now() });
  } catch {
    // Old browsers without measure options: the search still works, only the timing is missing.
  }
  return result;
}
