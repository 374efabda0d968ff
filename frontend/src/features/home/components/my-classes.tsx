import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ParentName, useParentCard } from '../../../components/directory/parent-card';
import { RouterLink } from '../../../components/router-link/router-link';
import type { DirectoryIndex } from '../../../lib/directory/directory-index';
import { classLevelsLabel } from '../../../lib/directory/labels';
import { fullName } from '../../../lib/directory/names';
import { useLanguage } from '../../../lib/use-language';

/** The classes whose homeroom teacher is one of the viewer's records, in the directory's order. */
export function classesTaughtBy(index: DirectoryIndex, personIds: ReadonlySet<string>): number[] {
  const { classes, staff } = index.directory;
  return classes.flatMap((c, i) => (c.teacherIndex !== undefined && personIds.has(staff[c.teacherIndex]!.id) ? [i] : []));
}

function Label({ children }: { children: string }) {
  return <Box variant="awsui-key-label">{children}</Box>;
}

/** One class: its levels, how many students, its parent representatives (a name opens their card), one tap to it. */
function ClassCard({ index, classIndex, openParent }: { index: DirectoryIndex; classIndex: number; openParent: (p: number) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { directory } = index;
  const schoolClass = directory.classes[classIndex]!;
  const levels = classLevelsLabel(directory, schoolClass.levels, lang);
  const students = directory.students.filter((s) => s.classIndex === classIndex).length;
  return (
    <Container header={<Header variant="h3" description={`${levels} · ${t('directory.home.studentCount', { count: students })}`}>{schoolClass.name}</Header>}>
      <SpaceBetween size="s">
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
          {t('directory.home.openClass', { name: schoolClass.name, levels })}
        </RouterLink>
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
  const card = useParentCard(index);
  if (classes.length === 0) return null;
  return (
    <section aria-labelledby="my-classes-title">
      <SpaceBetween size="s">
        <Header variant="h2" headingTagOverride="h2">
          <span id="my-classes-title">{t('directory.home.myClasses')}</span>
        </Header>
        <ColumnLayout columns={Math.min(classes.length, 3)}>
          {classes.map((c) => (
            <ClassCard key={c} index={index} classIndex={c} openParent={card.open} />
          ))}
        </ColumnLayout>
      </SpaceBetween>
      {card.modal}
    </section>
  );
}
