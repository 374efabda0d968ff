import { memo, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactDetails } from '../../../components/directory/contact-details';
import { AddToContacts } from '../../../components/directory/add-to-contacts';
import { parentCard } from '../../../lib/directory/contacts';
import { Highlight } from '../../../components/directory/highlight';
import type { ResultColumn } from '../../../components/directory/result-list';
import { usePagedSearch } from '../../../components/directory/use-paged-search';
import type { DirectoryIndex } from '../../../lib/directory/directory-index';
import { classLevelsLabel } from '../../../lib/directory/labels';
import { useLanguage } from '../../../lib/use-language';
import type { Language } from '@shared/schemas/common';
import { useUrlParam } from '../../../lib/use-url-state';
import { ParentChildren } from './parent-children';
import { parentRows, parentSearchFields, type ParentRow } from '../../../lib/directory/parent-rows';

/** Stands for the parent's name in the translated "Add to contacts: {{name}}" (never in a name: a control character). */
const NAME_SLOT = '\u0001';

/** A page of results re-rendered after every keystroke (docs/benchmarks.md, "Search per keystroke"). */
const PAGE_SIZE = 10;

/**
 * The Parents list's search: the text typed (shown at once) and the deferred query the results follow, the class
 * filter kept in the URL, the rows that match and the page shown.
 */
export function useParentSearch(index: DirectoryIndex) {
  const lang = useLanguage();
  const [classCode, setClassCode] = useUrlParam('class');
  const rows = useMemo(() => parentRows(index, lang), [index, lang]);
  const inClass = useCallback(
    (matching: ParentRow[]) => (classCode ? matching.filter((row) => row.children.some((c) => c.classCode === classCode)) : matching),
    [classCode],
  );
  const { value: query, setValue: setQuery, flush: flushQuery, results, pending, total, shown, page } = usePagedSearch({
    list: 'parents',
    rows,
    fields: parentSearchFields,
    filter: inClass,
    filterKey: classCode,
    pageSize: PAGE_SIZE,
  });

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
  return { query, setQuery, flushQuery, results, pending, classCode, setClassCode, total, shown, page, clear, classOptions };
}

/**
 * The Parents list's columns (the parent's name heads the card on a phone). They do not depend on the query: the
 * Highlights in them read it from the list (HighlightQuery), so a row re-renders only when it shows another parent.
 */
export function useParentColumns(mobile: boolean, school: string | undefined) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const name = useCallback((row: ParentRow) => <Highlight text={row.name} />, []);
  const addLabel = useMemo(() => t('directory.contacts.add'), [t]);
  // One lookup per language, not one per row and keystroke: the sentence with a marker where the name goes.
  const addOneLabel = useMemo(() => {
    const [before, after = ''] = t('directory.contacts.addOne', { name: NAME_SLOT }).split(NAME_SLOT);
    return (name: string) => `${before}${name}${after}`;
  }, [t]);
  const columns = useMemo(() => {
    const all: ResultColumn<ParentRow>[] = [
      { id: 'parent', header: t('directory.parents.parent'), width: '25%', cell: (row) => <strong>{name(row)}</strong> },
      {
        id: 'children',
        header: t('directory.parents.children'),
        width: '35%',
        cell: (row) => <ParentChildren items={row.children} />,
      },
      {
        id: 'contact',
        header: t('directory.parents.contact'),
        cell: (row) => (
          <>
            <ContactDetails email={row.parent.email} phone={row.parent.phone} address={row.parent.address} matchEmail />
            <ParentContacts row={row} school={school} lang={lang} label={addLabel} ariaLabel={addOneLabel} />
          </>
        ),
      },
    ];
    return mobile ? all.slice(1) : all;
  }, [t, name, mobile, school, lang, addLabel, addOneLabel]);
  return { name, columns };
}

/**
 * A row's "Add to contacts" (a Cloudscape Button), memoised on the row: a keystroke that keeps a parent in the
 * same place on the page re-renders the row's text (the query highlighted) but not this button
 * (docs/benchmarks.md, "Search per keystroke").
 */
const ParentContacts = memo(function ParentContacts({ row, school, lang, label, ariaLabel }: {
  row: ParentRow;
  school: string | undefined;
  lang: Language;
  label: string;
  ariaLabel: (name: string) => string;
}) {
  return (
    <AddToContacts
      label={label}
      ariaLabel={ariaLabel(row.name)}
      fileName={row.name}
      cards={() => [parentCard(row.parent, row.children, school, lang)]}
    />
  );
});
