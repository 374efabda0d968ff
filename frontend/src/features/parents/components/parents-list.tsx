import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CountHeader } from '../../../components/directory/count-header';
import { EmptyState } from '../../../components/directory/empty-state';
import { SearchAndFilterBar } from '../../../components/directory/filter-bar';
import { ResultList } from '../../../components/directory/result-list';
import { NoMatch } from '../../../components/directory/search-field';
import { useIsMobile } from '../../../lib/use-language';
import type { DirectoryIndex } from '../../../lib/directory/directory-index';
import { useParentColumns, useParentSearch } from './use-parent-search';

/**
 * Parents: who they are, their children with level, class and teacher, and how to reach them. A keystroke
 * first updates the search box alone; the results (`results`, the deferred query) follow right after.
 */
export function ParentsList({ index }: { index: DirectoryIndex }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const { query, setQuery, flushQuery, results, pending, classCode, setClassCode, total, shown, page, clear, classOptions } =
    useParentSearch(index);

  // The labels around the search box, translated once per language rather than at every keystroke.
  const labels = useMemo(
    () => ({
      title: t('directory.parents.listTitle'),
      placeholder: t('directory.parents.searchPlaceholder'),
      searchLabel: t('directory.parents.searchLabel'),
      allClasses: t('directory.filters.allClasses'),
      classFilter: t('directory.filters.class'),
    }),
    [t],
  );
  const header = useMemo(
    () => <CountHeader title={labels.title} count={t('directory.parents.shown', { count: shown.length, total })} />,
    [t, labels, shown.length, total],
  );
  // The bar keeps its identity while the box's text and the class are the same: the results' render (a frame after
  // the key) then skips the Cloudscape TextFilter and Select instead of re-rendering them with the rows.
  const filter = useMemo(
    () => (
      <SearchAndFilterBar
        search={{ onBlur: flushQuery, value: query, onChange: setQuery, placeholder: labels.placeholder, label: labels.searchLabel }}
        filter={{
          value: classCode,
          onChange: setClassCode,
          allLabel: labels.allClasses,
          ariaLabel: labels.classFilter,
          options: classOptions,
        }}
      />
    ),
    [flushQuery, query, setQuery, labels, classCode, setClassCode, classOptions],
  );
  const empty = useMemo(
    () =>
      total === 0 ? (
        <EmptyState title={t('directory.empty.noParents')} />
      ) : (
        <NoMatch query={results} onClear={clear} />
      ),
    [t, total, results, clear],
  );
  const { name, columns } = useParentColumns(mobile, index.directory.school?.name);
  return (
    <ResultList
      items={page.items}
      columns={columns}
      cardHeader={name}
      header={header}
      filter={filter}
      pagination={page.pagination}
      empty={empty}
      mobile={mobile}
      busy={pending}
      highlight={results}
      ariaLabel={labels.title}
    />
  );
}
