import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Header from '@cloudscape-design/components/header';
import { createMatcher } from '../../../../../shared/search';
import { ContactDetails } from '../../../components/directory/contact-details';
import { EmptyState } from '../../../components/directory/empty-state';
import { FilterBar } from '../../../components/directory/filter-bar';
import { OptionFilter } from '../../../components/directory/option-filter';
import { ResultList, type ResultColumn } from '../../../components/directory/result-list';
import { useResultPage } from '../../../components/directory/result-page';
import { NoMatch, SearchField } from '../../../components/directory/search-field';
import { useIsMobile, useLanguage } from '../../../lib/use-language';
import type { DirectoryIndex } from '../../../lib/directory/directory-index';
import { classLevelsLabel } from '../../../lib/directory/labels';
import { Highlight } from '../../../components/directory/highlight';
import { timedSearch } from '../../../lib/directory/search-timing';
import { useDeferredSearchText, useUrlParam } from '../../../lib/use-url-state';
import { ParentChildren } from './parent-children';
import { parentRows, parentSearchFields, type ParentRow } from './parent-rows';

/** A page of results re-rendered after every keystroke (docs/benchmarks.md, "Search per keystroke"). */
const PAGE_SIZE = 10;

/**
 * Parents: who they are, their children with level, class and teacher, and how to reach them. A keystroke
 * first updates the search box alone; the results (`results`, the deferred query) follow right after.
 */
export function ParentsList({ index }: { index: DirectoryIndex }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const mobile = useIsMobile();
  const { value: query, setValue: setQuery, flush: flushQuery, results, pending } = useDeferredSearchText();
  const [classCode, setClassCode] = useUrlParam('class');

  const rows = useMemo(() => parentRows(index, lang), [index, lang]);
  const match = useMemo(() => createMatcher(rows, parentSearchFields), [rows]);
  const matching = useMemo(() => timedSearch('parents', () => match(results)), [match, results]);
  const shown = useMemo(
    () => (classCode ? matching.filter((row) => row.children.some((c) => c.classCode === classCode)) : matching),
    [matching, classCode],
  );
  const page = useResultPage(shown, PAGE_SIZE, `${classCode}\n${results}`);

  const clear = useCallback(() => {
    setQuery('');
    setClassCode('');
  }, [setQuery, setClassCode]);
  const classOptions = useMemo(
    () =>
      index.directory.classes.map((c) => ({
        value: c.code,
        label: `${c.name} (${classLevelsLabel(index.directory, c.levels, lang)})`,
      })),
    [index, lang],
  );

  // The labels around the search box, translated once per language rather than at every keystroke.
  const labels = useMemo(
    () => ({
      title: t('directory.parents.listTitle'),
      placeholder: t('directory.parents.searchPlaceholder'),
      allClasses: t('directory.filters.allClasses'),
      classFilter: t('directory.filters.class'),
    }),
    [t],
  );
  const total = rows.length;
  const header = useMemo(
    () => (
      <Header
        counter={`(${shown.length}/${total})`}
        description={t('directory.parents.shown', { count: shown.length, total })}
      >
        {labels.title}
      </Header>
    ),
    [t, labels, shown.length, total],
  );
  const filter = (
    <FilterBar
      search={
        <SearchField
          onBlur={flushQuery}
          value={query}
          onChange={setQuery}
          placeholder={labels.placeholder}
          matches={shown.length}
        />
      }
      filters={
        <OptionFilter
          value={classCode}
          onChange={setClassCode}
          allLabel={labels.allClasses}
          ariaLabel={labels.classFilter}
          options={classOptions}
        />
      }
    />
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
  const name = useCallback((row: ParentRow) => <Highlight text={row.name} query={results} />, [results]);
  const columns = useMemo(() => {
    const all: ResultColumn<ParentRow>[] = [
      { id: 'parent', header: t('directory.parents.parent'), width: '25%', cell: (row) => <strong>{name(row)}</strong> },
      {
        id: 'children',
        header: t('directory.parents.children'),
        width: '35%',
        cell: (row) => <ParentChildren items={row.children} query={results} />,
      },
      {
        id: 'contact',
        header: t('directory.parents.contact'),
        cell: ({ parent }) => (
          <ContactDetails email={parent.email} phone={parent.phone} address={parent.address} query={results} />
        ),
      },
    ];
    return mobile ? all.slice(1) : all;
  }, [t, name, results, mobile]);
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
      ariaLabel={labels.title}
    />
  );
}
