import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CountHeader } from '../../../components/directory/count-header';
import { EmptyState } from '../../../components/directory/empty-state';
import { SearchAndFilterBar } from '../../../components/directory/filter-bar';
import { ResultList } from '../../../components/directory/result-list';
import { NoMatch } from '../../../components/directory/search-field';
import { useIsMobile } from '../../../lib/use-language';
import type { DirectoryIndex } from '../../../lib/directory/directory-index';
import { useFamilyColumns, useFamilySearch } from './use-family-search';

/**
 * Students grouped by family (siblings together, two households side by side), searchable by any member. Like
 * the Parents list, a keystroke updates the search box first and the results (`results`) right after.
 */
export function FamiliesList({ index }: { index: DirectoryIndex }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const { query, setQuery, flushQuery, results, pending, level, setLevel, total, shown, page, clear, levelOptions } =
    useFamilySearch(index);
  // The labels around the search box, translated once per language rather than at every keystroke.
  const labels = useMemo(
    () => ({
      title: t('directory.students.listTitle'),
      placeholder: t('directory.students.searchPlaceholder'),
      allLevels: t('directory.filters.allLevels'),
      levelFilter: t('directory.filters.level'),
    }),
    [t],
  );
  const { familyName, columns } = useFamilyColumns(index, mobile);
  const header = useMemo(
    () => <CountHeader title={labels.title} count={t('directory.students.shown', { count: shown.length, total })} />,
    [t, labels, shown.length, total],
  );
  const empty = useMemo(
    () =>
      total === 0 ? (
        <EmptyState title={t('directory.empty.noStudents')} />
      ) : (
        <NoMatch query={results} onClear={clear} />
      ),
    [t, total, results, clear],
  );
  return (
    <ResultList
      items={page.items}
      columns={columns}
      cardHeader={familyName}
      mobile={mobile}
      busy={pending}
      highlight={results}
      ariaLabel={labels.title}
      header={header}
      filter={
        <SearchAndFilterBar
          search={{ onBlur: flushQuery, value: query, onChange: setQuery, placeholder: labels.placeholder }}
          filter={{
            value: level,
            onChange: setLevel,
            allLabel: labels.allLevels,
            ariaLabel: labels.levelFilter,
            options: levelOptions,
          }}
        />
      }
      pagination={page.pagination}
      empty={empty}
    />
  );
}
