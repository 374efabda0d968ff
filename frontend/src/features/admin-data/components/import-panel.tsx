import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ImportReport } from '../../../../../shared/import-api';
import { IMPORT_ENTITIES } from '../../../../../shared/import-columns';
import { ImportReportSchema } from '../../../../../shared/import-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { useLanguage } from '../../../lib/use-language';
import { adminDataApi } from '../api/admin-data-client';
import { applyBlock, applyPercent, latestByName, readImportFiles } from '../model/import-model';
import { ImportReportView } from './import-report-view';
import { useErrorText } from './use-admin-data';
import { ApiError } from '../../../lib/api/api-client';

type Step = 'idle' | 'checking' | 'applying';

/** Choose the files, check them (dry run), then apply them in chunks with a progress bar. */
export function ImportPanel({ notify }: { notify: (message: string) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { apiBaseUrl } = useRuntimeConfig();
  const errorText = useErrorText();
  const [files, setFiles] = useState<File[]>([]);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [step, setStep] = useState<Step>('idle');
  const [percent, setPercent] = useState(0);
  const [failure, setFailure] = useState<{ message: string; conflict: boolean } | null>(null);

  const choose = (chosen: File[]) => {
    setFiles(chosen);
    setReport(null);
    setFailure(null);
  };

  const check = async () => {
    setStep('checking');
    setFailure(null);
    setReport(null);
    try {
      setReport(await adminDataApi.dryRun(apiBaseUrl, await readImportFiles(files)));
    } catch (error) {
      setFailure({ message: errorText(error), conflict: false });
    } finally {
      setStep('idle');
    }
  };

  const apply = async () => {
    if (!report) return;
    const planned = report.writes;
    setStep('applying');
    setPercent(0);
    setFailure(null);
    try {
      const body = await readImportFiles(files);
      for (;;) {
        const answer = await adminDataApi.apply(apiBaseUrl, body);
        setPercent(applyPercent(planned, answer.progress.remaining));
        if (answer.progress.complete) break;
      }
      const created = Object.values(report.counts).reduce((sum, c) => sum + c.create, 0);
      const updated = Object.values(report.counts).reduce((sum, c) => sum + c.update, 0);
      setReport(null);
      notify(t('adminData.import.done', { created, updated }));
    } catch (error) {
      // A file that changed meanwhile may now have errors: the server sends the new report.
      const refused = error instanceof ApiError ? ImportReportSchema.safeParse((error.body as { report?: unknown })?.report) : undefined;
      if (refused?.success) setReport(refused.data);
      const conflict = error instanceof ApiError && error.code === 'CONFLICT';
      setFailure({ message: conflict ? t('adminData.import.conflict') : errorText(error), conflict });
    } finally {
      setStep('idle');
    }
  };

  const block = report ? applyBlock(report) : null;
  return (
    <Container header={<Header variant="h2" description={t('adminData.import.description')}>{t('adminData.import.title')}</Header>}>
      <SpaceBetween size="l">
        <FormField
          label={t('adminData.import.filesLabel')}
          description={t('adminData.import.filesHint')}
          constraintText={t('adminData.import.filesConstraint')}
        >
          <FileUpload
            multiple
            accept=".csv,text/csv,text/plain"
            value={files}
            onChange={({ detail }) => choose(latestByName(detail.value).slice(-IMPORT_ENTITIES.length))}
            showFileSize
            i18nStrings={{
              uploadButtonText: () => t('adminData.import.choose'),
              dropzoneText: () => t('adminData.import.drop'),
              removeFileAriaLabel: (_, name) => t('adminData.import.remove', { name }),
              limitShowFewer: t('adminData.import.showFewer'),
              limitShowMore: t('adminData.import.showMore'),
              errorIconAriaLabel: t('adminData.import.error'),
              warningIconAriaLabel: t('adminData.import.warning'),
              formatFileSize: (bytes) =>
                t('adminData.import.size', { size: (bytes / 1024).toLocaleString(lang, { maximumFractionDigits: 1 }) }),
            }}
          />
        </FormField>
        <SpaceBetween direction="horizontal" size="xs">
          <Button
            variant={report ? 'normal' : 'primary'}
            disabled={files.length === 0 || step === 'applying'}
            loading={step === 'checking'}
            onClick={() => void check()}
          >
            {t('adminData.import.check')}
          </Button>
          {report && (
            <Button
              variant="primary"
              disabled={block !== null || step !== 'idle'}
              loading={step === 'applying'}
              onClick={() => void apply()}
            >
              {t('adminData.import.apply')}
            </Button>
          )}
        </SpaceBetween>
        {files.length === 0 && !report && <Box color="text-body-secondary">{t('adminData.import.empty')}</Box>}
        {report && block && (
          <Box color="text-status-inactive" data-testid="apply-blocked">
            {t(`adminData.import.blocked.${block}`)}
          </Box>
        )}
        {step === 'applying' && (
          <ProgressBar
            label={t('adminData.import.progress')}
            value={percent}
            additionalInfo={t('adminData.import.progressInfo')}
          />
        )}
        {failure && (
          <Alert
            type="error"
            action={
              <Button onClick={() => void check()} disabled={files.length === 0}>
                {failure.conflict ? t('adminData.import.checkAgain') : t('adminData.retry')}
              </Button>
            }
          >
            {failure.message}
          </Alert>
        )}
        {report && <ImportReportView report={report} />}
      </SpaceBetween>
    </Container>
  );
}
