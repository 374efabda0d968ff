import { createContext, Fragment, memo, useContext, useMemo, type CSSProperties, type ReactNode } from 'react';
import { matchRanges } from '../../lib/directory/match-ranges';

/**
 * The query a search list shows the results of, for the Highlights in its rows (ResultList provides it). Rows
 * memoised without the query then re-render only when they show someone else: a keystroke that keeps the same
 * people on the page re-renders the Highlights alone (docs/benchmarks.md, "Search per keystroke").
 */
export const HighlightQuery = createContext('');

/**
 * A text with the parts that match the search query marked (`<mark>`), so a person sees why a row is in the
 * results. Matching ignores case and accents like the search does; the text itself is shown as written. The
 * query is `query`, or else that of the list around it (HighlightQuery).
 */
export const Highlight = memo(function Highlight({ text, query }: { text: string; query?: string }) {
  const listQuery = useContext(HighlightQuery);
  const wanted = query ?? listQuery;
  const ranges = useMemo(() => matchRanges(text, wanted), [text, wanted]);
  if (ranges.length === 0) return <>{text}</>;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(<Fragment key={`t${at}`}>{text.slice(at, start)}</Fragment>);
    parts.push(
      <mark key={`m${start}`} style={MARK_STYLE}>
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(<Fragment key={`t${at}`}>{text.slice(at)}</Fragment>);
  return <>{parts}</>;
});

/** The browser's own highlight colours (readable in light and dark themes), without the extra padding. */
const MARK_STYLE: CSSProperties = { padding: 0, borderRadius: 2 };
