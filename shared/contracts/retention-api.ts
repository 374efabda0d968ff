import * as z from 'zod';
import { IsoDateTimeSchema } from '../schemas/common';

/**
 * Contract of the retention settings and the purge reports (docs/privacy.md, "Retention"): how long each kind of
 * data is kept once its purpose is achieved, and what each run of the purge deleted (counts only, never who).
 */

/** The bounds of each period, in the unit its name says: a typo can neither erase today's data nor keep it forever. */
export const RETENTION_LIMITS = {
  departedMonths: { min: 1, max: 120 },
  campaignMonths: { min: 1, max: 120 },
  backupDays: { min: 1, max: 3650 },
  requestMonths: { min: 1, max: 120 },
} as const;
const period = (field: keyof typeof RETENTION_LIMITS) =>
  z.number().int().min(RETENTION_LIMITS[field].min).max(RETENTION_LIMITS[field].max);

/** The periods, in the unit their name says, within RETENTION_LIMITS. */
export const RetentionPeriodsSchema = z.strictObject({
  /** Remaining data of a parent who left (their consent log), counted from their removal. */
  departedMonths: period('departedMonths'),
  /** A completed campaign's participants, send jobs and update links, counted from its completion. */
  campaignMonths: period('campaignMonths'),
  /** The backup a progression takes before it applies, counted from when it was taken. */
  backupDays: period('backupDays'),
  /** A closed privacy request, counted from its closing. */
  requestMonths: period('requestMonths'),
});
export type RetentionPeriods = z.infer<typeof RetentionPeriodsSchema>;

/** The periods in force until an administrator changes them (docs/privacy.md, "Retention"). */
export const DEFAULT_RETENTION: RetentionPeriods = {
  departedMonths: 12,
  campaignMonths: 24,
  backupDays: 35,
  requestMonths: 24,
};

/** As stored and returned: `version` 0 means the defaults, never saved. */
export const RetentionSettingsSchema = RetentionPeriodsSchema.extend({
  version: z.number().int().min(0),
  updatedAt: IsoDateTimeSchema.optional(),
});
export type RetentionSettings = z.infer<typeof RetentionSettingsSchema>;

/** PUT /api/admin/privacy/retention: every period again, and the `version` read (0 for the defaults). */
export const RetentionUpdateSchema = RetentionPeriodsSchema.extend({ version: z.number().int().min(0) });
export type RetentionUpdate = z.infer<typeof RetentionUpdateSchema>;

/** What a run deleted, per kind of data. */
export const PURGE_CATEGORIES = [
  'consentEntries',
  'campaignParticipants',
  'sendJobs',
  'updateLinks',
  'backupParts',
  'privacyRequests',
  'messages',
] as const;
export type PurgeCategory = (typeof PURGE_CATEGORIES)[number];
export const PurgeCountsSchema = z.strictObject({
  ...(Object.fromEntries(PURGE_CATEGORIES.map((c) => [c, z.number().int().min(0)])) as Record<PurgeCategory, z.ZodNumber>),
  /** Messages and their deliveries; reports filed before messages were purged have no such count. */
  messages: z.number().int().min(0).default(0),
});
export type PurgeCounts = z.infer<typeof PurgeCountsSchema>;

export const PurgeTriggerSchema = z.enum(['schedule', 'command', 'localTimer']);

/** One run of the purge: the periods it applied and the counts it deleted. */
export const PurgeReportSchema = z.object({
  id: z.ulid(),
  trigger: PurgeTriggerSchema,
  startedAt: IsoDateTimeSchema,
  finishedAt: IsoDateTimeSchema,
  periods: RetentionPeriodsSchema,
  counts: PurgeCountsSchema,
  /** False when the run stopped at its batch bound: the next run goes on where it stopped. */
  complete: z.boolean(),
});
export type PurgeReport = z.infer<typeof PurgeReportSchema>;

/** The yearly report: a calendar year's runs summed. */
export const PurgeYearSchema = z.object({ year: z.string().regex(/^\d{4}$/), runs: z.number().int(), counts: PurgeCountsSchema });
export type PurgeYear = z.infer<typeof PurgeYearSchema>;

/** GET /api/admin/privacy/retention/reports: the runs newest first, and each year's totals, newest first. */
export const PurgeReportsResponseSchema = z.object({ reports: z.array(PurgeReportSchema), years: z.array(PurgeYearSchema) });
export type PurgeReportsResponse = z.infer<typeof PurgeReportsResponseSchema>;

export const emptyCounts = (): PurgeCounts =>
  Object.fromEntries(PURGE_CATEGORIES.map((c) => [c, 0])) as PurgeCounts;

/** Each calendar year's runs summed (years of the runs' start), newest first. */
export function yearlyTotals(reports: readonly PurgeReport[]): PurgeYear[] {
  const years = new Map<string, PurgeYear>();
  for (const report of reports) {
    const year = report.startedAt.slice(0, 4);
    const total = years.get(year) ?? { year, runs: 0, counts: emptyCounts() };
    total.runs += 1;
    for (const c of PURGE_CATEGORIES) total.counts[c] += report.counts[c];
    years.set(year, total);
  }
  return [...years.values()].sort((a, b) => b.year.localeCompare(a.year));
}
