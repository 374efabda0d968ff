import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import TextFilter from '@cloudscape-design/components/text-filter';
import { EmptyState } from './empty-state';

/** A screen's search box: the query, how many records match, and Cloudscape's clear button. */
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
  /** Number of records the query matches (shown while a query is typed). */
  matches: number;
}) {
  const { t } = useTranslation();
  // Translated once per language and count, not at every keystroke (a plural lookup costs a fraction of a ms).
  const clearLabel = useMemo(() => t('directory.search.clear'), [t]);
  const countText = useMemo(() => t('directory.search.matches', { count: matches }), [t, matches]);
  return (
    <div onBlur={onBlur}>
      <TextFilter
        filteringText={value}
        onChange={({ detail }) => onChange(detail.filteringText)}
        filteringPlaceholder={placeholder}
        filteringAriaLabel={placeholder}
        filteringClearAriaLabel={clearLabel}
        countText={countText}
      />
    </div>
  );
}

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
