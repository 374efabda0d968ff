import Header from '@cloudscape-design/components/header';

/**
 * A search list's title and its count: the count said once (not also as a "(12/382)" counter and beside the search
 * box), in a polite live region, so a screen reader announces it as it changes.
 */
export function CountHeader({ title, count }: { title: string; count: string }) {
  return <Header description={<span role="status">{count}</span>}>{title}</Header>;
}
