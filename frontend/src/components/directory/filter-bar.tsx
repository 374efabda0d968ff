import type { ComponentProps, ReactNode } from 'react';
import { OptionFilter } from './option-filter';
import { SearchField } from './search-field';

/**
 * The search box and the filters of a list side by side, wrapping under each other on a phone (a Cloudscape
 * Table's `filter` slot lays out whatever it is given).
 */
export function FilterBar({ search, filters }: { search: ReactNode; filters?: ReactNode }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-start' }}>
      <div style={{ flex: '1 1 240px', minWidth: 0 }}>{search}</div>
      {filters && <div style={{ flex: '0 1 240px', minWidth: 0 }}>{filters}</div>}
    </div>
  );
}

/** The lists' usual bar: a search box and one single-choice filter (class, level, department). */
export function SearchAndFilterBar({
  search,
  filter,
}: {
  search: ComponentProps<typeof SearchField>;
  filter: ComponentProps<typeof OptionFilter>;
}) {
  return <FilterBar search={<SearchField {...search} />} filters={<OptionFilter {...filter} />} />;
}
