import * as z from 'zod';
import { IsoDateSchema, IsoDateTimeSchema, IdSchema, VersionSchema } from '../schemas/common';

/**
 * Contract of the confidentiality-incident register (docs/privacy.md, "Incident register"): administrators record
 * every incident involving personal information, whatever its risk, with the elements the register must hold,
 * then edit and export it. Bodies carry the whole incident (PUT replaces every field) plus, on edit, the
 * `version` the admin read: an incident changed since answers 409 CONFLICT. Unknown keys are refused (400).
 */

/** Longest free text of a field: enough for a careful account, bounded so one item stays far below 400 KB. */
export const INCIDENT_TEXT_MAX = 4000;

const text = (min: number) => z.string().trim().min(min).max(INCIDENT_TEXT_MAX);
/** An empty string or null from a cleared form field means "no date". */
const optionalDate = z.preprocess((value) => (value === '' || value === null ? undefined : value), IsoDateSchema.optional());

const IncidentFieldsSchema = z.strictObject({
  /** When the incident happened (or started), as best known. */
  occurredOn: IsoDateSchema,
  /** When the committee learned of it. */
  discoveredOn: IsoDateSchema,
  /** What happened: circumstances, cause when known. */
  description: text(1),
  /** Which personal information was involved (kinds of information, never the information itself). */
  personalInformation: text(1),
  /** How many people are concerned (an estimate when unknown). */
  peopleCount: z.number().int().min(0).max(1_000_000),
  /** The assessment: is there a risk of serious harm ("préjudice sérieux", Law 25), and why. */
  seriousInjuryRisk: z.boolean(),
  riskReasoning: text(1),
  /** Whether and when the Commission d'accès à l'information was notified. */
  commissionNotified: z.boolean(),
  commissionNotifiedOn: optionalDate,
  /** Whether and when the people concerned were notified. */
  peopleNotified: z.boolean(),
  peopleNotifiedOn: optionalDate,
  /** Measures taken to reduce the risk of harm and keep it from happening again. */
  measures: text(0).default(''),
});

/** Rules across fields, reported on the field to fix. Dates compare as text: ISO dates sort chronologically. */
function checkDates(value: z.infer<typeof IncidentFieldsSchema>, ctx: z.core.$RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (value.discoveredOn < value.occurredOn) issue('discoveredOn', 'before_occurred');
  for (const [flag, date] of [
    ['commissionNotified', 'commissionNotifiedOn'],
    ['peopleNotified', 'peopleNotifiedOn'],
  ] as const) {
    const on = value[date];
    if (value[flag] && !on) issue(date, 'date_required');
    if (!value[flag] && on) issue(date, 'date_without_notification');
    if (on && on < value.discoveredOn) issue(date, 'before_discovered');
  }
}

export const IncidentInputSchema = IncidentFieldsSchema.superRefine(checkDates);
export type IncidentInput = z.infer<typeof IncidentInputSchema>;

export const IncidentUpdateSchema = IncidentFieldsSchema.extend({ version: VersionSchema }).superRefine(checkDates);
export type IncidentUpdate = z.infer<typeof IncidentUpdateSchema>;

/** An incident as stored and returned. */
export const IncidentSchema = IncidentFieldsSchema.extend({
  id: IdSchema,
  version: VersionSchema,
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type Incident = z.infer<typeof IncidentSchema>;

/** Most recently discovered first. */
export const IncidentListResponseSchema = z.object({ incidents: z.array(IncidentSchema) });
export type IncidentListResponse = z.infer<typeof IncidentListResponseSchema>;

export const IncidentResponseSchema = z.object({ incident: IncidentSchema });

/** `?lang=` of the CSV export: headers and yes/no in that language. */
export const IncidentExportQuerySchema = z.strictObject({ lang: z.enum(['fr', 'en']).default('fr') });

/** The CSV export: one file, UTF-8 with a byte-order mark (spreadsheets then read accents right). */
export const IncidentCsvResponseSchema = z.object({ file: z.object({ name: z.string(), text: z.string() }) });
export type IncidentCsvResponse = z.infer<typeof IncidentCsvResponseSchema>;

export const IncidentJsonResponseSchema = z.object({
  register: z.literal('privacy-incidents'),
  exportedAt: IsoDateTimeSchema,
  incidents: z.array(IncidentSchema),
});
export type IncidentJsonResponse = z.infer<typeof IncidentJsonResponseSchema>;

/** The register's columns in export order, with their headers in both languages. */
export const INCIDENT_COLUMNS = [
  { field: 'id', fr: 'Identifiant', en: 'Id' },
  { field: 'occurredOn', fr: "Date de l'incident", en: 'Incident date' },
  { field: 'discoveredOn', fr: 'Date de connaissance', en: 'Date discovered' },
  { field: 'description', fr: 'Description', en: 'Description' },
  { field: 'personalInformation', fr: 'Renseignements personnels visés', en: 'Personal information concerned' },
  { field: 'peopleCount', fr: 'Nombre de personnes concernées', en: 'Number of people concerned' },
  { field: 'seriousInjuryRisk', fr: 'Risque de préjudice sérieux', en: 'Risk of serious harm' },
  { field: 'riskReasoning', fr: "Motifs de l'évaluation", en: 'Reasons for the assessment' },
  { field: 'commissionNotified', fr: 'Commission avisée', en: 'Commission notified' },
  { field: 'commissionNotifiedOn', fr: "Date de l'avis à la Commission", en: 'Date the Commission was notified' },
  { field: 'peopleNotified', fr: 'Personnes avisées', en: 'People notified' },
  { field: 'peopleNotifiedOn', fr: "Date de l'avis aux personnes", en: 'Date the people were notified' },
  { field: 'measures', fr: 'Mesures prises', en: 'Measures taken' },
  { field: 'updatedAt', fr: 'Dernière modification', en: 'Last changed' },
] as const satisfies readonly { field: keyof Incident; fr: string; en: string }[];
