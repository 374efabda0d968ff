import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PrintDirectory } from '../../../components/directory/print-directory';
import { RouterLink } from '../../../components/router-link/router-link';
import { useLanguage } from '../../../lib/use-language';
import type { DirectoryIndex } from '../../../lib/directory/directory-index';
import { studentLevelLabel } from '../../../lib/directory/labels';
import { schoolStatistics } from '../../../lib/directory/statistics';
import { LevelBars } from './level-bars';
import { QuickSearch } from './quick-search';
import { SchoolCard } from './school-card';

const LISTS = ['classes', 'students', 'parents', 'staff', 'committees'] as const;

/**
 * The home dashboard (docs/product-rules.md): quick search, students by level, quick statistics, links to the five
 * lists, and the printable directory under them.
 */
export function Dashboard({ index }: { index: DirectoryIndex }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const stats = useMemo(() => schoolStatistics(index), [index]);
  const level = (code: string) => studentLevelLabel(index.directory, code, lang);
  const number = new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', { maximumFractionDigits: 1 });
  const counts: Record<(typeof LISTS)[number], number> = {
    classes: stats.totals.classes,
    students: stats.totals.students,
    parents: stats.totals.parents,
    staff: stats.totals.staff,
    committees: stats.totals.committees,
  };

  return (
    <SpaceBetween size="l">
      {index.directory.school && <SchoolCard school={index.directory.school} />}
      <Container header={<Header variant="h2">{t('directory.home.searchTitle')}</Header>}>
        <QuickSearch index={index} />
      </Container>
      <ColumnLayout columns={2}>
        <Container header={<Header variant="h2">{t('directory.home.byLevelTitle')}</Header>}>
          {stats.totals.students === 0 ? (
            <Box color="text-body-secondary">{t('directory.empty.noStudents')}</Box>
          ) : (
            <LevelBars counts={stats.studentsByLevel} label={level} />
          )}
        </Container>
        <Container header={<Header variant="h2">{t('directory.home.statsTitle')}</Header>}>
          <KeyValuePairs
            columns={2}
            items={[
              {
                label: t('directory.home.averageClassSize'),
                value: stats.averageClassSize === null ? '-' : number.format(stats.averageClassSize),
              },
              { label: t('directory.home.committeeMembers'), value: number.format(stats.totalCommitteeMembers) },
              {
                label: t('directory.home.mostCommonLevel'),
                value: stats.mostCommonLevel ? level(stats.mostCommonLevel) : '-',
              },
              { label: t('directory.home.families'), value: number.format(stats.totals.families) },
            ]}
          />
        </Container>
      </ColumnLayout>
      <Container header={<Header variant="h2">{t('directory.home.listsTitle')}</Header>} footer={<PrintDirectory index={index} />}>
        <ColumnLayout columns={3} variant="text-grid">
          {LISTS.map((list) => (
            <div key={list}>
              <RouterLink href={`/${list}`} fontSize="heading-s">
                {t(`nav.${list}`)}
              </RouterLink>
              <Box variant="small" display="block" color="text-body-secondary">
                {number.format(counts[list])} · {t(`pages.${list}.description`)}
              </Box>
            </div>
          ))}
        </ColumnLayout>
      </Container>
    </SpaceBetween>
  );
}
