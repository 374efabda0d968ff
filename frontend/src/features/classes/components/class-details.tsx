import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { ContactDetails } from '../../../components/directory/contact-details';
import { useLanguage } from '../../../lib/use-language';
import type { DirectoryIndex } from '../../../lib/directory/directory-index';
import { departmentLabel, localized, roleLabel } from '../../../lib/directory/labels';
import { fullName } from '../../../lib/directory/names';
import { Highlight } from '../../../components/directory/highlight';
import { ClassStudents } from './class-students';
import { ClassMailto } from './class-mailto';
import { AddToContacts } from '../../../components/directory/add-to-contacts';
import { classParentCards } from '../../../lib/directory/contacts';
import { ParentName, useParentCard } from '../../../components/directory/parent-card';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SpaceBetween size="xxs">
      <Box variant="awsui-key-label">{title}</Box>
      {children}
    </SpaceBetween>
  );
}

/** The homeroom teacher: name, title and department, governing-board seat, contact details. */
function TeacherSection({ index, classIndex, query }: { index: DirectoryIndex; classIndex: number; query: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { directory } = index;
  const schoolClass = directory.classes[classIndex]!;
  const teacher = schoolClass.teacherIndex === undefined ? undefined : directory.staff[schoolClass.teacherIndex];
  return (
    <Section title={t('directory.classes.teacher')}>
      {teacher ? (
        <div>
          <Box variant="strong">
            <Highlight text={fullName(teacher)} query={query} />
          </Box>
          <Box variant="small" display="block" color="text-body-secondary">
            {[localized(teacher.title, lang), departmentLabel(teacher.department, lang)].join(' · ')}
          </Box>
          {teacher.ceRole && (
            <Box variant="small" display="block">
              {t('directory.classes.teacherCe', { role: roleLabel(teacher.ceRole, lang) })}
            </Box>
          )}
          <ContactDetails email={teacher.email} phone={teacher.phone} />
        </div>
      ) : (
        <Box color="text-body-secondary">{t('directory.classes.noTeacher')}</Box>
      )}
    </Section>
  );
}

/**
 * Inside an opened class: the teacher's staff card, the representatives, then the students by level. A parent's
 * name (a representative, a student's parent) opens their card (components/directory/parent-card.tsx).
 */
export function ClassDetails({ index, classIndex, query }: { index: DirectoryIndex; classIndex: number; query: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { directory } = index;
  const schoolClass = directory.classes[classIndex]!;
  const none = <Box color="text-body-secondary">{t('directory.classes.none')}</Box>;
  const card = useParentCard(index);

  return (
    <>
      <ColumnLayout columns={2} borders="vertical">
        <SpaceBetween size="l">
          <TeacherSection index={index} classIndex={classIndex} query={query} />
          <Section title={t('directory.classes.parentReps')}>
            {schoolClass.parentRepIndexes.length === 0
              ? none
              : schoolClass.parentRepIndexes.map((p) => {
                  const parent = directory.parents[p]!;
                  return (
                    <div key={p}>
                      <ParentName name={fullName(parent)} onOpen={() => card.open(p)}>
                        <Highlight text={fullName(parent)} query={query} />
                      </ParentName>
                      <ContactDetails email={parent.email} phone={parent.phone} />
                    </div>
                  );
                })}
          </Section>
          <Section title={t('directory.classes.studentReps')}>
            {schoolClass.studentRepIndexes.length === 0
              ? none
              : schoolClass.studentRepIndexes.map((s) => <div key={s}>{fullName(directory.students[s]!)}</div>)}
          </Section>
        </SpaceBetween>
        <Section title={t('directory.classes.students')}>
          <AddToContacts
            label={t('directory.contacts.addClass')}
            ariaLabel={t('directory.contacts.addClassOne', { name: schoolClass.name })}
            fileName={schoolClass.name}
            cards={() => classParentCards(index, classIndex, lang)}
          />
          <ClassMailto index={index} classIndex={classIndex} />
          <ClassStudents index={index} classIndex={classIndex} query={query} onOpenParent={card.open} />
        </Section>
      </ColumnLayout>
      {card.modal}
    </>
  );
}
