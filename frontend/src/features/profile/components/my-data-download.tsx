import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { ApiError } from '../../../lib/api/api-client';
import { myDataApi } from '../api/my-data-client';
import { formatDate } from '../../../lib/date-time';
import { saveFile } from '../../../lib/save-file';

type Format = 'json' | 'csv';


/**
 * The CSV sections (one file each) in one ZIP file: six downloads at once made the browser ask to allow "multiple
 * files", and a phone's browser kept only the first. fflate is loaded on the click (docs/decisions.md).
 */
async function csvArchive(files: { name: string; text: string }[]): Promise<Blob> {
  const { strToU8, zipSync } = await import('fflate');
  const archive = zipSync(Object.fromEntries(files.map((file) => [file.name, strToU8(file.text)])), { level: 6 });
  return new Blob([archive], { type: 'application/zip' });
}

/** Fetches the data in one format and saves it; answers the success message. */
async function download(format: Format, apiBaseUrl: string, t: (key: string, options?: Record<string, unknown>) => string) {
  if (format === 'csv') {
    const files = await myDataApi.csv(apiBaseUrl);
    const name = `${t('myData.fileName')}-${formatDate(new Date())}.zip`;
    saveFile(name, await csvArchive(files), 'application/zip');
    return t('myData.csvDone', { name, count: files.length });
  }
  const data = await myDataApi.json(apiBaseUrl);
  const name = `${t('myData.fileName')}-${data.generatedAt.slice(0, 10)}.json`;
  saveFile(name, JSON.stringify(data, null, 2), 'application/json;charset=utf-8');
  return t('myData.jsonDone', { name });
}

/**
 * My Profile's "Download my data" (docs/privacy.md, "Download my data"): everything the school holds about the
 * parent, as one JSON file or as CSV files in one ZIP file. Each download is recorded by the server.
 */
export function MyDataDownload() {
  const { t, i18n } = useTranslation();
  const { apiBaseUrl } = useRuntimeConfig();
  const [busy, setBusy] = useState<Format | null>(null);
  const [result, setResult] = useState<{ type: 'success' | 'error'; text: string } | null>(null);

  const run = async (format: Format) => {
    setBusy(format);
    setResult(null);
    try {
      setResult({ type: 'success', text: await download(format, apiBaseUrl, t) });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      const detail = code && i18n.exists(`errors.${code}`) ? t(`errors.${code}`) : t('directory.errorDetail.network');
      setResult({ type: 'error', text: `${t('myData.error')} ${detail}` });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Container header={<Header variant="h2" description={t('myData.description')}>{t('myData.title')}</Header>}>
      <SpaceBetween size="m">
        <Box variant="p">{t('myData.explain')}</Box>
        <SpaceBetween direction="horizontal" size="xs">
          <Button iconName="download" loading={busy === 'json'} disabled={busy !== null} onClick={() => void run('json')}>
            {t('myData.jsonButton')}
          </Button>
          <Button iconName="download" loading={busy === 'csv'} disabled={busy !== null} onClick={() => void run('csv')}>
            {t('myData.csvButton')}
          </Button>
        </SpaceBetween>
        {result && (
          <Alert type={result.type} dismissible dismissAriaLabel={t('common.dismiss')} onDismiss={() => setResult(null)}>
            {result.text}
          </Alert>
        )}
      </SpaceBetween>
    </Container>
  );
}
