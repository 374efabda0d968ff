import { Fragment, useMemo, type CSSProperties, type ReactNode } from 'react';
import { matchRanges } from '../../lib/directory/match-ranges';

/**
 * A text with the parts that match the search query marked (`<mark>`), so a person sees why a row is in the
 * results. Matching ignores case and accents like the search does; the text itself is shown as written.
 */
export function Highlight({ text, query }: { text: string; query: string }) {
  const ranges = useMemo(() => matchRanges(text, query), [text, query]);
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
}

/** The browser's own highlight colours (readable in light and dark themes), without the extra padding. */
const MARK_STYLE: CSSProperties = { padding: 0, borderRadius: 2 };
