import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ProgressionSummary } from '@shared/contracts/progression-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { errorKey, progressionApi } from '../../../lib/api/progression-client';
import { saveFile } from '../../../lib/save-file';
import { formatCount } from '../../../lib/number-format';
import { useLanguage } from '../../../lib/use-language';
import { AppProgressBar } from '../../../components/progress/app-progress-bar';
import { schoolYearText } from '../../../lib/date-time';

/** While the changes are applied: the progress bar; an error says what happened and offers to continue. */
export function ApplyPanel({ progression, running, error, onRetry }: {
  progression: ProgressionSummary;
  running: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const apply = progression.apply;
  const percent = apply?.percent ?? 0;
  return (
    <Container header={<Header variant="h2">{t('progression.applying.title', { year: schoolYearText(progression.toYear) })}</Header>}>
      <SpaceBetween size="m">
        <AppProgressBar
          value={percent}
          label={t('progression.applying.label')}
          description={t(apply?.stage === 'prepare' || !apply ? 'progression.applying.prepare' : 'progression.applying.steps')}
          additionalInfo={
            apply && apply.totalSteps > 0
              ? t('progression.applying.info', {
                  done: formatCount(apply.doneSteps, lang),
                  total: formatCount(apply.totalSteps, lang),
                })
              : undefined
          }
          status={error ? 'error' : 'in-progress'}
          resultText={error ? t(errorKey(error)) : undefined}
        />
        {running && <Box color="text-body-secondary">{t('progression.applying.keepOpen')}</Box>}
        {error !== null && error !== undefined && (
          <Alert type="error" action={<Button onClick={onRetry}>{t('progression.applying.retry')}</Button>}>
            {t('progression.applying.failed', { reason: t(errorKey(error)) })}
          </Alert>
        )}
      </SpaceBetween>
    </Container>
  );
}

/** Saves the export taken before the apply as one JSON file (docs/progression.md "Backup"). */
async function downloadBackup(apiBaseUrl: string, progression: ProgressionSummary, fileName: string) {
  const manifest = await progressionApi.backupManifest(apiBaseUrl, progression.id);
  const items: Record<string, unknown>[] = [];
  for (let part = 0; part < manifest.parts; part += 1) {
    items.push(...(await progressionApi.backupPart(apiBaseUrl, progression.id, part)).items);
  }
  const blob = new Blob([JSON.stringify({ ...manifest, items })], { type: 'application/json' });
  saveFile(fileName, blob, 'application/json');
}

/** After the apply: what changed, in words and numbers, and the backup to download. */
export function CompletedSummary({ progression }: { progression: ProgressionSummary }) {
  const { t } = useTranslation();
  const { apiBaseUrl } = useRuntimeConfig();
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const counts = progression.counts;
  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadBackup(apiBaseUrl, progression, t('progression.completed.fileName', { year: progression.fromYear }));
    } catch (error) {
      setDownloadError(error);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={t('progression.completed.description', { from: schoolYearText(progression.fromYear), to: schoolYearText(progression.toYear) })}
          actions={
            progression.apply?.backup && (
              <Button iconName="download" loading={downloading} onClick={() => void download()}>
                {t('progression.completed.download')}
              </Button>
            )
          }
        >
          {t('progression.completed.title', { year: schoolYearText(progression.toYear) })}
        </Header>
      }
    >
      <SpaceBetween size="m">
        <ul data-completed-summary>
          {(
            [
              ['moved', counts.totalStudents - counts.graduating - counts.departing],
              ['graduated', counts.graduating],
              ['departed', counts.departing],
              ['added', counts.newStudents],
              ['parentsAdded', counts.newParents],
              ['parentsRemoved', counts.parentsToRemove],
            ] as const
          ).map(([key, count]) => (
            <li key={key}>{t(`progression.completed.lines.${key}`, { count })}</li>
          ))}
        </ul>
        <Box variant="small" color="text-body-secondary">{t('progression.completed.backupHint')}</Box>
        {downloadError !== null && <Alert type="error">{t(errorKey(downloadError))}</Alert>}
      </SpaceBetween>
    </Container>
  );
}
