import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ContactDetails } from '../../../components/directory/contact-details';
import type { DirectoryIndex } from '../../../lib/directory/directory-index';
import { studentLevelLabel } from '../../../lib/directory/labels';
import { fullName } from '../../../lib/directory/names';
import { useLanguage } from '../../../lib/use-language';
import { CardSection, Label, OpenClassLink, ParentRepresentatives, WriteToClassLink } from './home-cards';

/** The viewer's children (students of their parent records), each once, by level then name. */
export function childrenOf(index: DirectoryIndex, parentIds: ReadonlySet<string>): number[] {
  const { directory } = index;
  const children = new Set(directory.parents.filter((parent) => parentIds.has(parent.id)).flatMap((parent) => parent.childIndexes));
  const level = (s: number) => index.levelOrder(directory.students[s]!.level);
  return [...children].sort((a, b) => level(a) - level(b) || fullName(directory.students[a]!).localeCompare(fullName(directory.students[b]!)));
}

/** One child: level and class, the homeroom teacher and the parent representatives, and the class one tap away. */
function ChildCard({ index, student, parentIds, openParent }: {
  index: DirectoryIndex;
  student: number;
  parentIds: ReadonlySet<string>;
  openParent: (p: number) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { directory } = index;
  const child = directory.students[student]!;
  const schoolClass = child.classIndex === undefined ? undefined : directory.classes[child.classIndex];
  const teacher = schoolClass?.teacherIndex === undefined ? undefined : directory.staff[schoolClass.teacherIndex];
  const level = studentLevelLabel(directory, child.level, lang);
  const description = schoolClass ? `${level} · ${schoolClass.name}` : level;
  return (
    <Container header={<Header variant="h3" description={description}>{fullName(child)}</Header>}>
      {schoolClass ? (
        <SpaceBetween size="s">
          <div>
            <Label>{t('directory.classes.teacher')}</Label>
            {teacher ? <Box>{fullName(teacher)}</Box> : <Box color="text-body-secondary">{t('directory.classes.noTeacher')}</Box>}
            {teacher && <ContactDetails email={teacher.email} phone={teacher.phone} />}
          </div>
          <ParentRepresentatives index={index} schoolClass={schoolClass} openParent={openParent} />
          <OpenClassLink index={index} schoolClass={schoolClass} />
          <WriteToClassLink
            schoolClass={schoolClass}
            candidate={schoolClass.parentRepIndexes.some((p) => parentIds.has(directory.parents[p]!.id))}
          />
        </SpaceBetween>
      ) : (
        <Box color="text-body-secondary">{t('directory.home.noClass')}</Box>
      )}
    </Container>
  );
}

/**
 * « Mes enfants » / "My children", first on a parent's home (docs/product-rules.md, "Home"): each child's class,
 * teacher and parent representatives (a name opens the representative's card), one tap to the class, and for a
 * class the viewer represents, one tap to writing to its parents.
 */
export function MyChildren({ index, parentIds }: { index: DirectoryIndex; parentIds: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const children = useMemo(() => childrenOf(index, parentIds), [index, parentIds]);
  return (
    <CardSection
      id="my-children-title"
      title={t('directory.home.myChildren')}
      index={index}
      items={children}
      card={(student, openParent) => <ChildCard key={student} index={index} student={student} parentIds={parentIds} openParent={openParent} />}
    />
  );
}
