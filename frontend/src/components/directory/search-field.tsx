import { memo, useMemo, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import { EmptyState } from './empty-state';
import styles from './search-box.module.css';

/**
 * A screen's search box with a clear button, and how many records match, announced to screen readers (a polite
 * status) unless the list's header says it. The box is a plain `<input type="search">` drawn like Cloudscape's
 * TextFilter (search-box.module.css), memoised apart from the count: a keystroke re-renders the box, the list's
 * rows and the count in one frame, and Cloudscape's TextFilter (its input, icons, button, live region and hooks)
 * cost more of that frame than the rows' text (docs/benchmarks.md, "Search per keystroke").
 */
export function SearchField({
  value,
  onChange,
  placeholder,
  label,
  matches,
  onBlur,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Focus left the box (useUrlSearchText's `flush`). */
  onBlur?: () => void;
  /** The hint in the empty box: short, to fit a 375 px phone (test/frontend/search-placeholders.test.ts). */
  placeholder: string;
  /** The box's name, the whole sentence (« Chercher une classe, une enseignante… »); the placeholder when left out. */
  label?: string;
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
        <SearchBox value={value} onChange={onChange} placeholder={placeholder} label={label ?? placeholder} />
      </div>
      {matches !== undefined && (
        <span role="status" className={styles.count}>
          {value ? countText : ''}
        </span>
      )}
    </div>
  );
}

// No column gap: the count keeps its own margin, only when it says something (search-box.module.css).
const FIELD: CSSProperties = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', rowGap: 4 };
const BOX: CSSProperties = { flex: '1 1 200px', minWidth: 0 };

const SearchBox = memo(function SearchBox({ value, onChange, placeholder, label }: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
}) {
  const { t } = useTranslation();
  const clearLabel = useMemo(() => t('directory.search.clear'), [t]);
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={styles.box}>
      <span className={styles.glass} aria-hidden="true">
        <svg className={styles.icon} viewBox="0 0 16 16" focusable="false">
          <circle cx="7" cy="7" r="5" />
          <path d="M11 11l3.5 3.5" />
        </svg>
      </span>
      <input
        ref={input}
        type="search"
        className={styles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        aria-label={label}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
      />
      {value && (
        <button
          type="button"
          className={styles.clear}
          aria-label={clearLabel}
          title={clearLabel}
          onClick={() => {
            onChange('');
            input.current?.focus();
          }}
        >
          <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M3.5 3.5l9 9M12.5 3.5l-9 9" />
          </svg>
        </button>
      )}
    </div>
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
