import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-time';
import { useLanguage } from '../../../lib/use-language';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ActivityEntry } from '../../../../../shared/privacy-activity-api';
import { useRuntimeConfig } from '../../../config/runtime-config-context';
import { loadMyActivity } from '../api/activity-client';

type ActivityState = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; entries: ActivityEntry[] };

function useMyActivity() {
  const { apiBaseUrl } = useRuntimeConfig();
  const [state, setState] = useState<ActivityState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    loadMyActivity(apiBaseUrl).then(
      (entries) => !cancelled && setState({ status: 'loaded', entries }),
      () => !cancelled && setState({ status: 'error' }),
    );
    return () => {
      cancelled = true;
    };
  }, [apiBaseUrl, attempt]);
  return { state, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}

/** One entry in words: what was done, by which role, and which fields (by their label) when it was a change. */
function EntryText({ entry }: { entry: ActivityEntry }) {
  const { t, i18n } = useTranslation();
  const label = (field: string) => (i18n.exists(`myActivity.fields.${field}`) ? t(`myActivity.fields.${field}`) : field);
  const what = t(`myActivity.kinds.${entry.kind}`, { role: t(`myActivity.roles.${entry.role}`), format: (entry.format ?? '').toUpperCase() });
  const fields = entry.fields?.length ? ` ${t('myActivity.fieldsChanged', { fields: entry.fields.map(label).join(', ') })}` : '';
  return <>{`${what}${fields}`}</>;
}

function ActivityList({ entries }: { entries: ActivityEntry[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (entries.length === 0) return <Box color="text-body-secondary">{t('myActivity.empty')}</Box>;
  const when = (at: string) => formatDateTime(at, lang);
  return (
    <ul aria-label={t('myActivity.title')} style={{ listStyle: 'none', margin: 0, paddingInlineStart: 0 }}>
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`} style={{ marginBlockEnd: 12 }}>
          <Box variant="small" color="text-body-secondary" display="block">
            <time dateTime={entry.at}>{when(entry.at)}</time>
          </Box>
          <Box display="block">
            <EntryText entry={entry} />
          </Box>
        </li>
      ))}
    </ul>
  );
}

/**
 * My Profile's transparency section (docs/privacy.md): when administrators created, changed or exported the
 * parent's record, with the date and the role, never who.
 */
export function MyActivity() {
  const { t } = useTranslation();
  const { state, retry } = useMyActivity();
  return (
    <Container header={<Header variant="h2" description={t('myActivity.description')}>{t('myActivity.title')}</Header>}>
      {state.status === 'loading' && <StatusIndicator type="loading">{t('myActivity.loading')}</StatusIndicator>}
      {state.status === 'error' && (
        <Alert type="error" action={<Button onClick={retry}>{t('myActivity.retry')}</Button>}>
          {t('myActivity.loadError')}
        </Alert>
      )}
      {state.status === 'loaded' && <ActivityList entries={state.entries} />}
    </Container>
  );
}
