import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import {
  PURGE_CATEGORIES,
  RETENTION_LIMITS,
  RetentionPeriodsSchema,
  type PurgeReportsResponse,
  type RetentionPeriods,
  type RetentionSettings,
} from '@shared/contracts/retention-api';
import { FocusOnMount } from '../../../components/page/focus-on-mount';
import { PageFrame } from '../../../components/page/page-frame';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { ApiErrorAlert, QueryState } from '../../../components/query-state/query-state';
import { useRetentionReports, useRetentionSettings, useSaveRetention } from '../api/retention-queries';
import { formatCount } from '../../../lib/number-format';
import { useLanguage } from '../../../lib/use-language';

/** The privacy screens' sentence for an error without a code of its own. */
const GENERIC = 'privacyIncidents.errors.generic';
const FIELDS = ['departedMonths', 'campaignMonths', 'backupDays', 'requestMonths'] as const;

/** The periods form: every period, saved at the version read (docs/privacy.md, "Retention"). */
function PeriodsForm({ settings, onSaved }: { settings: RetentionSettings; onSaved: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const saveRetention = useSaveRetention();
  const [values, setValues] = useState<Record<string, string>>(Object.fromEntries(FIELDS.map((f) => [f, String(settings[f])])));
  const parsed = RetentionPeriodsSchema.safeParse(Object.fromEntries(FIELDS.map((f) => [f, Number(values[f])])));
  // Said under the field as it is typed: the save stays off until every period is a whole number within its bounds.
  // The field's own rule from the schema the save uses; its bounds for the message.
  const fieldError = (field: (typeof FIELDS)[number]) => {
    if (RetentionPeriodsSchema.shape[field].safeParse(Number(values[field])).success) return undefined;
    const { min, max } = RETENTION_LIMITS[field];
    return t('retention.invalid', { min: formatCount(min, lang), max: formatCount(max, lang) });
  };
  // A shorter period deletes more at the next purge: asked first (a trial's 12 -> 1 month saved in one click).
  const [asking, setAsking] = useState(false);
  const shortened = parsed.success ? FIELDS.filter((f) => (parsed.data as RetentionPeriods)[f] < settings[f]) : [];
  const write = () => {
    if (!parsed.success) return;
    setAsking(false);
    saveRetention.mutate({ ...(parsed.data as RetentionPeriods), version: settings.version }, { onSuccess: onSaved });
  };
  const save = () => (shortened.length > 0 ? setAsking(true) : write());
  return (
    <Form actions={<Button variant="primary" loading={saveRetention.isPending} disabled={!parsed.success} onClick={save}>{t('retention.save')}</Button>}>
      {asking && (
        // Mounted only while asking: the form's own « Enregistrer » stays the page's one button of that name.
        <ConfirmDialog
          visible
          title={t('retention.shorterTitle')}
          confirmLabel={t('retention.save')}
          onConfirm={write}
          onDismiss={() => setAsking(false)}
        >
          {t('retention.shorterBody', { fields: shortened.map((f) => t(`retention.fields.${f}`)).join(', ') })}
        </ConfirmDialog>
      )}
      <Container header={<Header variant="h2">{t('retention.periods')}</Header>}>
        <SpaceBetween size="m">
          {saveRetention.isError && <ApiErrorAlert error={saveRetention.error} genericKey={GENERIC} />}
          <ColumnLayout columns={2}>
            {FIELDS.map((field) => (
              <FormField
                key={field}
                label={t(`retention.fields.${field}`)}
                constraintText={t(`retention.units.${field === 'backupDays' ? 'days' : 'months'}`)}
                errorText={fieldError(field)}
              >
                <Input type="number" inputMode="numeric" value={values[field] ?? ''} onChange={({ detail }) => setValues((v) => ({ ...v, [field]: detail.value }))} />
              </FormField>
            ))}
          </ColumnLayout>
        </SpaceBetween>
      </Container>
    </Form>
  );
}

/** Each year's totals (the yearly report), newest first. */
function YearlyReports({ reports }: { reports: PurgeReportsResponse }) {
  const { t } = useTranslation();
  return (
    <Table
      header={<Header variant="h2" description={t('retention.reportsDescription')}>{t('retention.reports')}</Header>}
      items={reports.years}
      empty={t('retention.noReports')}
      columnDefinitions={[
        { id: 'year', header: t('retention.year'), cell: (y) => y.year },
        { id: 'runs', header: t('retention.runs'), cell: (y) => y.runs },
        ...PURGE_CATEGORIES.map((c) => ({ id: c, header: t(`retention.categories.${c}`), cell: (y: PurgeReportsResponse['years'][number]) => y.counts[c] })),
      ]}
    />
  );
}

/** `/admin/privacy-retention`: the retention periods and the purge's yearly reports. The admin check is AdminGate's. */
export function RetentionPage() {
  const { t } = useTranslation();
  const settings = useRetentionSettings();
  const reports = useRetentionReports();
  const [saved, setSaved] = useState(false);
  return (
    <PageFrame title={t('retention.title')} description={t('retention.description')}>
      <SpaceBetween size="l">
        {saved && (
          // The form is rebuilt at its new version, its Save button with it: the focus goes to the confirmation.
          <FocusOnMount>
            <Alert type="success" dismissible onDismiss={() => setSaved(false)}>{t('retention.saved')}</Alert>
          </FocusOnMount>
        )}
        <QueryState query={settings} genericKey={GENERIC}>
          {(current) => <PeriodsForm key={current.version} settings={current} onSaved={() => setSaved(true)} />}
        </QueryState>
        <QueryState query={reports} genericKey={GENERIC} loadingText={t('retention.loading')}>
          {(current) => <YearlyReports reports={current} />}
        </QueryState>
      </SpaceBetween>
    </PageFrame>
  );
}
