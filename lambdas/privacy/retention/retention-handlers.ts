import {
  PurgeReportsResponseSchema,
  RetentionUpdateSchema,
  yearlyTotals,
  type PurgeReportsResponse,
  type RetentionSettings,
  type RetentionUpdate,
} from '@shared/contracts/retention-api';
import { auditPut, type Actor } from '../../common/audit';
import { AppError } from '../../common/errors';
import { parseWith, type RouteHandlers } from '../../common/http';
import { transactWrite } from '../../common/transact';
import { listPurgeReports } from './retention-repository';
import { getRetention, retentionPut } from '../../directory/public';

/**
 * The retention settings and the purge reports (docs/privacy.md, "Retention"), administrators only. A save checks
 * the version read and lands with its audit entry, which names the periods changed, in one transaction.
 */

const PERIODS = ['departedMonths', 'campaignMonths', 'backupDays', 'requestMonths'] as const;

export async function saveRetention(update: RetentionUpdate, actor: Actor, now: Date): Promise<RetentionSettings> {
  const { version, ...periods } = update;
  const current = await getRetention();
  if (current.version !== version) throw new AppError('CONFLICT');
  const at = now.toISOString();
  const next: RetentionSettings = { ...periods, version: version + 1, updatedAt: at };
  const fields = PERIODS.filter((field) => current[field] !== next[field]);
  await transactWrite([
    retentionPut(next, version),
    auditPut({ at, actor, action: 'retention.update', target: { type: 'RETENTION', id: 'settings' }, fields }),
  ]);
  return next;
}

/** Runs listed: a year and a month of daily runs. The yearly totals count every run. */
export const LISTED_RUNS = 400;

export async function purgeReports(): Promise<PurgeReportsResponse> {
  const reports = await listPurgeReports();
  return PurgeReportsResponseSchema.parse({ reports: reports.slice(0, LISTED_RUNS), years: yearlyTotals(reports) });
}

export const retentionRoutes: RouteHandlers = {
  'GET /api/admin/privacy/retention': async () => ({ body: { retention: await getRetention() } }),
  'PUT /api/admin/privacy/retention': async (request) => {
    const update = parseWith(RetentionUpdateSchema, request.body);
    const retention = await saveRetention(update, { kind: 'user', id: request.caller.sub }, new Date());
    return { body: { retention } };
  },
  'GET /api/admin/privacy/retention/reports': async () => ({ body: await purgeReports() }),
};
