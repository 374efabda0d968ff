import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Language } from '@shared/schemas/common';
import { createMatcher } from '@shared/rules/search';
import { RouterLink } from '../../../components/router-link/router-link';
import { useLanguage } from '../../../lib/use-language';
import { committeeSearchFields } from '../../../lib/directory/committee-search';
import type { DirectoryIndex } from '../../../lib/directory/directory-index';
import { familyCards, familySearchFields } from '../../../lib/directory/family-cards';
import { departmentLabel } from '../../../lib/directory/labels';
import { parentRows, parentSearchFields } from '../../../lib/directory/parent-rows';
import { staffRows, staffSearchFields } from '../../../lib/directory/staff-rows';
import { Highlight } from '../../../components/directory/highlight';
import { useUrlSearchText } from '../../../lib/use-url-state';

/** How many hits each category shows before "see all". */
const PREVIEW = 5;

interface Hit {
  key: number;
  name: string;
  /** Lines under the name, the query marked in them too (a family found by a parent's name shows why). */
  details: string[];
}

function Category({ title, hits, path, query }: { title: string; hits: Hit[]; path: string; query: string }) {
  const { t } = useTranslation();
  const href = `${path}?q=${encodeURIComponent(query)}`;
  return (
    <SpaceBetween size="xs">
      <Box variant="h3" padding="n">
        {title} ({hits.length})
      </Box>
      {hits.length === 0 && <Box color="text-body-secondary">{t('directory.home.noHits')}</Box>}
      {hits.slice(0, PREVIEW).map((hit) => (
        <div key={hit.key}>
          <RouterLink href={href}>
            <Highlight text={hit.name} query={query} />
          </RouterLink>
          {hit.details.map((detail, line) => (
            <Box key={line} variant="small" display="block" color="text-body-secondary">
              <Highlight text={detail} query={query} />
            </Box>
          ))}
        </div>
      ))}
      {hits.length > PREVIEW && <RouterLink href={href}>{t('directory.home.seeAll', { count: hits.length })}</RouterLink>}
    </SpaceBetween>
  );
}

/** A search over a list's own records and fields, answering with each record's line in the quick search. */
function searchOf<T>(records: T[], fields: (record: T) => (string | undefined)[], hitOf: (record: T) => Hit) {
  const lines = new Map(records.map((record) => [record, hitOf(record)]));
  const match = createMatcher(records, fields);
  return (query: string) => match(query).map((record) => lines.get(record)!);
}

/**
 * Each category runs its list's own search (the list's records and the fields it looks at), so it counts exactly
 * what the list shows for the same query: the Students list shows families (so the category says "Families"), found
 * by any member's name, each line with its children and parents; the Parents list finds a parent by name, email or
 * a child's name; Staff by name, title, department or email; Committees by name or member.
 */
function listSearches(index: DirectoryIndex, lang: Language, t: TFunction) {
  const names = (people: { name: string }[]) => people.map((person) => person.name).join(', ');
  const positions = index.directory.committees.map((_, position) => position);
  return {
    families: searchOf(familyCards(index, lang), familySearchFields, (card) => ({
      key: card.family.key,
      name: t('directory.students.family', { name: card.family.name }),
      details: [
        t('directory.home.familyChildren', { names: names(card.children) }),
        ...(card.parentNames.length > 0 ? [t('directory.home.familyParents', { names: card.parentNames.join(', ') })] : []),
      ],
    })),
    parents: searchOf(parentRows(index, lang), parentSearchFields, (row) => ({
      key: row.index,
      name: row.name,
      details: row.children.length > 0 ? [names(row.children)] : [],
    })),
    staff: searchOf(staffRows(index, lang), staffSearchFields, (row) => ({
      key: row.index,
      name: row.name,
      details: [`${row.title} · ${departmentLabel(row.member.department, lang)}`],
    })),
    committees: searchOf(positions, committeeSearchFields(index.directory), (position) => ({
      key: position,
      name: index.directory.committees[position]!.name[lang],
      details: [],
    })),
  };
}

