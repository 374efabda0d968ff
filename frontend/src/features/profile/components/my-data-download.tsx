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
import type { MeParentProfile } from '@shared/contracts/auth-api';
import type { LocalizedText } from '@shared/schemas/common';
import { currentLocale, loadStringGroups } from '../../../i18n/i18n';
import { myDataApi } from '../api/my-data-client';
import { formatDate } from '../../../lib/date-time';
import { saveFile } from '../../../lib/save-file';
import { myDataFiles, type DataFile, type ReadableContext } from './my-data-files';

/**
 * The files in one ZIP file: several downloads at once made the browser ask to allow "multiple files", and a
 * phone's browser kept only the first. fflate is loaded on the click (docs/decisions/download-my-data-as-one-zip-file-fflate.md).
 */
async function archive(files: DataFile[]): Promise<Blob> {
  const { strToU8, zipSync } = await import('fflate');
  const zipped = zipSync(Object.fromEntries(files.map((file) => [file.name, strToU8(file.text)])), { level: 6 });
  return new Blob([zipped], { type: 'application/zip' });
}

/** Fetches the data, words it in the reader's language, saves the ZIP file; answers the success message. */
async function download(apiBaseUrl: string, context: ReadableContext): Promise<string> {
  const [data] = await Promise.all([
    myDataApi.json(apiBaseUrl),
    // The campaigns' statuses and events are worded as the administrators' screens word them.
    loadStringGroups(['admin']),
  ]);
  const files = myDataFiles(data, context);
  const name = `${context.t('myData.fileName')}-${formatDate(new Date())}.zip`;
  saveFile(name, await archive(files), 'application/zip');
  return context.t('myData.done', { name, count: files.length });
}

/** Level labels by code, from the children My Profile shows (the school's settings' labels). */
export function levelLabelsOf(profiles: readonly MeParentProfile[]): Map<string, LocalizedText> {
  const levels = new Map<string, LocalizedText>();
  for (const child of profiles.flatMap((profile) => profile.children)) {
    if (child.levelLabel) levels.set(child.level, child.levelLabel);
  }
  return levels;
}

/**
 * My Profile's "Download my data" (docs/privacy.md, "Download my data"): everything the school holds about the
 * parent, in one ZIP file: a CSV file per subject in the reader's language, and the same data as JSON for another
 * program. Each download is recorded by the server.
 */
export function MyDataDownload({ profiles }: { profiles: readonly MeParentProfile[] }) {
  const { t, i18n } = useTranslation();
  const { apiBaseUrl } = useRuntimeConfig();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ type: 'success' | 'error'; text: string } | null>(null);

  const run = async () => {
    setBusy(true);
    setResult(null);
    try {
      const context = { t: t as ReadableContext['t'], lang: currentLocale(i18n), levels: levelLabelsOf(profiles) };
      setResult({ type: 'success', text: await download(apiBaseUrl, context) });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      const detail = code && i18n.exists(`errors.${code}`) ? t(`errors.${code}`) : t('directory.errorDetail.network');
      setResult({ type: 'error', text: `${t('myData.error')} ${detail}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Container header={<Header variant="h2" description={t('myData.description')}>{t('myData.title')}</Header>}>
      <SpaceBetween size="m">
        <Box variant="p">{t('myData.explain')}</Box>
        <Box>
          <Button iconName="download" loading={busy} onClick={() => void run()}>
            {t('myData.button')}
          </Button>
        </Box>
        {result && (
          <Alert type={result.type} dismissible dismissAriaLabel={t('common.dismiss')} onDismiss={() => setResult(null)}>
            {result.text}
          </Alert>
        )}
      </SpaceBetween>
    </Container>
  );
}
