import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ContactDetails } from '../../../components/directory/contact-details';
import { ParentName, useParentCard } from '../../../components/directory/parent-card';
import { RouterLink } from '../../../components/router-link/router-link';
import type { DirectoryIndex } from '../../../lib/directory/directory-index';
import { classLevelsLabel, studentLevelLabel } from '../../../lib/directory/labels';
import { fullName } from '../../../lib/directory/names';
import { useLanguage } from '../../../lib/use-language';

/** The viewer's children (students of their parent records), each once, by level then name. */
export function childrenOf(index: DirectoryIndex, parentIds: ReadonlySet<string>): number[] {
  const { directory } = index;
  const children = new Set(directory.parents.filter((parent) => parentIds.has(parent.id)).flatMap((parent) => parent.childIndexes));
  const level = (s: number) => index.levelOrder(directory.students[s]!.level);
  return [...children].sort((a, b) => level(a) - level(b) || fullName(directory.students[a]!).localeCompare(fullName(directory.students[b]!)));
}

function Label({ children }: { children: string }) {
  return <Box variant="awsui-key-label">{children}</Box>;
}

/** One child: level and class, the homeroom teacher and the parent representatives, and the class one tap away. */
function ChildCard({ index, student, openParent }: { index: DirectoryIndex; student: number; openParent: (p: number) => void }) {
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
          <div>
            <Label>{t('directory.classes.parentReps')}</Label>
            {schoolClass.parentRepIndexes.length === 0 && <Box color="text-body-secondary">{t('directory.classes.none')}</Box>}
            {schoolClass.parentRepIndexes.map((p) => (
              <div key={p}>
                <ParentName name={fullName(directory.parents[p]!)} onOpen={() => openParent(p)} />
              </div>
            ))}
          </div>
          <RouterLink href={`/classes?class=${encodeURIComponent(schoolClass.code)}`} variant="primary">
            {t('directory.home.openClass', { name: schoolClass.name, levels: classLevelsLabel(directory, schoolClass.levels, lang) })}
          </RouterLink>
        </SpaceBetween>
      ) : (
        <Box color="text-body-secondary">{t('directory.home.noClass')}</Box>
      )}
    </Container>
  );
}

/**
 * « Mes enfants » / "My children", first on a parent's home (docs/product-rules.md, "Home"): each child's class,
 * teacher and parent representatives (a name opens the representative's card), one tap to the class.
 */
export function MyChildren({ index, parentIds }: { index: DirectoryIndex; parentIds: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const children = useMemo(() => childrenOf(index, parentIds), [index, parentIds]);
  const card = useParentCard(index);
  if (children.length === 0) return null;
  return (
    <section aria-labelledby="my-children-title">
      <SpaceBetween size="s">
        <Header variant="h2" headingTagOverride="h2">
          <span id="my-children-title">{t('directory.home.myChildren')}</span>
        </Header>
        <ColumnLayout columns={Math.min(children.length, 3)}>
          {children.map((student) => (
            <ChildCard key={student} index={index} student={student} openParent={card.open} />
          ))}
        </ColumnLayout>
      </SpaceBetween>
      {card.modal}
    </section>
  );
}
