import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Cards from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { createMatcher } from '../../../../../shared/search';
import { ContactDetails } from '../../directory/components/contact-details';
import { EmptyState } from '../../directory/components/empty-state';
import { FilterBar } from '../../directory/components/filter-bar';
import { OptionFilter } from '../../directory/components/option-filter';
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
  const { items, collectionProps, paginationProps, actions } = useCollection(shown, {
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
  const classOptions = index.directory.classes.map((c) => ({
    value: c.code,
    label: `${c.name} (${classLevelsLabel(index.directory, c.levels, lang)})`,
  }));

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
          onChange={(value) => {
            setClassCode(value);
            actions.setCurrentPage(1);
          }}
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
  const common = {
    items,
    header,
    filter,
    empty,
    pagination: <Pagination {...paginationProps} />,
    trackBy: (row: ParentRow) => String(row.index),
  };

  if (mobile) {
    return (
      <Cards
        {...common}
        {...collectionProps}
        variant="container"
        cardsPerRow={[{ cards: 1 }, { minWidth: 600, cards: 2 }]}
        cardDefinition={{
          header: (row) => <Highlight text={row.name} query={query} />,
          sections: [
            {
              id: 'children',
              header: t('directory.parents.children'),
              content: (row) => <ParentChildren items={row.children} query={query} />,
            },
            {
              id: 'contact',
              header: t('directory.parents.contact'),
              content: contact,
            },
          ],
        }}
      />
    );
  }
  const exp = new URLSearchParams(window.location.search).get('exp');
  if (exp === 'nolist') return <div>{filter}{shown.length}</div>;
  if (exp === 'lite') {
    return <Table {...common} {...collectionProps} variant="container" wrapLines columnDefinitions={[{ id: 'n', header: 'n', cell: (row) => row.name }]} />;
  }
  if (exp === 'nochildren') {
    return <Table {...common} {...collectionProps} variant="container" wrapLines columnDefinitions={[{ id: 'n', header: 'n', cell: (row) => row.name }, { id: 'c', header: 'c', cell: contact }]} />;
  }
  const columns: TableProps.ColumnDefinition<ParentRow>[] = [
    {
      id: 'parent',
      header: t('directory.parents.parent'),
      cell: (row) => (
        <strong>
          <Highlight text={row.name} query={query} />
        </strong>
      ),
    },
    {
      id: 'children',
      header: t('directory.parents.children'),
      cell: (row) => <ParentChildren items={row.children} query={query} />,
    },
    {
      id: 'contact',
      header: t('directory.parents.contact'),
      cell: contact,
    },
  ];
  return <Table {...common} {...collectionProps} variant="container" wrapLines columnDefinitions={columns} />;
}
