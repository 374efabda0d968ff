import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import type { ProgressionReview, ProgressionWorkspace } from '@shared/contracts/progression-api';
import { useLanguage } from '../../../lib/use-language';
import { formatCount, formatDecimal } from '../../../lib/number-format';
import { nextYearClassSizes } from '../model/class-sizes';
import { buildReviewSummary, classLabel, type Labels, type SummaryItem, type SummarySection } from '../model/review-summary';
import { CountGrid } from './overview-step';
import { schoolYearText } from '../../../lib/date-time';

/** Long lists start folded; short ones open, so the important changes are seen without a click. */
const FOLD_ABOVE = 12;

function ItemLine({ item }: { item: SummaryItem }) {
  const { t } = useTranslation();
  const parts: string[] = [];
  if (item.from && item.to) parts.push(t('progression.review.fromTo', { from: item.from, to: item.to }));
  else if (item.to) parts.push(item.to);
  else if (item.from) parts.push(item.from);
  if (item.count !== undefined) parts.push(t('progression.review.representativesRemoved', { count: item.count }));
  if (item.email) parts.push(item.email);
  if (item.reason) parts.push(t('progression.review.reason', { reason: item.reason }));
  if (item.parents?.length) {
    parts.push(
      t('progression.review.parents', {
        parents: item.parents.map((p) => `${p.name} (${t(`progression.review.tags.${p.tag}`)})`).join(', '),
      }),
    );
  }
  for (const tag of item.tags) parts.push(t(`progression.review.tags.${tag}`));
  return (
    <li>
      <Box variant="span" fontWeight="bold">{item.name}</Box>
      {parts.length > 0 && <Box variant="span"> — {parts.join(' · ')}</Box>}
    </li>
  );
}

function Section({ section }: { section: SummarySection }) {
  const { t } = useTranslation();
  const title = `${t(`progression.review.sections.${section.key}`)} (${section.items.length})`;
  const body =
    section.items.length === 0 ? (
      <Box color="text-body-secondary">{t('progression.review.none')}</Box>
    ) : (
      <ul data-review-section={section.key}>
        {section.items.map((item) => <ItemLine key={item.id} item={item} />)}
      </ul>
    );
  return (
    <ExpandableSection
      variant="container"
      headerText={title}
      headerDescription={t(`progression.review.hints.${section.key}`)}
      defaultExpanded={section.items.length > 0 && section.items.length <= FOLD_ABOVE}
    >
      {body}
    </ExpandableSection>
  );
}

/**
 * Next year's classes with their sizes as the plan stands, and a warning, which does not block, for a class with far
 * more students than the average (a whole grade placed in one class): the way back is step 2.
 */
function NextYearClasses({ workspace, labels, onGoTo }: {
  workspace: ProgressionWorkspace;
  labels: Labels;
  onGoTo: (step: 'assignments') => void;
}) {
  const { t } = useTranslation();
  const { classes, average } = nextYearClassSizes(workspace);
  const crowded = classes.filter((c) => c.crowded);
  const size = (students: number) => t('progression.review.classSize', { count: students, n: formatCount(students, labels.lang) });
  return (
    <Container header={<Header variant="h2" description={t('progression.review.classesHint')}>{t('progression.review.classesTitle')}</Header>}>
      <SpaceBetween size="m">
        {crowded.length > 0 && (
          <Alert type="warning" action={<Button onClick={() => onGoTo('assignments')}>{t('progression.review.fix')}</Button>}>
            {t('progression.review.crowded', {
              classes: crowded.map((c) => `${classLabel(labels, c.classId)} (${size(c.students)})`).join(', '),
              average: formatDecimal(average, labels.lang),
            })}
          </Alert>
        )}
        <ColumnLayout columns={3} variant="text-grid">
          {classes.map((c) => (
            <Box key={c.classId} color={c.crowded ? 'text-status-warning' : undefined}>
              {t('progression.review.classLine', { name: classLabel(labels, c.classId), size: size(c.students) })}
            </Box>
          ))}
        </ColumnLayout>
      </SpaceBetween>
    </Container>
  );
}

/** Step 6: every change the apply will make, from the server's own diff (GET …/review). */
export function ReviewStep({ workspace, review, loading, error, onRetry, onGoTo }: {
  workspace: ProgressionWorkspace;
  review: ProgressionReview | null;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** Jumps to the step where a blocker is fixed. */
  onGoTo: (step: 'overview' | 'assignments') => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (error) {
    return (
      <Alert type="error" action={<Button onClick={onRetry}>{t('progression.retry')}</Button>}>
        {t('progression.review.loadFailed')}
      </Alert>
    );
  }
  if (loading || !review) {
    return (
      <Box textAlign="center" padding="l">
        <Spinner /> {t('common.loading')}
      </Box>
    );
  }
  const labels: Labels = { levels: workspace.levels, classes: workspace.classes, lang };
  const sections = buildReviewSummary(review, labels);
  const blockers = review.blockers;
  return (
    <SpaceBetween size="l">
      {blockers.map((blocker) => (
        <Alert
          key={blocker.code}
          type="error"
          header={t(`errors.${blocker.code}`)}
          action={
            blocker.code === 'DUPLICATE_EMAIL' ? undefined : (
              <Button onClick={() => onGoTo(blocker.code === 'ANALYSIS_STALE' ? 'overview' : 'assignments')}>
                {t('progression.review.fix')}
              </Button>
            )
          }
        >
          {/* A stale analysis is not items to fix one by one: the records that changed, then « Relire le bottin ». */}
          {t(blocker.code === 'ANALYSIS_STALE' ? 'progression.review.stale' : `progression.review.blockers.${blocker.code}`, { count: blocker.ids.length })}
        </Alert>
      ))}
      {review.ready && <Alert type="info">{t('progression.review.ready', { year: schoolYearText(review.progression.toYear) })}</Alert>}
      <Container header={<Header variant="h2">{t('progression.review.countsTitle')}</Header>}>
        <CountGrid
          counts={review.progression.counts}
          keys={['totalStudents', 'graduating', 'departing', 'newStudents', 'newParents', 'parentsToRemove', 'missingAssignments']}
        />
      </Container>
      <NextYearClasses workspace={workspace} labels={labels} onGoTo={onGoTo} />
      {sections.map((section) => <Section key={section.key} section={section} />)}
    </SpaceBetween>
  );
}
