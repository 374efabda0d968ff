import { memo, useMemo, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { HighlightQuery } from './highlight';
import { trackBySlot } from './page-slots';
import { TextScope } from './text-scope';

export interface ResultColumn<T> {
  id: string;
  header: string;
  cell: (item: T) => ReactNode;
  /** Column width on wide screens (`30%`); the rest share what is left. */
  width?: string;
}

/** A hairline in the text colour: right in light and dark themes without reading Cloudscape's private tokens. */
const RULE = '1px solid color-mix(in srgb, currentColor 18%, transparent)';
const TABLE: CSSProperties = { width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' };
const CELL: CSSProperties = { textAlign: 'start', verticalAlign: 'top', padding: '10px 12px 10px 0', borderBlockEnd: RULE };
/**
 * Cards below the screen are not laid out or painted until scrolled near (`content-visibility: auto`; they stay
 * in the page for search-in-page and screen readers): a phone shows two or three of the ten at a time.
 */
const CARD: CSSProperties = {
  border: RULE,
  borderRadius: 16,
  padding: 16,
  listStyle: 'none',
  minWidth: 0,
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 240px',
};
const CARD_TITLE: CSSProperties = { marginBlockStart: 0 };
const CARD_FIELD: CSSProperties = { marginBlockStart: 8 };
const CARDS: CSSProperties = { display: 'grid', gap: 16, padding: 0, margin: 0 };

/**
 * The results change the page's layout only inside their own box: a new page of rows does not make the browser
 * restyle or re-lay out the header, the search box and the rest of the page (CSS containment). Not `paint`
 * containment (`contain: content`): it would clip the focus rings of the copy buttons at the box's edge.
 */
const RESULTS: CSSProperties = { contain: 'layout style' };
const PAGER: CSSProperties = { display: 'flex', justifyContent: 'flex-end' };

interface BodyProps<T> {
  items: readonly T[];
  columns: ResultColumn<T>[];
  /** Shown instead of the rows when there is none. */
  empty: ReactNode;
  mobile: boolean;
  /** The card's title on a phone; the columns follow, each under its header. */
  cardHeader: (item: T) => ReactNode;
  ariaLabel: string;
}

/**
 * A page of search results in one Cloudscape Container (header, filter and pagination above), as a plain HTML
 * table on wide screens and a list of cards below 1280 px. Cloudscape's Table and Cards cost ~1.3 ms of main
 * thread per row at every keystroke at 1,000 families, which alone overran the 16 ms frame (docs/benchmarks.md);
 * this markup, styled by one TextContent, updates each row in place (rows keyed by their slot on the page).
 *
 * The rows are memoised: give `columns`, `empty` and `cardHeader` a stable identity (useMemo, useCallback) that
 * does not depend on the query: the cells' Highlights read it (`highlight`) from the list, so a keystroke
 * re-renders them alone, and a row re-renders only when its slot shows another item. `busy` (the rows still show
 * an earlier query) is exposed as `aria-busy` on the results.
 */
export function ResultList<T extends object>({
  header,
  filter,
  pagination,
  busy = false,
  highlight,
  ...body
}: BodyProps<T> & {
  header: ReactNode;
  filter: ReactNode;
  pagination: ReactNode;
  busy?: boolean;
  /** The query the rows show the results of, marked by the Highlights in their cells. */
  highlight: string;
}) {
  // Kept while the header, the filter and the pager are: a render for new rows then skips the Cloudscape
  // components above them.
  const top = useMemo(
    () => (
      <SpaceBetween size="s">
        {header}
        {filter}
        <div style={PAGER}>{pagination}</div>
      </SpaceBetween>
    ),
    [header, filter, pagination],
  );
  return (
    <Container header={top}>
      <div aria-busy={busy} style={RESULTS}>
        <HighlightQuery.Provider value={highlight}>
          <ResultBody {...body} />
        </HighlightQuery.Provider>
      </div>
    </Container>
  );
}

type Head = Pick<ResultColumn<never>, 'id' | 'header' | 'width'>;
const sameHeads = (a: { columns: Head[] }, b: { columns: Head[] }) =>
  a.columns.length === b.columns.length &&
  a.columns.every((c, i) => c.id === b.columns[i]!.id && c.header === b.columns[i]!.header && c.width === b.columns[i]!.width);

/**
 * Column widths and heads. The columns' cells change with every query (they highlight it), their heads do not:
 * re-rendered only when an id, header or width changes (a language switch, a phone turned sideways).
 */
const ColumnHeads = memo(function ColumnHeads({ columns }: { columns: Head[] }) {
  return (
    <>
      <colgroup>
        {columns.map((column) => (
          <col key={column.id} style={{ width: column.width }} />
        ))}
      </colgroup>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.id} scope="col" style={CELL}>
              <Box variant="awsui-key-label">{column.header}</Box>
            </th>
          ))}
        </tr>
      </thead>
    </>
  );
}, sameHeads);

const ResultBody = memo(function ResultBody<T extends object>({
  items,
  columns,
  empty,
  mobile,
  cardHeader,
  ariaLabel,
}: BodyProps<T>) {
  const key = trackBySlot(items);
  const body =
    items.length === 0 ? (
      empty
    ) : mobile ? (
      <ul style={CARDS} aria-label={ariaLabel}>
        {items.map((item) => (
          <CardItem key={key(item)} item={item} columns={columns} cardHeader={cardHeader} />
        ))}
      </ul>
    ) : (
      <table style={TABLE} aria-label={ariaLabel}>
        <ColumnHeads columns={columns} />
        <tbody>
          {items.map((item) => (
            <TableRow key={key(item)} item={item} columns={columns} />
          ))}
        </tbody>
      </table>
    );
  return <TextScope>{body}</TextScope>;
}) as <T extends object>(props: BodyProps<T>) => ReactElement;

/** One row: re-rendered only when its slot shows another item (or the columns change: a language switch). */
const TableRow = memo(function TableRow<T extends object>({ item, columns }: { item: T; columns: ResultColumn<T>[] }) {
  return (
    <tr>
      {columns.map((column) => (
        <td key={column.id} style={CELL}>
          {column.cell(item)}
        </td>
      ))}
    </tr>
  );
}) as <T extends object>(props: { item: T; columns: ResultColumn<T>[] }) => ReactElement;

const CardItem = memo(function CardItem<T extends object>({
  item,
  columns,
  cardHeader,
}: {
  item: T;
  columns: ResultColumn<T>[];
  cardHeader: (item: T) => ReactNode;
}) {
  return (
    <li style={CARD}>
      <h3 style={CARD_TITLE}>{cardHeader(item)}</h3>
      {columns.map((column) => (
        <div key={column.id} style={CARD_FIELD}>
          <small>
            <strong>{column.header}</strong>
          </small>
          <div>{column.cell(item)}</div>
        </div>
      ))}
    </li>
  );
}) as <T extends object>(props: { item: T; columns: ResultColumn<T>[]; cardHeader: (item: T) => ReactNode }) => ReactElement;
