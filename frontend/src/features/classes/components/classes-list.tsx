import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { createMatcher } from '@shared/rules/search';
import { EmptyState } from '../../../components/directory/empty-state';
import { PrintDirectory } from '../../../components/directory/print-directory';
import { SCROLL_DURATION_MS } from '../../../components/layout/scroll-to-top';
import { NoMatch, SearchField } from '../../../components/directory/search-field';
import { useLanguage } from '../../../lib/use-language';
import type { DirectoryIndex } from '../../../lib/directory/directory-index';
import { classLevelsLabel } from '../../../lib/directory/labels';
import { fullName } from '../../../lib/directory/names';
import { useDeferredSearchText, useUrlParam } from '../../../lib/use-url-state';
import { ClassDetails } from './class-details';

const NONE_TOGGLED: ReadonlyMap<number, boolean> = new Map();

/**
 * Every class, closed by default (a class holds ~20 students with their families); a search opens the classes
 * it finds. Contents render only once opened, so a large school costs nothing until someone looks. A keystroke
 * updates the search box first; the classes follow the deferred query (`results`) right after. `?class=<code>` (the
 * home page's link to a child's class) opens that class and scrolls to it.
 */
export function ClassesList({ index }: { index: DirectoryIndex }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { value: query, setValue: setQuery, flush: flushQuery, results, pending } = useDeferredSearchText();
  // Classes opened or closed by hand; a new search starts afresh (kept as is when empty: no extra render).
  const [toggled, setToggled] = useState<ReadonlyMap<number, boolean>>(NONE_TOGGLED);
  const search = useCallback(
    (value: string) => {
      setQuery(value);
      setToggled(NONE_TOGGLED);
    },
    [setQuery],
  );
  const { directory } = index;
  const [linkedCode] = useUrlParam('class');
  useScrollToLinkedClass(linkedCode);

  const positions = useMemo(() => directory.classes.map((_, i) => i), [directory]);
  const match = useMemo(
    () =>
      createMatcher(positions, (c) => {
        const schoolClass = directory.classes[c]!;
        const teacher = schoolClass.teacherIndex === undefined ? undefined : directory.staff[schoolClass.teacherIndex];
        return [
          schoolClass.name,
          schoolClass.code,
          teacher && fullName(teacher),
          ...(index.studentsByClass[c] ?? []).map((s) => fullName(directory.students[s]!)),
        ];
      }),
    [positions, directory, index],
  );
  const shown = useMemo(() => match(results), [match, results]);
  const { isOpen, onScreen } = useOpenClasses(directory, shown, toggled, results, linkedCode);

  const list = useMemo(
    () => (
      <SpaceBetween size="m">
        {shown.length === 0 && <NoMatch query={results} onClear={() => search('')} />}
        {shown.map((c) => {
          const schoolClass = directory.classes[c]!;
          const teacher = schoolClass.teacherIndex === undefined ? undefined : directory.staff[schoolClass.teacherIndex];
          const expanded = isOpen(c);
          const count = index.studentsByClass[c]?.length ?? 0;
          return (
            <div key={schoolClass.id} id={classAnchor(schoolClass.code)}>
              <ExpandableSection
                variant="container"
                expanded={expanded}
                onChange={({ detail }) => setToggled((current) => new Map(current).set(c, detail.expanded))}
                headerText={`${schoolClass.name} · ${classLevelsLabel(directory, schoolClass.levels, lang)}`}
                headerDescription={[
                  teacher ? fullName(teacher) : t('directory.classes.noTeacher'),
                  t('directory.classes.studentCount', { count }),
                ].join(' · ')}
              >
                {expanded && <ClassDetails index={index} classIndex={c} query={results} />}
              </ExpandableSection>
            </div>
          );
        })}
      </SpaceBetween>
    ),
    [shown, results, search, directory, isOpen, index, lang, t],
  );

  if (positions.length === 0) return <EmptyState title={t('directory.empty.noClasses')} />;
  return (
    <SpaceBetween size="m">
      <PrintDirectory index={index} classId={onScreen} />
      <SearchField
        onBlur={flushQuery}
        value={query}
        onChange={search}
        placeholder={t('directory.classes.searchPlaceholder')}
        label={t('directory.classes.searchLabel')}
        matches={shown.length}
      />
      <div aria-busy={pending}>{list}</div>
    </SpaceBetween>
  );
}

/**
 * Which classes are open: those opened or closed by hand, else every class a search found, else the one a link named
 * (`?class=`). `onScreen` is the class the person is looking at, which the printout starts from: the one class open,
 * if only one is; with none or several, the printout's own default (the viewer's children's class).
 */
function useOpenClasses(
  directory: DirectoryIndex['directory'],
  shown: number[],
  toggled: ReadonlyMap<number, boolean>,
  results: string,
  linkedCode: string | undefined,
) {
  const isOpen = useCallback(
    (c: number) => toggled.get(c) ?? (results.trim() !== '' || directory.classes[c]!.code === linkedCode),
    [toggled, results, directory, linkedCode],
  );
  const onScreen = useMemo(() => {
    const open = shown.filter(isOpen);
    return open.length === 1 ? directory.classes[open[0]!]!.id : undefined;
  }, [shown, isOpen, directory]);
  return { isOpen, onScreen };
}

const classAnchor = (code: string) => `class-${code}`;

/**
 * Brings the class a link named (`?class=<code>`) into view once the list shows it: after the shell's scroll to the
 * top of a new page (components/layout/scroll-to-top.ts), which would otherwise undo it.
 */
function useScrollToLinkedClass(code: string) {
  useEffect(() => {
    if (!code) return;
    const timer = window.setTimeout(
      () => document.getElementById(classAnchor(code))?.scrollIntoView({ block: 'start' }),
      SCROLL_DURATION_MS + 50,
    );
    return () => window.clearTimeout(timer);
  }, [code]);
}
