import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Header from '@cloudscape-design/components/header';
import { createMatcher } from '../../../../../shared/search';
import { EmptyState } from '../../../components/directory/empty-state';
import { FilterBar } from '../../../components/directory/filter-bar';
import { OptionFilter } from '../../../components/directory/option-filter';
import { ResultList, type ResultColumn } from '../../../components/directory/result-list';
import { useResultPage } from '../../../components/directory/result-page';
import { NoMatch, SearchField } from '../../../components/directory/search-field';
import { useIsMobile, useLanguage } from '../../../lib/use-language';
import type { DirectoryIndex } from '../../../lib/directory/directory-index';
import { studentDetails } from '../../../lib/directory/student-info';
import { Highlight } from '../../../components/directory/highlight';
import { useDeferredSearchText, useUrlParam } from '../../../lib/use-url-state';
import { familyCards, familySearchFields, type FamilyCard } from './family-cards';
import { FamilyParents } from './family-parents';

/** Families re-rendered after every keystroke: eight to a page (each card holds several people). */
const PAGE_SIZE = 8;

/**
 * Students grouped by family (siblings together, two households side by side), searchable by any member. Like
 * the Parents list, a keystroke updates the search box first and the results (`results`) right after.
 */
export function FamiliesList({ index }: { index: DirectoryIndex }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const mobile = useIsMobile();
  const { value: query, setValue: setQuery, flush: flushQuery, results, pending } = useDeferredSearchText();
  const [level, setLevel] = useUrlParam('level');

  const cards = useMemo(() => familyCards(index, lang), [index, lang]);
  const match = useMemo(() => createMatcher(cards, familySearchFields), [cards]);
  const matching = useMemo(() => match(results), [match, results]);
  const shown = useMemo(
    () =>
      level
        ? matching.filter((card) => card.family.students.some((s) => index.directory.students[s]!.level === level))
        : matching,
    [matching, level, index],
  );
  const page = useResultPage(shown, PAGE_SIZE, `${level}\n${results}`);

  const levelOptions = useMemo(
    () => (index.directory.school?.levels ?? []).map((l) => ({ value: l.code, label: l.label[lang] })),
    [index, lang],
  );
  const clear = useCallback(() => {
    setQuery('');
    setLevel('');
  }, [setQuery, setLevel]);
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
  const total = cards.length;

  const familyName = useCallback(
    (card: FamilyCard) => <Highlight text={t('directory.students.family', { name: card.family.name })} query={results} />,
    [t, results],
  );
  const columns = useMemo(() => {
    const all: ResultColumn<FamilyCard>[] = [
      { id: 'family', header: t('directory.students.familyColumn'), width: '20%', cell: (card) => <strong>{familyName(card)}</strong> },
      {
        id: 'children',
        header: t('directory.students.children'),
        width: '35%',
        cell: (card) =>
          card.children.map((child, position) => (
            <div key={position} style={{ marginBlockEnd: 4 }}>
              <Highlight text={child.name} query={results} />
              <br />
              <small>{studentDetails(child)}</small>
            </div>
          )),
      },
      {
        id: 'parents',
        header: t('directory.students.parents'),
        cell: (card) => <FamilyParents card={card} index={index} query={results} />,
      },
    ];
    return mobile ? all.slice(1) : all;
  }, [t, familyName, results, index, mobile]);
  const header = useMemo(
    () => (
      <Header
        counter={`(${shown.length}/${total})`}
        description={t('directory.students.shown', { count: shown.length, total })}
      >
        {labels.title}
      </Header>
    ),
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
      ariaLabel={labels.title}
      header={header}
      filter={
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
              value={level}
              onChange={setLevel}
              allLabel={labels.allLevels}
              ariaLabel={labels.levelFilter}
              options={levelOptions}
            />
          }
        />
      }
      pagination={page.pagination}
      empty={empty}
    />
  );
}
