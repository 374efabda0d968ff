import { ulid } from 'ulid';
import {
  emptyCounts,
  type PurgeCategory,
  type PurgeCounts,
  type PurgeReport,
  type RetentionPeriods,
} from '@shared/contracts/retention-api';
import { auditPut } from '../../common/audit';
import { tableName } from '../../common/dynamo';
import { keys } from '../../common/keys';
import { logger } from '../../common/logger';
import { transactWrite } from '../../common/transact';
import {
  acquirePurgeLock,
  releasePurgeLock,
  deleteAll,
  deleteIfThere,
  getItem,
  purgeReportItem,
  queryIndex,
  queryPartition,
  type Item,
  type ItemKey,
} from './retention-repository';
import { getRetention } from '../../directory/public';
import { parentChoiceKeys, STAFF_CHOICES_PREFIX, staffChoiceKeys, staffIdOfChoices } from '../../messages/public';
import { schoolDay, schoolDayStart } from '@shared/rules/school-calendar';

/**
 * The purge (docs/privacy.md, "Retention"): deletes what is past its retention period, and nothing else, then files
 * a report (counts per kind of data and the periods applied, never who) with its audit entry. Every delete is planned
 * from a fresh read, so a run is idempotent: a second one finds nothing more. A run deletes at most `maxDeletes`
 * items (and stops before `deadline`); the report then says it is incomplete and the next run goes on.
 */

export interface PurgeOptions {
  /** The clock every period is measured against (tests control it). */
  now: Date;
  trigger: PurgeReport['trigger'];
  maxDeletes?: number;
  /** Epoch milliseconds (real time) after which no new batch starts: a Lambda's own timeout. */
  deadline?: number;
  /** First month whose audit can name a departed parent with a consent log (the log did not exist before). */
  consentLogSince?: string;
}

/**
 * No consent entry is older than this month (the consent log, docs/privacy.md, shipped in 2026): a removal before it
 * left no log behind, so the purge reads the audit months from here on.
 */
export const CONSENT_LOG_SINCE = '2026-01';
/**
 * The audit actions that remove a parent from the directory (an admin's delete, a progression's removal, the
 * record merged into its duplicate: docs/product-rules.md, "Duplicates").
 */
export const PARENT_REMOVALS = new Set(['parent.delete', 'progression.parentRemove', 'parent.mergeRemove']);
const DEFAULT_MAX_DELETES = 2000;

/** What a run has left to delete, and what it deleted. */
class Run {
  readonly counts: PurgeCounts = emptyCounts();
  private left: number;
  constructor(private readonly options: PurgeOptions) {
    this.left = options.maxDeletes ?? DEFAULT_MAX_DELETES;
  }
  get stopped(): boolean {
    return this.left <= 0 || (this.options.deadline !== undefined && Date.now() >= this.options.deadline);
  }
  /** Deletes as many of `found` as the bound allows, counted under `category`. */
  async delete(category: PurgeCategory, found: ItemKey[]): Promise<void> {
    if (this.stopped) return;
    const batch = found.slice(0, this.left);
    const deleted = await deleteAll(batch);
    this.take(category, deleted);
  }
  take(category: PurgeCategory, deleted: number): void {
    this.counts[category] += deleted;
    this.left -= deleted;
  }
}

const keyOf = (item: Item): ItemKey => ({ pk: item.pk as string, sk: item.sk as string });

/** `months` calendar months (or `days` days) before `now`, as an ISO timestamp (text compares chronologically). */
export function cutoff(now: Date, period: { months?: number; days?: number }): string {
  const date = new Date(now.getTime());
  if (period.months) date.setUTCMonth(date.getUTCMonth() - period.months);
  if (period.days) date.setUTCDate(date.getUTCDate() - period.days);
  return date.toISOString();
}

/** Closed privacy requests, counted from their closing (a closed request never changes again: its `updatedAt`). */
async function purgeRequests(run: Run, before: string): Promise<void> {
  const items = await queryPartition(keys.privacyRequestsPk(), keys.privacyRequestPrefix(), ['status', 'updatedAt']);
  const expired = items.filter((item) => item.status === 'closed' && String(item.updatedAt) <= before);
  await run.delete('privacyRequests', expired.map(keyOf));
}

