import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { useLanguage } from '../../../lib/use-language';
import { formatDate } from '../../../lib/date-time';
import { incidentsApi } from '../api/incidents-client';
import { saveFile } from '../../../lib/save-file';


/** The register's two exports: CSV in the admin's language, and JSON. Each one is audited by the server. */
export function IncidentExports({ onDone, onError }: { onDone: (message: string) => void; onError: (error: unknown) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { apiBaseUrl } = useRuntimeConfig();
  const [busy, setBusy] = useState<'csv' | 'json' | null>(null);

  const run = async (kind: 'csv' | 'json') => {
    setBusy(kind);
    try {
      if (kind === 'csv') {
        const file = await incidentsApi.exportCsv(apiBaseUrl, lang);
        saveFile(file.name, file.text, 'text/csv;charset=utf-8');
        onDone(t('privacyIncidents.export.csvDone', { name: file.name }));
      } else {
        const data = await incidentsApi.exportJson(apiBaseUrl);
        const name = `${t('privacyIncidents.export.jsonName')}-${formatDate(data.exportedAt)}.json`;
        saveFile(name, JSON.stringify(data, null, 2), 'application/json;charset=utf-8');
        onDone(t('privacyIncidents.export.jsonDone', { name }));
      }
    } catch (error) {
      onError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <SpaceBetween direction="horizontal" size="xs">
      <Button iconName="download" loading={busy === 'csv'} disabled={busy !== null} onClick={() => void run('csv')}>
        {t('privacyIncidents.export.csv')}
      </Button>
      <Button iconName="download" loading={busy === 'json'} disabled={busy !== null} onClick={() => void run('json')}>
        {t('privacyIncidents.export.json')}
      </Button>
    </SpaceBetween>
  );
}
