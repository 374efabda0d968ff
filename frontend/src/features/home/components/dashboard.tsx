import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { PrintDirectory } from '../../../components/directory/print-directory';
import { RouterLink } from '../../../components/router-link/router-link';
import { formatCount, formatDecimal } from '../../../lib/number-format';
import { useLanguage } from '../../../lib/use-language';
import type { DirectoryIndex } from '../../../lib/directory/directory-index';
import { studentLevelLabel } from '../../../lib/directory/labels';
import { schoolStatistics, type SchoolStatistics } from '../../../lib/directory/statistics';
import type { Viewer } from '../hooks/use-viewer';
import { LevelBars } from './level-bars';
import { MyChildren } from './my-children';
import { MyClasses } from './my-classes';
import { QuickSearch } from './quick-search';
import { SchoolCard } from './school-card';

const LISTS = ['classes', 'students', 'parents', 'staff', 'committees'] as const;

/** Students by level and the quick statistics, side by side (one column on a phone). */
function Statistics({ index, stats }: { index: DirectoryIndex; stats: SchoolStatistics }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const level = (code: string) => studentLevelLabel(index.directory, code, lang);
  return (
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
              value: stats.averageClassSize === null ? '—' : formatDecimal(stats.averageClassSize, lang),
            },
            { label: t('directory.home.committeeMembers'), value: formatCount(stats.totalCommitteeMembers, lang) },
            { label: t('directory.home.mostCommonLevel'), value: stats.mostCommonLevel ? level(stats.mostCommonLevel) : '—' },
            { label: t('directory.home.families'), value: formatCount(stats.totals.families, lang) },
          ]}
        />
      </Container>
    </ColumnLayout>
  );
}

/** Links to the five lists with their counts, and the printable directory under them. */
function Lists({ index, stats }: { index: DirectoryIndex; stats: SchoolStatistics }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const counts: Record<(typeof LISTS)[number], number> = stats.totals;
  return (
    <Container header={<Header variant="h2">{t('directory.home.listsTitle')}</Header>} footer={<PrintDirectory index={index} />}>
      <ColumnLayout columns={3} variant="text-grid">
        {LISTS.map((list) => (
          <div key={list}>
            <RouterLink href={`/${list}`} fontSize="heading-s">
              {t(`nav.${list}`)}
            </RouterLink>
            <Box variant="small" display="block" color="text-body-secondary">
              {formatCount(counts[list], lang)} · {t(`pages.${list}.description`)}
            </Box>
          </div>
        ))}
      </ColumnLayout>
    </Container>
  );
}

/** Where the viewer's children go while GET /api/me has not answered, or when it failed. */
function ViewerPending({ viewer, retry }: { viewer: Viewer; retry: () => void }) {
  const { t } = useTranslation();
  if (viewer.status === 'loading') return <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>;
  if (viewer.status !== 'failed') return null;
  return (
    <Box color="text-body-secondary">
      {t('directory.home.childrenFailed')}{' '}
      <Button variant="inline-link" onClick={retry}>
        {t('directory.retry')}
      </Button>
    </Box>
  );
}

/**
 * The home dashboard (docs/product-rules.md, "Home"): a parent's children first (their classes, teachers and
 * representatives), then quick search, the school, students by level, quick statistics and the five lists with the
 * printable directory. Staff and administrators keep the school first: their children, if any, come after the
 * statistics. A homeroom teacher's classes come first (after a parent's children).
 */
export function Dashboard({ index, viewer, retry }: { index: DirectoryIndex; viewer: Viewer; retry: () => void }) {
  const { t } = useTranslation();
  const stats = useMemo(() => schoolStatistics(index), [index]);
  const statisticsFirst = viewer.status === 'loaded' && viewer.statisticsFirst;
  const children: ReactNode =
    viewer.status === 'loaded' ? <MyChildren index={index} parentIds={viewer.parentIds} /> : <ViewerPending viewer={viewer} retry={retry} />;
  const search = (
    <Container header={<Header variant="h2">{t('directory.home.searchTitle')}</Header>}>
      <QuickSearch index={index} />
    </Container>
  );
  const school = index.directory.school && <SchoolCard school={index.directory.school} />;
  return (
    <SpaceBetween size="l">
      {!statisticsFirst && children}
      {viewer.status === 'loaded' && <MyClasses index={index} personIds={viewer.personIds} />}
      {statisticsFirst ? school : search}
      {statisticsFirst ? search : school}
      <Statistics index={index} stats={stats} />
      {statisticsFirst && children}
      <Lists index={index} stats={stats} />
    </SpaceBetween>
  );
}
