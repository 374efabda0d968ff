import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { IMPORT_ENTITIES } from '@shared/rules/import-columns';
import { formatDecimal } from '../../../lib/number-format';
import { useLanguage } from '../../../lib/use-language';
import { applyBlock, latestByName } from '../model/import-model';
import { ImportReportView } from './import-report-view';
import { useImport } from './use-import';
import { AppProgressBar } from '../../../components/progress/app-progress-bar';

/** The files to import: several CSV files, the latest of each name kept. */
function FilesField({ files, onChoose }: { files: File[]; onChoose: (files: File[]) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <FormField
      label={t('adminData.import.filesLabel')}
      description={t('adminData.import.filesHint')}
      constraintText={t('adminData.import.filesConstraint')}
    >
      <FileUpload
        multiple
        accept=".csv,text/csv,text/plain"
        value={files}
        onChange={({ detail }) => onChoose(latestByName(detail.value).slice(-IMPORT_ENTITIES.length))}
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
            t('adminData.import.size', { size: formatDecimal(bytes / 1024, lang) }),
        }}
      />
    </FormField>
  );
}

/** Choose the files, check them (dry run), then apply them in chunks with a progress bar. */
export function ImportPanel({ notify }: { notify: (message: string) => void }) {
  const { t } = useTranslation();
  const { files, report, windows1252, step, percent, failure, choose, check, apply } = useImport(notify);

  const block = report ? applyBlock(report) : null;
  return (
    <Container header={<Header variant="h2" description={t('adminData.import.description')}>{t('adminData.import.title')}</Header>}>
      <SpaceBetween size="l">
        <FilesField files={files} onChoose={choose} />
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
          <AppProgressBar
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
        {windows1252.length > 0 && (
          <Alert type="info" data-testid="read-as-windows-1252">
            {t('adminData.import.windows1252', { count: windows1252.length, files: windows1252.join(', ') })}
          </Alert>
        )}
        {report && <ImportReportView report={report} />}
      </SpaceBetween>
    </Container>
  );
}
