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
  return (
    <div onBlur={onBlur}>
      <TextFilter
        filteringText={value}
        onChange={({ detail }) => onChange(detail.filteringText)}
        filteringPlaceholder={placeholder}
        filteringAriaLabel={placeholder}
        filteringClearAriaLabel={t('directory.search.clear')}
        countText={t('directory.search.matches', { count: matches })}
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