/** The backup parts of progressions whose backup was taken before `before` (the header keeps its manifest). */
async function purgeBackups(run: Run, before: string): Promise<void> {
  for (const header of await queryIndex(keys.progressionsGsi())) {
    if (run.stopped) return;
    const takenAt = (header.apply as { backup?: { takenAt?: string } } | undefined)?.backup?.takenAt;
    if (!takenAt || takenAt > before) continue;
    const parts = await queryPartition(keys.progressionPk(String(header.gsi1sk)), 'BACKUP#');
    await run.delete('backupParts', parts.map(keyOf));
  }
}

/**
 * One completed campaign's personal traces: its update links first (found through the participants and send-job
 * entries that name them), then the entries, the job headers and the participants. In that order a run cut short
 * leaves nothing that the next one cannot find. The header (counts only) and the year marker stay.
 */
async function purgeCampaign(run: Run, campaignId: string): Promise<void> {
  const participants = await queryPartition(keys.campaignPk(campaignId), keys.participantPrefix(), ['tokenHash']);
  // Answers still held for review (never decided) and the paper letters' code records: the participants' too.
  const held = await queryPartition(keys.campaignPk(campaignId), keys.pendingChangePrefix(), []);
  const letters = await queryPartition(keys.campaignPk(campaignId), keys.letterCodePrefix(), ['codeHash']);
  const jobs = await queryPartition(keys.campaignPk(campaignId), keys.sendJobPrefix(), ['jobId']);
  const entries = (await Promise.all(jobs.map((job) => queryPartition(keys.sendJobEntriesPk(String(job.jobId)), undefined, ['tokenHash'])))).flat();
  const hashes = new Set(
    [...participants, ...entries, ...letters].flatMap((item) => {
      const hash = item.tokenHash ?? item.codeHash;
      return typeof hash === 'string' ? [hash] : [];
    }),
  );
  for (const hash of hashes) {
    if (run.stopped) return;
    if (await deleteIfThere(keys.updateToken(hash))) run.take('updateLinks', 1);
  }
  await run.delete('sendJobs', entries.map(keyOf));
  await run.delete('sendJobs', jobs.map(keyOf));
  await run.delete('campaignParticipants', [...held, ...letters].map(keyOf));
  await run.delete('campaignParticipants', participants.map(keyOf));
}

async function purgeCampaigns(run: Run, before: string): Promise<void> {
  for (const header of await queryIndex(keys.campaignsGsi())) {
    if (run.stopped) return;
    const completedAt = header.completedAt;
    if (header.status !== 'completed' || typeof completedAt !== 'string' || completedAt > before) continue;
    await purgeCampaign(run, String(header.gsi1sk));
  }
}

/** `yyyy-mm` of every month from `since` to `now`'s, in order. */
export function monthsFrom(since: string, now: Date): string[] {
  const last = now.toISOString().slice(0, 7);
  const months: string[] = [];
  for (let [year, month] = since.split('-').map(Number) as [number, number]; ; month += 1) {
    if (month > 12) [year, month] = [year + 1, 1];
    const label = `${year}-${String(month).padStart(2, '0')}`;
    if (label > last) return months;
    months.push(label);
  }
}

/** Each removed parent's latest removal, read from the audit months (one Query per month, docs/data-model.md #32). */
async function removals(since: string, now: Date): Promise<Map<string, string>> {
  const latest = new Map<string, string>();
  for (const month of monthsFrom(since, now)) {
    const entries = await queryPartition(keys.audit(month, '', '', '').pk, undefined, ['action', 'target', 'at']);
    for (const entry of entries) {
      const target = entry.target as { type?: string; id?: string } | undefined;
      if (!PARENT_REMOVALS.has(String(entry.action)) || target?.type !== 'PARENT' || !target.id) continue;
      const at = String(entry.at);
      if (at > (latest.get(target.id) ?? '')) latest.set(target.id, at);
    }
  }
  return latest;
}

/**
 * The consent log of each parent removed before `before` who is still gone (a log is kept while its parent exists),
 * and the choices it records that are still stored in the messages context.
 */
async function purgeConsent(run: Run, before: string, options: PurgeOptions): Promise<void> {
  const removed = await removals(options.consentLogSince ?? CONSENT_LOG_SINCE, options.now);
  for (const [parentId, at] of removed) {
    if (run.stopped) return;
    if (at > before || (await getItem(keys.entity('PARENT', parentId)))) continue;
    // Their choices in the messages context go with the log that records them ("Families near me", emails accepted).
    for (const key of parentChoiceKeys(parentId)) if (!run.stopped && (await deleteIfThere(key))) run.take('consentEntries', 1);
    await run.delete('consentEntries', (await queryPartition(keys.consentPk(parentId))).map(keyOf));
  }
}

