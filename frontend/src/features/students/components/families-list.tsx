import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import { createMatcher } from '../../../../../shared/search';
import { EmptyState } from '../../directory/components/empty-state';
import { FilterBar } from '../../directory/components/filter-bar';
import { OptionFilter } from '../../directory/components/option-filter';
import { ResultList, type ResultColumn } from '../../directory/components/result-list';
import { NoMatch, SearchField } from '../../directory/components/search-field';
import { useIsMobile, useLanguage } from '../../directory/components/use-language';
import type { DirectoryIndex } from '../../directory/model/directory-index';
import { studentDetails } from '../../directory/model/student-info';
import { Highlight } from '../../directory/search/highlight';
import { useUrlParam, useUrlSearchText } from '../../directory/search/use-url-state';
import { familyCards, familySearchFields, type FamilyCard } from './family-cards';
import { FamilyParents } from './family-parents';

/** Families re-rendered at every keystroke: eight keep a page within a frame at 1,000 families. */
const PAGE_SIZE = 8;

/** Students grouped by family (siblings together, two households side by side), searchable by any member. */
export function FamiliesList({ index }: { index: DirectoryIndex }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const mobile = useIsMobile();
  const { value: query, setValue: setQuery, flush: flushQuery } = useUrlSearchText();
  const [level, setLevel] = useUrlParam('level');

  const cards = useMemo(() => familyCards(index, lang), [index, lang]);
  const match = useMemo(() => createMatcher(cards, familySearchFields), [cards]);
  const matching = useMemo(() => match(query), [match, query]);
  const shown = useMemo(
    () =>
      level
        ? matching.filter((card) => card.family.students.some((s) => index.directory.students[s]!.level === level))
        : matching,
    [matching, level, index],
  );
  const { items, paginationProps, actions } = useCollection(shown, {
    pagination: { pageSize: PAGE_SIZE },
  });

  const search = (value: string) => {
    setQuery(value);
    actions.setCurrentPage(1);
  };
  const levelOptions = useMemo(
    () => (index.directory.school?.levels ?? []).map((l) => ({ value: l.code, label: l.label[lang] })),
    [index, lang],
  );
  const filterByLevel = useCallback(
    (value: string) => {
      setLevel(value);
      actions.setCurrentPage(1);
    },
    [setLevel, actions],
  );
  const total = cards.length;

  const familyName = (card: FamilyCard) => (
    <Highlight text={t('directory.students.family', { name: card.family.name })} query={query} />
  );
  const columns: ResultColumn<FamilyCard>[] = [
    { id: 'family', header: t('directory.students.familyColumn'), width: '20%', cell: (card) => <strong>{familyName(card)}</strong> },
    {
      id: 'children',
      header: t('directory.students.children'),
      width: '35%',
      cell: (card) =>
        card.children.map((child, position) => (
          <div key={position} style={{ marginBlockEnd: 4 }}>
            <Highlight text={child.name} query={query} />
            <br />
            <small>{studentDetails(child)}</small>
          </div>
        )),
    },
    { id: 'parents', header: t('directory.students.parents'), cell: (card) => <FamilyParents card={card} index={index} query={query} /> },
  ];
  return (
    <ResultList
      items={items}
      columns={mobile ? columns.slice(1) : columns}
      cardHeader={familyName}
      mobile={mobile}
      ariaLabel={t('directory.students.listTitle')}
      header={
        <Header
          counter={`(${shown.length}/${total})`}
          description={t('directory.students.shown', { count: shown.length, total })}
        >
          {t('directory.students.listTitle')}
        </Header>
      }
      filter={
        <FilterBar
          search={
            <SearchField
              onBlur={flushQuery}
              value={query}
              onChange={search}
              placeholder={t('directory.students.searchPlaceholder')}
              matches={shown.length}
            />
          }
          filters={
            <OptionFilter
              value={level}
              onChange={filterByLevel}
              allLabel={t('directory.filters.allLevels')}
              ariaLabel={t('directory.filters.level')}
              options={levelOptions}
            />
          }
        />
      }
      pagination={<Pagination {...paginationProps} />}
      empty={
        total === 0 ? (
          <EmptyState title={t('directory.empty.noStudents')} />
        ) : (
          <NoMatch
            query={query}
            onClear={() => {
              search('');
              setLevel('');
            }}
          />
        )
      }
    />
  );
}
