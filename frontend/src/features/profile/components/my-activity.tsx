import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date-time';
import { useLanguage } from '../../../lib/use-language';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import type { ActivityEntry } from '@shared/contracts/privacy-activity-api';
import { QueryState } from '../../../components/query-state/query-state';
import { useMyActivity } from '../api/profile-queries';

/** One entry in words: what was done, by which role, and which fields (by their label) when it was a change. */
function EntryText({ entry }: { entry: ActivityEntry }) {
  const { t, i18n } = useTranslation();
  const label = (field: string) => (i18n.exists(`myActivity.fields.${field}`) ? t(`myActivity.fields.${field}`) : field);
  const what = t(`myActivity.kinds.${entry.kind}`, { role: t(`myActivity.roles.${entry.role}`), format: (entry.format ?? '').toUpperCase() });
  // A refused change changed nothing: its fields are the ones it concerned.
  const fieldsKey = entry.kind === 'rejected' ? 'myActivity.fieldsConcerned' : 'myActivity.fieldsChanged';
  const fields = entry.fields?.length ? ` ${t(fieldsKey, { fields: entry.fields.map(label).join(', ') })}` : '';
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
  const activity = useMyActivity();
  return (
    <Container header={<Header variant="h2" description={t('myActivity.description')}>{t('myActivity.title')}</Header>}>
      <QueryState query={activity} loadingText={t('myActivity.loading')} genericKey="myActivity.loadError">
        {(entries) => <ActivityList entries={entries} />}
      </QueryState>
    </Container>
  );
}
