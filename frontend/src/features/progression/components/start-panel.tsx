import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ProgressionSummary } from '@shared/contracts/progression-api';
import { CompletedSummary } from './apply-panel';
import { formatLongDate, schoolYearText } from '../../../lib/date-time';
import { useLanguage } from '../../../lib/use-language';

/** `2026-2027` after `2025-2026` (the server's rule, for the start button before anything exists). */
const nextYear = (year: string) => year.replace(/^(\d{4})-(\d{4})$/, (_, a: string, b: string) => `${Number(a) + 1}-${Number(b) + 1}`);

/** How long after an apply the page warns before the next year's preparation: until the winter. */
const RECENT_MS = 180 * 24 * 60 * 60 * 1000;

/** Nothing open (never started, abandoned, or the last one is applied): the button that starts next year's. */
export function StartPanel({ schoolYear, completed, busy, onStart }: {
  schoolYear: string;
  /** The last progression when it was applied, summed up above the button. */
  completed: ProgressionSummary | null;
  busy: boolean;
  onStart: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  // The school year this page shows is the one the last apply created, within the last months: its students have
  // just moved up (by the spring, preparing the next year is the page's purpose again).
  const justApplied =
    completed?.appliedAt !== undefined && completed.toYear === schoolYear && Date.now() - Date.parse(completed.appliedAt) < RECENT_MS
      ? completed
      : null;
  return (
    <SpaceBetween size="l">
      {completed && <CompletedSummary progression={completed} />}
      <Container header={<Header variant="h2">{t('progression.start.title', { year: schoolYearText(nextYear(schoolYear)) })}</Header>}>
        <SpaceBetween size="m">
          <Box variant="p">{t('progression.start.current', { year: schoolYearText(schoolYear) })}</Box>
          {justApplied && (
            // Right after an apply the same page offers the next year: a second pass would move every student up twice
            // (a trial's volunteer was one click from it). Said, with when the last one was applied.
            <Alert type="warning">
              {t('progression.start.justApplied', {
                year: schoolYearText(schoolYear),
                date: formatLongDate(justApplied.appliedAt!, lang),
                next: schoolYearText(nextYear(schoolYear)),
              })}
            </Alert>
          )}
          <Box variant="p">{t('progression.start.body')}</Box>
          <Box>
            <Button variant={completed ? 'normal' : 'primary'} loading={busy} onClick={onStart}>
              {t('progression.start.button', { year: schoolYearText(nextYear(schoolYear)) })}
            </Button>
          </Box>
        </SpaceBetween>
      </Container>
    </SpaceBetween>
  );
}