/**
 * The message choices of staff members no longer in the directory: a staff delete takes them with the record, this
 * finds those left by a delete made before it did (docs/privacy.md, "Retention"). Staff keep no consent log, so no
 * period applies.
 */
async function purgeDepartedStaffChoices(run: Run): Promise<void> {
  for (const choices of await queryPartition(keys.messageConsentsPk(), STAFF_CHOICES_PREFIX)) {
    const staffId = staffIdOfChoices(String(choices.sk));
    if (run.stopped) return;
    if (!staffId || (await getItem(keys.entity('STAFF', staffId)))) continue;
    for (const key of staffChoiceKeys(staffId)) if (await deleteIfThere(key)) run.take('consentEntries', 1);
  }
}

/**
 * The first instant of the messages still kept: a message stays through the school year it was sent in and the next
 * one (docs/privacy.md, "Retention"). A school year runs from 1 July to 30 June (Québec's Education Act), in the
 * school's time zone: it begins at midnight, Québec time, on 1 July (04:00 UTC), not at midnight UTC.
 */
export function messagesKeptFrom(now: Date): string {
  const [year, month] = schoolDay(now).split('-').map(Number) as [number, number];
  const currentStart = month >= 7 ? year : year - 1;
  return schoolDayStart(`${currentStart - 1}-07-01`).toISOString();
}

/** Messages sent before `keptFrom`: each one's deliveries first, then the message, so a run cut short is resumed. */
async function purgeMessages(run: Run, keptFrom: string): Promise<void> {
  const log = await queryPartition(keys.messagesPk(), keys.messagePrefix(), ['createdAt']);
  for (const message of log) {
    if (run.stopped) return;
    if (String(message.createdAt) >= keptFrom) continue;
    const id = String(message.sk).slice(keys.messagePrefix().length);
    await run.delete('messages', (await queryPartition(keys.messageDeliveriesPk(id))).map(keyOf));
    await run.delete('messages', [keyOf(message)]);
  }
}

/** Another purge holds the lock: this run deleted nothing and filed no report. */
export class PurgeBusyError extends Error {
  constructor() {
    super('another retention purge is running');
    this.name = 'PurgeBusyError';
  }
}

/**
 * Deletes what is past its period under the settings in force, then files the run's report and audit entry. One
 * run at a time: PurgeBusyError when another holds the lock.
 */
export async function runPurge(options: PurgeOptions): Promise<PurgeReport> {
  const owner = ulid();
  if (!(await acquirePurgeLock(owner))) throw new PurgeBusyError();
  try {
    return await purgeOnce(options);
  } finally {
    await releasePurgeLock(owner);
  }
}

async function purgeOnce(options: PurgeOptions): Promise<PurgeReport> {
  const started = Date.now();
  const { departedMonths, campaignMonths, backupDays, requestMonths } = await getRetention();
  const periods: RetentionPeriods = { departedMonths, campaignMonths, backupDays, requestMonths };
  const run = new Run(options);
  const { now } = options;
  await purgeRequests(run, cutoff(now, { months: periods.requestMonths }));
  await purgeBackups(run, cutoff(now, { days: periods.backupDays }));
  await purgeCampaigns(run, cutoff(now, { months: periods.campaignMonths }));
  await purgeConsent(run, cutoff(now, { months: periods.departedMonths }), options);
  await purgeDepartedStaffChoices(run);
  await purgeMessages(run, messagesKeptFrom(now));
  return fileReport(run, options, periods, Date.now() - started);
}

/** The report is dated on the run's clock (`now`), so a controlled clock files it in the year it pretends. */
async function fileReport(run: Run, options: PurgeOptions, periods: RetentionPeriods, tookMs: number): Promise<PurgeReport> {
  const finishedAt = new Date(options.now.getTime() + tookMs).toISOString();
  const report: PurgeReport = {
    id: ulid(options.now.getTime()),
    trigger: options.trigger,
    startedAt: options.now.toISOString(),
    finishedAt,
    periods,
    counts: run.counts,
    complete: !run.stopped,
  };
  const total = Object.values(run.counts).reduce((sum, n) => sum + n, 0);
  await transactWrite([
    { Put: { TableName: tableName(), Item: purgeReportItem(report) } },
    auditPut({
      at: finishedAt,
      actor: { kind: 'system', id: 'purge' },
      action: 'retention.purge',
      target: { type: 'RETENTION', id: report.id },
      count: total,
    }),
  ]);
  logger.info('retention purge', { reportId: report.id, trigger: report.trigger, complete: report.complete, ...run.counts });
  return report;
}
