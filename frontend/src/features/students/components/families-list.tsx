import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCollection } from '@cloudscape-design/collection-hooks';
import Box from '@cloudscape-design/components/box';
import Cards from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { createMatcher } from '../../../../../shared/search';
import { EmptyState } from '../../directory/components/empty-state';
import { FilterBar } from '../../directory/components/filter-bar';
import { OptionFilter } from '../../directory/components/option-filter';
import { NoMatch, SearchField } from '../../directory/components/search-field';
import { useLanguage } from '../../directory/components/use-language';
import type { DirectoryIndex } from '../../directory/model/directory-index';
import { studentDetails } from '../../directory/model/student-info';
import { Highlight } from '../../directory/search/highlight';
import { useUrlParam, useUrlSearchText } from '../../directory/search/use-url-state';
import { familyCards, familySearchFields, type FamilyCard } from './family-cards';
import { FamilyParents } from './family-parents';

const PAGE_SIZE = 12;

/** Students grouped by family (siblings together, two households side by side), searchable by any member. */
export function FamiliesList({ index }: { index: DirectoryIndex }) {
  const { t } = useTranslation();
  const lang = useLanguage();
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
  const { items, collectionProps, paginationProps, actions } = useCollection(shown, {
    pagination: { pageSize: PAGE_SIZE },
  });

  const search = (value: string) => {
    setQuery(value);
    actions.setCurrentPage(1);
  };
  const levels = index.directory.school?.levels ?? [];
  const total = cards.length;

  return (
    <Cards
      {...collectionProps}
      items={items}
      trackBy={(card: FamilyCard) => String(card.family.key)}
      variant="container"
      cardsPerRow={[{ cards: 1 }, { minWidth: 700, cards: 2 }, { minWidth: 1200, cards: 3 }]}
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
              onChange={(value) => {
                setLevel(value);
                actions.setCurrentPage(1);
              }}
              allLabel={t('directory.filters.allLevels')}
              ariaLabel={t('directory.filters.level')}
              options={levels.map((l) => ({ value: l.code, label: l.label[lang] }))}
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
      cardDefinition={{
        header: (card) => <Highlight text={t('directory.students.family', { name: card.family.name })} query={query} />,
        sections: [
          {
            id: 'children',
            header: t('directory.students.children'),
            content: (card) => (
              <SpaceBetween size="xxs">
                {card.children.map((child) => (
                  <div key={child.index}>
                    <Highlight text={child.name} query={query} />
                    <Box variant="small" display="block" color="text-body-secondary">
                      {studentDetails(child)}
                    </Box>
                  </div>
                ))}
              </SpaceBetween>
            ),
          },
          {
            id: 'parents',
            header: t('directory.students.parents'),
            content: (card) => <FamilyParents card={card} index={index} query={query} />,
          },
        ],
      }}
    />
  );
}
