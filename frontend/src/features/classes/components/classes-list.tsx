import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { createMatcher } from '../../../../../shared/search';
import { EmptyState } from '../../directory/components/empty-state';
import { NoMatch, SearchField } from '../../directory/components/search-field';
import { useLanguage } from '../../directory/components/use-language';
import type { DirectoryIndex } from '../../directory/model/directory-index';
import { classLevelsLabel } from '../../directory/model/labels';
import { fullName } from '../../directory/model/names';
import { useUrlSearchText } from '../../directory/search/use-url-state';
import { ClassDetails } from './class-details';

/**
 * Every class, closed by default (a class holds ~20 students with their families); a search opens the classes
 * it finds. Contents render only once opened, so a large school costs nothing until someone looks.
 */
export function ClassesList({ index }: { index: DirectoryIndex }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { value: query, setValue: setQuery, flush: flushQuery } = useUrlSearchText();
  const [toggled, setToggled] = useState<ReadonlyMap<number, boolean>>(new Map());
  const { directory } = index;

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
  const shown = useMemo(() => match(query), [match, query]);

  if (positions.length === 0) return <EmptyState title={t('directory.empty.noClasses')} />;
  const search = (value: string) => {
    setQuery(value);
    setToggled(new Map());
  };
  return (
    <SpaceBetween size="m">
      <SearchField
        onBlur={flushQuery}
        value={query}
        onChange={search}
        placeholder={t('directory.classes.searchPlaceholder')}
        matches={shown.length}
      />
      {shown.length === 0 && <NoMatch query={query} onClear={() => search('')} />}
      {shown.map((c) => {
        const schoolClass = directory.classes[c]!;
        const teacher = schoolClass.teacherIndex === undefined ? undefined : directory.staff[schoolClass.teacherIndex];
        const expanded = toggled.get(c) ?? query.trim() !== '';
        const count = index.studentsByClass[c]?.length ?? 0;
        return (
          <ExpandableSection
            key={schoolClass.id}
            variant="container"
            expanded={expanded}
            onChange={({ detail }) => setToggled((current) => new Map(current).set(c, detail.expanded))}
            headerText={`${schoolClass.name} · ${classLevelsLabel(directory, schoolClass.levels, lang)}`}
            headerDescription={[
              teacher ? fullName(teacher) : t('directory.classes.noTeacher'),
              t('directory.classes.studentCount', { count }),
            ].join(' · ')}
          >
            {expanded && <ClassDetails index={index} classIndex={c} query={query} />}
          </ExpandableSection>
        );
      })}
    </SpaceBetween>
  );
}
