import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ProgressionSummary } from '@shared/contracts/progression-api';
import { CompletedSummary } from './apply-panel';
import { schoolYearText } from '../../../lib/date-time';

/** `2026-2027` after `2025-2026` (the server's rule, for the start button before anything exists). */
const nextYear = (year: string) => year.replace(/^(\d{4})-(\d{4})$/, (_, a: string, b: string) => `${Number(a) + 1}-${Number(b) + 1}`);

/** Nothing open (never started, abandoned, or the last one is applied): the button that starts next year's. */
export function StartPanel({ schoolYear, completed, busy, onStart }: {
  schoolYear: string;
  /** The last progression when it was applied, summed up above the button. */
  completed: ProgressionSummary | null;
  busy: boolean;
  onStart: () => void;
}) {
  const { t } = useTranslation();
  return (
    <SpaceBetween size="l">
      {completed && <CompletedSummary progression={completed} />}
      <Container header={<Header variant="h2">{t('progression.start.title', { year: schoolYearText(nextYear(schoolYear)) })}</Header>}>
        <SpaceBetween size="m">
          <Box variant="p">{t('progression.start.current', { year: schoolYearText(schoolYear) })}</Box>
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
