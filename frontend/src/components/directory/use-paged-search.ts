import { useCallback, useMemo, useRef } from 'react';
import { createMatcher } from '@shared/rules/search';
import { timedSearch } from '../../lib/directory/search-timing';
import { useDeferredSearchText } from '../../lib/use-url-state';
import { useResultPage } from './result-page';

/**
 * A paged search list's search (Parents, Students): the text typed, shown at once, and the query the results
 * follow (useDeferredSearchText); the rows that match it and that the filter beside the box keeps; the page shown.
 *
 * A keystroke after which the first page would show the same rows, with the same count, renders the box and the
 * results together (only the highlighted letters change); any other one renders the box first and the rows a
 * frame later (docs/benchmarks.md, "Search per keystroke"). The search of the key's event is the render's: the
 * last query's matches are kept.
 */
export function usePagedSearch<T>({ list, rows, fields, filter, filterKey, pageSize }: {
  /** Names the search's User Timing measure (`directory-search:<list>`). */
  list: string;
  rows: readonly T[];
  /** The texts of a row the query matches. */
  fields: (row: T) => (string | null | undefined)[];
  /** The rows the filter beside the box keeps (a class, a level), in order; a new function when its choice changes. */
  filter: (matching: T[]) => T[];
  /** The filter's choice, part of what sends the pager back to page 1. */
  filterKey: string;
  pageSize: number;
}) {
  const match = useMemo(() => createMatcher(rows, fields), [rows, fields]);
  const search = useMemo(() => {
    let last: { query: string; rows: T[] } | undefined;
    return (query: string) => {
      if (last?.query !== query) last = { query, rows: timedSearch(list, () => match(query)) };
      return last.rows;
    };
  }, [match, list]);

  // What the list shows now, read when a key is pressed.
  const current = useRef<{ page: readonly T[]; count: number; filter: (matching: T[]) => T[] }>(undefined);
  const sameRows = useCallback(
    (next: string) => {
      if (!current.current) return false;
      const { page, count, filter: keep } = current.current;
      const rowsNext = keep(search(next));
      // A new query shows its first page.
      return rowsNext.length === count && page.length === Math.min(pageSize, count) && page.every((row, i) => rowsNext[i] === row);
    },
    [search, pageSize],
  );
  const text = useDeferredSearchText('q', sameRows);

  const shown = useMemo(() => filter(search(text.results)), [filter, search, text.results]);
  const page = useResultPage(shown, pageSize, `${filterKey}\n${text.results}`);
  current.current = { page: page.items, count: shown.length, filter };
  return { ...text, total: rows.length, shown, page };
}
