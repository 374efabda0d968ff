import { ulid } from 'ulid';
import { writeCsv } from '@shared/format/csv';
import {
  INCIDENT_COLUMNS,
  IncidentSchema,
  type Incident,
  type IncidentCsvResponse,
  type IncidentInput,
  type IncidentJsonResponse,
  type IncidentUpdate,
} from '@shared/contracts/privacy-incidents-api';
import { schoolDay } from '@shared/rules/school-calendar';
import type { Language } from '@shared/schemas/common';
import { auditPut, writeAudit, type Actor } from '../../common/audit';
import { AppError } from '../../common/errors';
import { transactWrite } from '../../common/transact';
import { getIncident, incidentCreateItem, incidentUpdateItem, listIncidents } from './incident-repository';

/**
 * The confidentiality-incident register (docs/privacy.md): record, edit, list, export. Every write lands with
 * its audit entry in one TransactWrite; the entry names the incident and the changed fields, never their text.
 */

export interface IncidentContext {
  actor: Actor;
  now: Date;
}

const AUDIT_TARGET = 'PRIVACY_INCIDENT';

/** Dates after today (the school's day) describe nothing that happened yet: refused, naming the field. */
function refuseFutureDates(input: IncidentInput, now: Date): void {
  const today = schoolDay(now);
  const fields = (['occurredOn', 'discoveredOn', 'commissionNotifiedOn', 'peopleNotifiedOn'] as const).filter(
    (field) => (input[field] ?? '') > today,
  );
  if (fields.length > 0) throw new AppError('VALIDATION_FAILED', fields.map((path) => ({ path, issue: 'future_date' })));
}

/** Drops absent optional dates, so a cleared date is removed from the stored incident. */
const withoutUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

export async function recordIncident(input: IncidentInput, ctx: IncidentContext): Promise<Incident> {
  refuseFutureDates(input, ctx.now);
  const at = ctx.now.toISOString();
  const incident = IncidentSchema.parse(withoutUndefined({ ...input, id: ulid(ctx.now.getTime()), version: 1, createdAt: at, updatedAt: at }));
  await transactWrite([
    incidentCreateItem(incident),
    auditPut({ at, actor: ctx.actor, action: 'privacyIncident.create', target: { type: AUDIT_TARGET, id: incident.id } }),
  ]);
  return incident;
}

/** Names of the register's fields whose value differs (for the audit: names only). */
function changedFields(before: Incident, after: Incident): string[] {
  return INCIDENT_COLUMNS.map((column) => column.field)
    .filter((field) => field !== 'id' && field !== 'updatedAt')
    .filter((field) => before[field] !== after[field]);
}

export async function editIncident(id: string, update: IncidentUpdate, ctx: IncidentContext): Promise<Incident> {
  const { version, ...input } = update;
  refuseFutureDates(input, ctx.now);
  const current = await getIncident(id);
  if (!current) throw new AppError('NOT_FOUND');
  if (current.version !== version) throw new AppError('CONFLICT');
  const at = ctx.now.toISOString();
  const next = IncidentSchema.parse(
    withoutUndefined({ ...input, id, version: version + 1, createdAt: current.createdAt, updatedAt: at }),
  );
  const fields = changedFields(current, next);
  await transactWrite([
    incidentUpdateItem(next, version),
    auditPut({ at, actor: ctx.actor, action: 'privacyIncident.update', target: { type: AUDIT_TARGET, id }, fields }),
  ]);
  return next;
}

/** Most recently discovered first; the id (a ULID) breaks ties, newest first. */
export async function incidentRegister(): Promise<Incident[]> {
  const incidents = await listIncidents();
  return incidents.sort((a, b) => b.discoveredOn.localeCompare(a.discoveredOn) || b.id.localeCompare(a.id));
}

/** Each export is audited (who took a copy, when, in which form): the register describes people's information. */
function auditExport(ctx: IncidentContext, format: 'csv' | 'json', count: number): Promise<void> {
  const action = `privacyIncident.export${format === 'csv' ? 'Csv' : 'Json'}`;
  return writeAudit({ at: ctx.now.toISOString(), actor: ctx.actor, action, target: { type: AUDIT_TARGET, id: 'register' }, count });
}

const YES_NO: Record<Language, [string, string]> = { fr: ['Oui', 'Non'], en: ['Yes', 'No'] };

function cellOf(incident: Incident, field: (typeof INCIDENT_COLUMNS)[number]['field'], lang: Language): string {
  const value = incident[field];
  if (typeof value === 'boolean') return YES_NO[lang][value ? 0 : 1];
  return value === undefined ? '' : String(value);
}

/** The register as one CSV file: `;` in French and `,` in English (each locale's spreadsheet), with a BOM. */
export async function exportIncidentsCsv(lang: Language, ctx: IncidentContext): Promise<IncidentCsvResponse> {
  const incidents = await incidentRegister();
  const header = INCIDENT_COLUMNS.map((column) => column[lang]);
  const rows = incidents.map((incident) => INCIDENT_COLUMNS.map((column) => cellOf(incident, column.field, lang)));
  const text = writeCsv([header, ...rows], { separator: lang === 'fr' ? ';' : ',' });
  await auditExport(ctx, 'csv', incidents.length);
  const day = schoolDay(ctx.now);
  return { file: { name: lang === 'fr' ? `registre-incidents-${day}.csv` : `incident-register-${day}.csv`, text } };
}

export async function exportIncidentsJson(ctx: IncidentContext): Promise<IncidentJsonResponse> {
  const incidents = await incidentRegister();
  await auditExport(ctx, 'json', incidents.length);
  return { register: 'privacy-incidents', exportedAt: ctx.now.toISOString(), incidents };
}
