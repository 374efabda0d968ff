import type { Incident, IncidentInput } from '@shared/contracts/privacy-incidents-api';
import { INCIDENT_TEXT_MAX } from '@shared/contracts/privacy-incidents-api';

/** The register form's values as typed (every field a string or a flag), and their checks before sending. */
export interface IncidentFormValues {
  occurredOn: string;
  discoveredOn: string;
  description: string;
  personalInformation: string;
  peopleCount: string;
  seriousInjuryRisk: '' | 'yes' | 'no';
  riskReasoning: string;
  commissionNotified: boolean;
  commissionNotifiedOn: string;
  peopleNotified: boolean;
  peopleNotifiedOn: string;
  measures: string;
}

export type IncidentField = keyof IncidentFormValues;

/** A field's problem, as the key of its message under `privacyIncidents.form.errors`. */
export type FieldErrors = Partial<Record<IncidentField, string>>;

export const EMPTY_FORM: IncidentFormValues = {
  occurredOn: '',
  discoveredOn: '',
  description: '',
  personalInformation: '',
  peopleCount: '',
  seriousInjuryRisk: '',
  riskReasoning: '',
  commissionNotified: false,
  commissionNotifiedOn: '',
  peopleNotified: false,
  peopleNotifiedOn: '',
  measures: '',
};

export function formOf(incident: Incident): IncidentFormValues {
  return {
    ...incident,
    peopleCount: String(incident.peopleCount),
    seriousInjuryRisk: incident.seriousInjuryRisk ? 'yes' : 'no',
    commissionNotifiedOn: incident.commissionNotifiedOn ?? '',
    peopleNotifiedOn: incident.peopleNotifiedOn ?? '',
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T12:00:00Z`)) && new Date(`${value}T12:00:00Z`).toISOString().startsWith(value);

function dateProblem(value: string, today: string, required: boolean): string | undefined {
  if (!value.trim()) return required ? 'required' : undefined;
  if (!isDate(value.trim())) return 'date';
  return value.trim() > today ? 'future' : undefined;
}

function textProblem(value: string, required: boolean): string | undefined {
  if (required && !value.trim()) return 'required';
  return value.trim().length > INCIDENT_TEXT_MAX ? 'tooLong' : undefined;
}

function countProblem(value: string): string | undefined {
  if (!value.trim()) return 'required';
  return /^\d{1,7}$/.test(value.trim()) && Number(value.trim()) <= 1_000_000 ? undefined : 'count';
}

/** The same rules as the server (shared/contracts/privacy-incidents-api.ts), said per field; `today` is YYYY-MM-DD. */
export function validateIncident(values: IncidentFormValues, today: string): FieldErrors {
  const errors: FieldErrors = {
    occurredOn: dateProblem(values.occurredOn, today, true),
    discoveredOn: dateProblem(values.discoveredOn, today, true),
    description: textProblem(values.description, true),
    personalInformation: textProblem(values.personalInformation, true),
    peopleCount: countProblem(values.peopleCount),
    seriousInjuryRisk: values.seriousInjuryRisk ? undefined : 'choose',
    riskReasoning: textProblem(values.riskReasoning, true),
    commissionNotifiedOn: dateProblem(values.commissionNotifiedOn, today, values.commissionNotified),
    peopleNotifiedOn: dateProblem(values.peopleNotifiedOn, today, values.peopleNotified),
    measures: textProblem(values.measures, false),
  };
  const discovered = values.discoveredOn.trim();
  if (!errors.discoveredOn && !errors.occurredOn && discovered < values.occurredOn.trim()) errors.discoveredOn = 'beforeOccurred';
  for (const field of ['commissionNotifiedOn', 'peopleNotifiedOn'] as const) {
    if (!errors[field] && !errors.discoveredOn && values[field].trim() && values[field].trim() < discovered) errors[field] = 'beforeDiscovered';
  }
  return Object.fromEntries(Object.entries(errors).filter(([, problem]) => problem)) as FieldErrors;
}

/** The body to send: trimmed texts, a number, flags, and a notification date only when notified. */
export function inputOf(values: IncidentFormValues): IncidentInput {
  return {
    occurredOn: values.occurredOn.trim(),
    discoveredOn: values.discoveredOn.trim(),
    description: values.description.trim(),
    personalInformation: values.personalInformation.trim(),
    peopleCount: Number(values.peopleCount.trim()),
    seriousInjuryRisk: values.seriousInjuryRisk === 'yes',
    riskReasoning: values.riskReasoning.trim(),
    commissionNotified: values.commissionNotified,
    ...(values.commissionNotified ? { commissionNotifiedOn: values.commissionNotifiedOn.trim() } : {}),
    peopleNotified: values.peopleNotified,
    ...(values.peopleNotified ? { peopleNotifiedOn: values.peopleNotifiedOn.trim() } : {}),
    measures: values.measures.trim(),
  };
}

/** The server's field errors (a refused body) as form errors: a generic "check this field" on each. */
export function serverFieldErrors(fields: readonly { path: string; issue: string }[]): FieldErrors {
  const known = new Set<string>(Object.keys(EMPTY_FORM));
  const errors: FieldErrors = {};
  for (const { path, issue } of fields) {
    if (known.has(path)) errors[path as IncidentField] = issue === 'future_date' ? 'future' : 'invalid';
  }
  return errors;
}
