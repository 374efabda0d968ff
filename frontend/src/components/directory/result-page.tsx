import { useMemo, useRef, useState, type ReactElement } from 'react';
import { Pagination } from '../pagination/pagination';

/**
 * One page of a search list's results and its pager (components/pagination), back on page 1 whenever the search or a
 * filter changes (`resetKey`). Unlike useCollection, the page's items and the pagination element keep their
 * identity while the results do not change, so a memoised result list skips the keystrokes that only
 * update the search box.
 */
export function useResultPage<T>(
  items: readonly T[],
  pageSize: number,
  resetKey: string,
): { items: readonly T[]; pagination: ReactElement } {
  const [chosen, setChosen] = useState({ index: 1, key: resetKey });
  const pagesCount = Math.ceil(items.length / pageSize);
  const wanted = chosen.key === resetKey ? chosen.index : 1;
  const index = wanted < 1 || wanted > pagesCount ? 1 : wanted;
  const pageItems = useMemo(() => items.slice((index - 1) * pageSize, index * pageSize), [items, index, pageSize]);
  // Read when a page is chosen, so a new search that keeps the same page count does not re-render the pager.
  const currentKey = useRef(resetKey);
  currentKey.current = resetKey;
  const pagination = useMemo(
    () => (
      <Pagination
        currentPageIndex={index}
        pagesCount={pagesCount}
        onChange={({ detail }) => setChosen({ index: detail.currentPageIndex, key: currentKey.current })}
      />
    ),
    [index, pagesCount],
  );
  return { items: pageItems, pagination };
}
