import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { DirectoryIndex } from '../../../lib/directory/directory-index';
import { classLevelsLabel } from '../../../lib/directory/labels';
import { useLanguage } from '../../../lib/use-language';
import { CardSection, OpenClassLink, ParentRepresentatives, WriteToClassLink } from './home-cards';

/** The classes whose homeroom teacher is one of the viewer's records, in the directory's order. */
export function classesTaughtBy(index: DirectoryIndex, personIds: ReadonlySet<string>): number[] {
  const { classes, staff } = index.directory;
  return classes.flatMap((c, i) => (c.teacherIndex !== undefined && personIds.has(staff[c.teacherIndex]!.id) ? [i] : []));
}

/** One class: its levels, how many students, its parent representatives (a name opens their card), one tap to it. */
function ClassCard({ index, classIndex, openParent }: { index: DirectoryIndex; classIndex: number; openParent: (p: number) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const schoolClass = index.directory.classes[classIndex]!;
  const levels = classLevelsLabel(index.directory, schoolClass.levels, lang);
  const students = index.directory.students.filter((s) => s.classIndex === classIndex).length;
  return (
    <Container header={<Header variant="h3" description={`${levels} · ${t('directory.home.studentCount', { count: students })}`}>{schoolClass.name}</Header>}>
      <SpaceBetween size="s">
        <ParentRepresentatives index={index} schoolClass={schoolClass} openParent={openParent} />
        <OpenClassLink index={index} schoolClass={schoolClass} />
        {/* Their homeroom class: offered when the settings let teachers write to their classes' parents. */}
        <WriteToClassLink schoolClass={schoolClass} candidate />
      </SpaceBetween>
    </Container>
  );
}

/**
 * « Mes classes » / "My classes", on a homeroom teacher's home (docs/product-rules.md, "Home"): each class they
 * teach with its levels, its size and its parent representatives, one tap to its students and parents.
 */
export function MyClasses({ index, personIds }: { index: DirectoryIndex; personIds: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const classes = useMemo(() => classesTaughtBy(index, personIds), [index, personIds]);
  return (
    <CardSection
      id="my-classes-title"
      title={t('directory.home.myClasses')}
      index={index}
      items={classes}
      card={(classIndex, openParent) => <ClassCard key={classIndex} index={index} classIndex={classIndex} openParent={openParent} />}
    />
  );
}