/** Read by a screen reader, not shown (the counts are in each category's heading). */
const VISUALLY_HIDDEN: React.CSSProperties = {
  position: 'absolute',
  inlineSize: 1,
  blockSize: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};

/** Room above the box once scrolled to: the sticky top bar and the phone's toolbar under it, and a little air. */
const SCROLL_MARGIN = '96px';

/**
 * On a phone the box comes after the children's cards, low on the screen: the results, under it, would arrive out of
 * sight. When they first show and their top is not in view, the box is scrolled to the top of the screen (under the
 * sticky bars), the results below it. Never while they already show (the page does not move under the reader).
 */
function useResultsInView(active: boolean) {
  const box = useRef<HTMLDivElement>(null);
  // A query already in the address when the page opens (Back to the home page) is not a search being typed.
  const shown = useRef(active);
  useEffect(() => {
    const element = box.current;
    if (shown.current === active) return;
    shown.current = active;
    if (!active || !element) return;
    // The results start under the box: a category's heading and a first hit need about 80 px.
    const resultsTop = (element.querySelector('input') ?? element).getBoundingClientRect().bottom;
    if (resultsTop + 80 <= window.innerHeight) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    element.scrollIntoView({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [active]);
  return box;
}

/**
 * The four categories' hits for the query; when none of them finds anything, one sentence says so (four headings
 * with « (0) » and « Aucun résultat. » under each said it four times on a phone).
 */
function Results({ searches, query }: { searches: ReturnType<typeof listSearches>; query: string }) {
  const { t } = useTranslation();
  const hits = {
    families: searches.families(query),
    parents: searches.parents(query),
    staff: searches.staff(query),
    committees: searches.committees(query),
  };
  if (Object.values(hits).every((list) => list.length === 0)) {
    return (
      <Box color="text-body-secondary">
        <span role="status">{t('directory.home.noMatch', { query: query.trim() })}</span>
      </Box>
    );
  }
  return (
    <>
      {/* Said to a screen reader as the query changes (the lists' own pages say their counts; a trial heard nothing here). */}
      <span role="status" style={VISUALLY_HIDDEN}>
        {t('directory.home.counts', {
          families: hits.families.length,
          parents: hits.parents.length,
          staff: hits.staff.length,
          committees: hits.committees.length,
        })}
      </span>
      <ColumnLayout columns={2} variant="text-grid">
      <Category title={t('directory.home.families')} hits={hits.families} path="/students" query={query} />
      <Category title={t('nav.parents')} hits={hits.parents} path="/parents" query={query} />
      <Category title={t('nav.staff')} hits={hits.staff} path="/staff" query={query} />
      <Category title={t('nav.committees')} hits={hits.committees} path="/committees" query={query} />
      </ColumnLayout>
    </>
  );
}

/** One box that searches students, parents, staff and committees; each hit opens its list with the query. */
export function QuickSearch({ index }: { index: DirectoryIndex }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { value: query, setValue: setQuery, flush: flushQuery } = useUrlSearchText();
  const active = query.trim() !== '';
  // Built at the first query, not on every visit to the dashboard (most visits never search).
  const searches = useMemo(() => (active ? listSearches(index, lang, t) : undefined), [active, index, lang, t]);
  const box = useResultsInView(active);

  return (
    <div ref={box} style={{ scrollMarginBlockStart: SCROLL_MARGIN }}>
      <SpaceBetween size="m">
        <Input
          type="search"
          value={query}
          onChange={({ detail }) => setQuery(detail.value)}
          onBlur={flushQuery}
          placeholder={t('directory.home.searchPlaceholder')}
          ariaLabel={t('directory.home.searchPlaceholder')}
          clearAriaLabel={t('directory.search.clear')}
        />
        {searches && <Results searches={searches} query={query} />}
      </SpaceBetween>
    </div>
  );
}
