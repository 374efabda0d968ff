import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { CsvFile } from '@shared/contracts/import-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { useLanguage } from '../../../lib/use-language';
import { adminDataApi } from '../api/admin-data-client';
import { jsonExportName, saveCsv } from '../model/import-model';
import { saveFile } from '../../../lib/save-file';
import { LoadError } from './load-error';
import { useErrorText } from './use-admin-data';

/** The whole directory as the import's CSV files (a round trip) or as one JSON file. */
export function ExportPanel({ notify }: { notify: (message: string) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { apiBaseUrl } = useRuntimeConfig();
  const errorText = useErrorText();
  const [busy, setBusy] = useState<'csv' | 'json' | null>(null);
  const [failed, setFailed] = useState<{ kind: 'csv' | 'json'; error: unknown } | null>(null);
  const [files, setFiles] = useState<CsvFile[]>([]);

  const run = async (kind: 'csv' | 'json') => {
    setBusy(kind);
    setFailed(null);
    try {
      if (kind === 'csv') {
        const exported = await adminDataApi.exportCsv(apiBaseUrl, lang);
        setFiles(exported);
        exported.forEach(saveCsv);
        notify(t('adminData.export.csvDone', { count: exported.length }));
      } else {
        const data = await adminDataApi.exportJson(apiBaseUrl);
        saveFile(jsonExportName(), JSON.stringify(data, null, 2), 'application/json;charset=utf-8');
        notify(t('adminData.export.jsonDone'));
      }
    } catch (error) {
      setFailed({ kind, error });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Container header={<Header variant="h2" description={t('adminData.export.description')}>{t('adminData.export.title')}</Header>}>
      <SpaceBetween size="l">
        {failed && <LoadError message={errorText(failed.error)} onRetry={() => void run(failed.kind)} />}
        <SpaceBetween size="xs">
          <Box variant="h3">{t('adminData.export.csvTitle')}</Box>
          <Box variant="p">{t('adminData.export.csvExplain')}</Box>
          <Box>
            <Button iconName="download" loading={busy === 'csv'} disabled={busy !== null} onClick={() => void run('csv')}>
              {t('adminData.export.csvButton')}
            </Button>
          </Box>
          {files.length > 0 && (
            <SpaceBetween size="xxs">
              <Box variant="small">{t('adminData.export.again')}</Box>
              <SpaceBetween direction="horizontal" size="xs">
                {files.map((file) => (
                  <Button key={file.entity} variant="inline-link" onClick={() => saveCsv(file)}>
                    {file.name}
                  </Button>
                ))}
              </SpaceBetween>
            </SpaceBetween>
          )}
        </SpaceBetween>
        <SpaceBetween size="xs">
          <Box variant="h3">{t('adminData.export.jsonTitle')}</Box>
          <Box variant="p">{t('adminData.export.jsonExplain')}</Box>
          <Box>
            <Button iconName="download" loading={busy === 'json'} disabled={busy !== null} onClick={() => void run('json')}>
              {t('adminData.export.jsonButton')}
            </Button>
          </Box>
        </SpaceBetween>
      </SpaceBetween>
    </Container>
  );
}
