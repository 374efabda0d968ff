import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useLanguage } from '../../../lib/use-language';
import type { DirectoryIndex } from '../../../lib/directory/directory-index';
import { studentLevelLabel } from '../../../lib/directory/labels';
import { fullName } from '../../../lib/directory/names';
import { Highlight } from '../../../components/directory/highlight';
import { ParentName } from '../../../components/directory/parent-card';

/**
 * A class's students grouped by level, each with their parents (each name opens the parent's card), their
 * siblings (and where those are) and, for a staff reader, the staff note.
 */
export function ClassStudents({ index, classIndex, query, onOpenParent }: {
  index: DirectoryIndex;
  classIndex: number;
  query: string;
  onOpenParent: (parentIndex: number) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { directory } = index;
  const students = index.studentsByClass[classIndex] ?? [];
  if (students.length === 0) return <Box color="text-body-secondary">{t('directory.empty.noStudentsInClass')}</Box>;

  const byLevel = new Map<string, number[]>();
  for (const s of students) {
    const level = directory.students[s]!.level;
    byLevel.set(level, [...(byLevel.get(level) ?? []), s]);
  }
  const siblingText = (s: number) => {
    const sibling = directory.students[s]!;
    const schoolClass = sibling.classIndex === undefined ? undefined : directory.classes[sibling.classIndex];
    const where = [studentLevelLabel(directory, sibling.level, lang), schoolClass?.name].filter(Boolean).join(', ');
    return `${fullName(sibling)} (${where})`;
  };

  return (
    <SpaceBetween size="l">
      {[...byLevel].map(([level, list]) => (
        <SpaceBetween size="s" key={level}>
          <Box variant="h4" padding="n">
            {t('directory.classes.levelGroup', { level: studentLevelLabel(directory, level, lang), count: list.length })}
          </Box>
          {list.map((s) => {
            const parents = index.parentsOfStudent[s] ?? [];
            const siblings = (index.siblingsOfStudent[s] ?? []).map(siblingText);
            const note = directory.students[s]!.staffNote;
            return (
              <div key={s}>
                <Box variant="strong">
                  <Highlight text={fullName(directory.students[s]!)} query={query} />
                </Box>
                {parents.length > 0 && (
                  <Box variant="small" display="block">
                    {t('directory.classes.parentsOf')}{' '}
                    {parents.map((p, position) => {
                      const name = fullName(directory.parents[p]!);
                      return (
                        <span key={p}>
                          {position > 0 && ', '}
                          <ParentName name={name} onOpen={() => onOpenParent(p)}>
                            <Highlight text={name} query={query} />
                          </ParentName>
                        </span>
                      );
                    })}
                  </Box>
                )}
                {siblings.length > 0 && (
                  <Box variant="small" display="block" color="text-body-secondary">
                    {t('directory.classes.siblingsOf', { siblings: siblings.join(', ') })}
                  </Box>
                )}
                {/* Sent to staff readers only (shared/rules/visibility.ts, visibleStudent). */}
                {note !== undefined && (
                  // Set apart from the family's lines (an allergy read like a sibling's name; a trial): an icon, in
                  // the body's colour.
                  <Box display="block" data-testid="staff-note">
                    <StatusIndicator type="warning" wrapText>
                      {t('directory.classes.staffNote', { note })}
                    </StatusIndicator>
                  </Box>
                )}
              </div>
            );
          })}
        </SpaceBetween>
      ))}
    </SpaceBetween>
  );
}
