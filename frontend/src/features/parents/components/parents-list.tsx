import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import { createMatcher } from '../../../../../shared/search';
import { ContactDetails } from '../../directory/components/contact-details';
import { EmptyState } from '../../directory/components/empty-state';
import { FilterBar } from '../../directory/components/filter-bar';
import { OptionFilter } from '../../directory/components/option-filter';
import { ResultList, type ResultColumn } from '../../directory/components/result-list';
import { NoMatch, SearchField } from '../../directory/components/search-field';
import { useIsMobile, useLanguage } from '../../directory/components/use-language';
import type { DirectoryIndex } from '../../directory/model/directory-index';
import { classLevelsLabel } from '../../directory/model/labels';
import { Highlight } from '../../directory/search/highlight';
import { timedSearch } from '../../directory/search/search-timing';
import { useUrlParam, useUrlSearchText } from '../../directory/search/use-url-state';
import { ParentChildren } from './parent-children';
import { parentRows, parentSearchFields, type ParentRow } from './parent-rows';

/** A page a search re-renders at every keystroke: ten rows keep it within a frame at 1,000 families. */
const PAGE_SIZE = 10;

/** Parents: who they are, their children with level, class and teacher, and how to reach them. */
export function ParentsList({ index }: { index: DirectoryIndex }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const mobile = useIsMobile();
  const { value: query, setValue: setQuery, flush: flushQuery } = useUrlSearchText();
  const [classCode, setClassCode] = useUrlParam('class');

  const rows = useMemo(() => parentRows(index, lang), [index, lang]);
  const match = useMemo(() => createMatcher(rows, parentSearchFields), [rows]);
  const matching = useMemo(() => timedSearch('parents', () => match(query)), [match, query]);
  const shown = useMemo(
    () => (classCode ? matching.filter((row) => row.children.some((c) => c.classCode === classCode)) : matching),
    [matching, classCode],
  );
  const { items, paginationProps, actions } = useCollection(shown, {
    pagination: { pageSize: PAGE_SIZE },
  });

  const search = (value: string) => {
    setQuery(value);
    actions.setCurrentPage(1);
  };
  const clear = () => {
    search('');
    setClassCode('');
  };
  const classOptions = useMemo(
    () =>
      index.directory.classes.map((c) => ({
        value: c.code,
        label: `${c.name} (${classLevelsLabel(index.directory, c.levels, lang)})`,
      })),
    [index, lang],
  );
  const filterByClass = useCallback(
    (value: string) => {
      setClassCode(value);
      actions.setCurrentPage(1);
    },
    [setClassCode, actions],
  );

  const total = rows.length;
  const header = (
    <Header
      counter={`(${shown.length}/${total})`}
      description={t('directory.parents.shown', { count: shown.length, total })}
    >
      {t('directory.parents.listTitle')}
    </Header>
  );
  const filter = (
    <FilterBar
      search={
        <SearchField
          onBlur={flushQuery}
          value={query}
          onChange={search}
          placeholder={t('directory.parents.searchPlaceholder')}
          matches={shown.length}
        />
      }
      filters={
        <OptionFilter
          value={classCode}
          onChange={filterByClass}
          allLabel={t('directory.filters.allClasses')}
          ariaLabel={t('directory.filters.class')}
          options={classOptions}
        />
      }
    />
  );
  const empty =
    total === 0 ? (
      <EmptyState title={t('directory.empty.noParents')} />
    ) : (
      <NoMatch query={query} onClear={clear} />
    );
  const contact = ({ parent }: ParentRow) => (
    <ContactDetails email={parent.email} phone={parent.phone} address={parent.address} query={query} />
  );
  const name = (row: ParentRow) => <Highlight text={row.name} query={query} />;
  const columns: ResultColumn<ParentRow>[] = [
    { id: 'parent', header: t('directory.parents.parent'), width: '25%', cell: (row) => <strong>{name(row)}</strong> },
    {
      id: 'children',
      header: t('directory.parents.children'),
      width: '35%',
      cell: (row) => <ParentChildren items={row.children} query={query} />,
    },
    { id: 'contact', header: t('directory.parents.contact'), cell: contact },
  ];
  return (
    <ResultList
      items={items}
      columns={mobile ? columns.slice(1) : columns}
      cardHeader={name}
      header={header}
      filter={filter}
      pagination={<Pagination {...paginationProps} />}
      empty={empty}
      mobile={mobile}
      ariaLabel={t('directory.parents.listTitle')}
    />
  );
}
