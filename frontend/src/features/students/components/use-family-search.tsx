import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Highlight } from '../../../components/directory/highlight';
import type { ResultColumn } from '../../../components/directory/result-list';
import { usePagedSearch } from '../../../components/directory/use-paged-search';
import type { DirectoryIndex } from '../../../lib/directory/directory-index';
import { studentDetails } from '../../../lib/directory/student-info';
import { useLanguage } from '../../../lib/use-language';
import { useUrlParam } from '../../../lib/use-url-state';
import { familyCards, familySearchFields, type FamilyCard } from '../../../lib/directory/family-cards';
import { FamilyParents } from './family-parents';

/** Families re-rendered after every keystroke: eight to a page (each card holds several people). */
const PAGE_SIZE = 8;

/**
 * The Students list's search: the text typed (shown at once) and the deferred query the results follow, the
 * level filter kept in the URL, the families that match and the page shown.
 */
export function useFamilySearch(index: DirectoryIndex) {
  const lang = useLanguage();
  const [level, setLevel] = useUrlParam('level');
  const cards = useMemo(() => familyCards(index, lang), [index, lang]);
  const atLevel = useCallback(
    (matching: FamilyCard[]) =>
      level ? matching.filter((card) => card.family.students.some((s) => index.directory.students[s]!.level === level)) : matching,
    [level, index],
  );
  const { value: query, setValue: setQuery, flush: flushQuery, results, pending, total, shown, page } = usePagedSearch({
    list: 'families',
    rows: cards,
    fields: familySearchFields,
    filter: atLevel,
    filterKey: level,
    pageSize: PAGE_SIZE,
  });

  const levelOptions = useMemo(
    () => (index.directory.school?.levels ?? []).map((l) => ({ value: l.code, label: l.label[lang] })),
    [index, lang],
  );
  const clear = useCallback(() => {
    setQuery('');
    setLevel('');
  }, [setQuery, setLevel]);
  return { query, setQuery, flushQuery, results, pending, level, setLevel, total, shown, page, clear, levelOptions };
}

/**
 * The Students list's columns (the family's name heads the card on a phone). They do not depend on the query: the
 * Highlights in them read it from the list (HighlightQuery), so a row re-renders only when it shows another family.
 */
export function useFamilyColumns(index: DirectoryIndex, mobile: boolean) {
  const { t } = useTranslation();
  const familyName = useCallback(
    (card: FamilyCard) => <Highlight text={t('directory.students.family', { name: card.family.name })} />,
    [t],
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
              <Highlight text={child.name} />
              <br />
              <small>{studentDetails(child)}</small>
            </div>
          )),
      },
      {
        id: 'parents',
        header: t('directory.students.parents'),
        cell: (card) => <FamilyParents card={card} index={index} />,
      },
    ];
    return mobile ? all.slice(1) : all;
  }, [t, familyName, index, mobile]);
  return { familyName, columns };
}
