import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ProgressionCounts, ProgressionWorkspace } from '@shared/contracts/progression-api';
import { formatCount } from '../../../lib/number-format';
import { useLanguage } from '../../../lib/use-language';
import { schoolYearText } from '../../../lib/date-time';

const ANALYSIS: (keyof ProgressionCounts)[] = ['totalStudents', 'autoProgression', 'needsAssignment', 'graduating'];
const STAGED: (keyof ProgressionCounts)[] = ['missingAssignments', 'newStudents', 'departing', 'parentsToRemove'];

/** A labelled number; `data-count` lets a journey read it without depending on the layout. */
export function CountGrid({ counts, keys }: { counts: ProgressionCounts; keys: (keyof ProgressionCounts)[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <ColumnLayout columns={keys.length >= 4 ? 4 : keys.length} variant="text-grid" minColumnWidth={140}>
      {keys.map((key) => (
        <div key={key} data-count={key}>
          <Box variant="awsui-key-label">{t(`progression.counts.${key}`)}</Box>
          <Box fontSize="display-l" fontWeight="bold">
            <span data-count-value={key}>{formatCount(counts[key], lang)}</span>
          </Box>
        </div>
      ))}
    </ColumnLayout>
  );
}

/** Step 1: where the school stands, in plain words (phase names are not shown). */
export function OverviewStep({ workspace, busy, onAnalyse }: {
  workspace: ProgressionWorkspace;
  busy: boolean;
  onAnalyse: () => void;
}) {
  const { t } = useTranslation();
  const { progression, blockers } = workspace;
  const stale = blockers.some((b) => b.code === 'ANALYSIS_STALE');
  return (
    <SpaceBetween size="l">
      {stale && (
        <Alert
          type="warning"
          header={t('progression.overview.staleTitle')}
          action={<Button onClick={onAnalyse} loading={busy}>{t('progression.overview.analyse')}</Button>}
        >
          {t('progression.overview.staleBody')}
        </Alert>
      )}
      <Container
        header={
          <Header
            variant="h2"
            description={t('progression.overview.years', { from: schoolYearText(progression.fromYear), to: schoolYearText(progression.toYear) })}
          >
            {t('progression.overview.title')}
          </Header>
        }
      >
        <SpaceBetween size="l">
          {/* The one place step 1 says the choices are saved as they are made (the start's message and the choices' card no longer repeat it). */}
          <Box variant="p">{t('progression.overview.status')}</Box>
          <CountGrid counts={progression.counts} keys={ANALYSIS} />
          <ul>
            <li>{t('progression.overview.explainStays', { count: progression.counts.autoProgression })}</li>
            <li>{t('progression.overview.explainAssign', { count: progression.counts.needsAssignment })}</li>
            <li>{t('progression.overview.explainGraduates', { count: progression.counts.graduating })}</li>
          </ul>
        </SpaceBetween>
      </Container>
      <Container header={<Header variant="h2">{t('progression.overview.choicesTitle')}</Header>}>
        <SpaceBetween size="m">
          <CountGrid counts={progression.counts} keys={STAGED} />
          {!stale && (
            <Box>
              <Button onClick={onAnalyse} loading={busy}>{t('progression.overview.analyse')}</Button>
              <Box variant="small" display="block" color="text-body-secondary" margin={{ top: 'xs' }}>
                {t('progression.overview.analyseHint')}
              </Box>
            </Box>
          )}
        </SpaceBetween>
      </Container>
    </SpaceBetween>
  );
}
