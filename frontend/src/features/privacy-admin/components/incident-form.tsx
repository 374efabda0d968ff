import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import type { Incident } from '@shared/contracts/privacy-incidents-api';
import { LeavePageQuestion, LeaveQuestion } from '../../../components/page/leave-modal';
import { formatLongDate } from '../../../lib/date-time';
import { useLanguage } from '../../../lib/use-language';
import { useIncidentForm, type IncidentFormState } from '../hooks/use-incident-form';
import type { IncidentField } from '../model/incident-form';
import { ConfirmEditModal } from './confirm-edit-modal';

type DateField = 'occurredOn' | 'discoveredOn' | 'commissionNotifiedOn' | 'peopleNotifiedOn';
type TextField = 'description' | 'personalInformation' | 'riskReasoning' | 'measures';

/** A field's label, its error message (`privacyIncidents.form.errors.<problem>`) and its hint. */
function useFieldProps(form: IncidentFormState) {
  const { t } = useTranslation();
  return (field: IncidentField, hint = false) => ({
    label: t(`privacyIncidents.fields.${field}`),
    errorText: form.errors[field] ? t(`privacyIncidents.form.errors.${form.errors[field]}`) : undefined,
    constraintText: hint ? t(`privacyIncidents.form.hints.${field}`) : undefined,
  });
}

function DateInput({ form, field }: { form: IncidentFormState; field: DateField }) {
  const { t } = useTranslation();
  const props = useFieldProps(form);
  return (
    <FormField {...props(field)} constraintText={t('privacyIncidents.form.dateFormat')}>
      <Input value={form.values[field]} onChange={({ detail }) => form.set(field, detail.value)} placeholder={t('privacyIncidents.form.datePlaceholder')} inputMode="numeric" invalid={!!form.errors[field]} />
    </FormField>
  );
}

function TextInput({ form, field }: { form: IncidentFormState; field: TextField }) {
  const props = useFieldProps(form);
  return (
    <FormField {...props(field, true)} stretch>
      <Textarea value={form.values[field]} onChange={({ detail }) => form.set(field, detail.value)} rows={3} invalid={!!form.errors[field]} />
    </FormField>
  );
}

/** "Notified?" with its date, shown once the box is ticked. */
function Notification({ form, flag, date }: { form: IncidentFormState; flag: 'commissionNotified' | 'peopleNotified'; date: 'commissionNotifiedOn' | 'peopleNotifiedOn' }) {
  const { t } = useTranslation();
  return (
    <SpaceBetween size="xs">
      <Checkbox checked={form.values[flag]} onChange={({ detail }) => form.set(flag, detail.checked)}>
        {t(`privacyIncidents.fields.${flag}`)}
      </Checkbox>
      {form.values[flag] && <DateInput form={form} field={date} />}
    </SpaceBetween>
  );
}

function RiskSection({ form }: { form: IncidentFormState }) {
  const { t } = useTranslation();
  const props = useFieldProps(form);
  return (
    <SpaceBetween size="l">
      <FormField {...props('seriousInjuryRisk')}>
        <RadioGroup
          value={form.values.seriousInjuryRisk || null}
          onChange={({ detail }) => form.set('seriousInjuryRisk', detail.value as 'yes' | 'no')}
          items={[
            { value: 'yes', label: t('privacyIncidents.form.riskYes') },
            { value: 'no', label: t('privacyIncidents.form.riskNo') },
          ]}
        />
      </FormField>
      <TextInput form={form} field="riskReasoning" />
    </SpaceBetween>
  );
}

/**
 * A risk of serious injury calls for notifying the Commission and the people concerned promptly (Law 25, s. 3.5;
 * docs/privacy.md, "Incidents"): said while either is not ticked (a trial's entry saved with neither, unprompted).
 * Not a refusal: the register keeps an incident being handled.
 */
function NotifyReminder({ form }: { form: IncidentFormState }) {
  const { t } = useTranslation();
  const { seriousInjuryRisk, commissionNotified, peopleNotified } = form.values;
  if (seriousInjuryRisk !== 'yes' || (commissionNotified && peopleNotified)) return null;
  return <Alert type="warning">{t('privacyIncidents.form.notifyPromptly')}</Alert>;
}

function Fields({ form }: { form: IncidentFormState }) {
  const props = useFieldProps(form);
  return (
    <SpaceBetween size="l">
      <ColumnLayout columns={2}>
        <DateInput form={form} field="occurredOn" />
        <DateInput form={form} field="discoveredOn" />
      </ColumnLayout>
      <TextInput form={form} field="description" />
      <TextInput form={form} field="personalInformation" />
      <FormField {...props('peopleCount', true)}>
        <Input value={form.values.peopleCount} onChange={({ detail }) => form.set('peopleCount', detail.value)} inputMode="numeric" invalid={!!form.errors.peopleCount} />
      </FormField>
      <RiskSection form={form} />
      <ColumnLayout columns={2}>
        <Notification form={form} flag="commissionNotified" date="commissionNotifiedOn" />
        <Notification form={form} flag="peopleNotified" date="peopleNotifiedOn" />
      </ColumnLayout>
      <NotifyReminder form={form} />
      <TextInput form={form} field="measures" />
    </SpaceBetween>
  );
}

/** Records a new incident or edits one; an edit asks for confirmation first (the earlier text is replaced). */
export function IncidentForm({ incident, onCancel, onSaved }: { incident?: Incident; onCancel: () => void; onSaved: (message: string) => void }) {
  const { t } = useTranslation();
  const form = useIncidentForm(incident, onSaved);
  const [asking, setAsking] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // The button that opened the form is gone: focus its first field (docs/frontend.md, "Focus after a dialog or a form").
  useLayoutEffect(() => formRef.current?.querySelector<HTMLElement>('input')?.focus(), []);
  const lang = useLanguage();
  const title = incident ? t('privacyIncidents.form.editTitle', { date: formatLongDate(incident.discoveredOn, lang) }) : t('privacyIncidents.form.createTitle');
  return (
    <form ref={formRef} noValidate onSubmit={(event) => (event.preventDefault(), form.submit())}>
      <Form
        errorText={form.problem && !form.problem.conflict ? form.problem.message : undefined}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button formAction="none" variant="link" onClick={() => (form.changed ? setAsking(true) : onCancel())}>
              {t('privacyIncidents.form.cancel')}
            </Button>
            <Button variant="primary" loading={form.saving}>{incident ? t('privacyIncidents.form.saveEdit') : t('privacyIncidents.form.saveNew')}</Button>
          </SpaceBetween>
        }
      >
        <Container header={<Header variant="h2" description={t('privacyIncidents.form.description')}>{title}</Header>}>
          <SpaceBetween size="l">
            {form.problem?.conflict && <Alert type="warning">{form.problem.message}</Alert>}
            <Fields form={form} />
          </SpaceBetween>
        </Container>
      </Form>
      <ConfirmEditModal visible={form.confirming} onCancel={form.cancelConfirm} onConfirm={form.confirm} saving={form.saving} />
      <LeaveQuestion visible={asking} body={t('privacyIncidents.form.leaveBody')} onStay={() => setAsking(false)} onLeave={onCancel} />
      {/* What is typed is not lost by a slip (a trial's description went with « Annuler »): Cancel asks, and so does
          leaving the page, once something is typed (an untouched form holds no navigation). */}
      {form.changed && !form.saving && <LeavePageQuestion body={t('privacyIncidents.form.leaveBody')} />}
    </form>
  );
}
