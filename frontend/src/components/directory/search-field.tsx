import { memo, useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import TextFilter from '@cloudscape-design/components/text-filter';
import { EmptyState } from './empty-state';

/**
 * A screen's search box with Cloudscape's clear button, and how many records match, announced to screen readers
 * (a polite status) unless the list's header says it. The box itself is memoised apart from the count: the results and their count follow a
 * keystroke a frame later (useDeferredSearchText), and that update re-renders only the count here, not the
 * Cloudscape TextFilter (its input, icons, button and live region), whose cost counts in the keystroke budget
 * (docs/benchmarks.md).
 */
export function SearchField({
  value,
  onChange,
  placeholder,
  matches,
  onBlur,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Focus left the box (useUrlSearchText's `flush`). */
  onBlur?: () => void;
  placeholder: string;
  /**
   * Number of records the query matches, shown while a query is typed. Left out by lists whose header already says
   * how many are shown (Parents, Students): the count is said once.
   */
  matches?: number;
}) {
  const { t } = useTranslation();
  // Translated once per language and count, not at every keystroke (a plural lookup costs a fraction of a ms).
  const countText = useMemo(() => (matches === undefined ? '' : t('directory.search.matches', { count: matches })), [t, matches]);
  return (
    <div onBlur={onBlur} style={FIELD}>
      <div style={BOX}>
        <SearchBox value={value} onChange={onChange} placeholder={placeholder} />
      </div>
      {matches !== undefined && (
        <span role="status" style={COUNT}>
          {value ? countText : ''}
        </span>
      )}
    </div>
  );
}

const FIELD: CSSProperties = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 12, rowGap: 4 };
const BOX: CSSProperties = { flex: '1 1 200px', minWidth: 0 };
const COUNT: CSSProperties = { whiteSpace: 'nowrap' };

const SearchBox = memo(function SearchBox({ value, onChange, placeholder }: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  const { t } = useTranslation();
  const clearLabel = useMemo(() => t('directory.search.clear'), [t]);
  return (
    <TextFilter
      filteringText={value}
      onChange={({ detail }) => onChange(detail.filteringText)}
      filteringPlaceholder={placeholder}
      filteringAriaLabel={placeholder}
      filteringClearAriaLabel={clearLabel}
    />
  );
});

/** "No results" for a query, with the one useful action: clearing it. */
export function NoMatch({ query, onClear }: { query: string; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={t('directory.empty.noMatch')}
      body={t('directory.empty.noMatchBody', { query })}
      action={<Button onClick={onClear}>{t('directory.search.clear')}</Button>}
    />
  );
}
