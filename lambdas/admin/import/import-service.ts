import type { ImportEntity } from '@shared/rules/import-columns';
import type { ImportApplyResponse, ImportFile, ImportReport } from '@shared/contracts/import-api';
import type { SchoolSettings } from '@shared/schemas/settings';
import { keys } from '../../common/keys';
import type { DirectoryData } from '../../directory/public';
import { getSettings } from '../../directory/public';
import { readDirectoryConsistent, readRegistryEntries } from '../admin-repository';
import { writeAudit, type Actor } from '../../common/audit';
import { applyPlan } from './apply';
import { defaultSettings } from './default-settings';
import { IssueCollector } from './issues';
import { parseRows } from './parse-rows';
import { buildPlan, type ImportPlan } from './plan';
import { readImportFiles } from './read-files';
import { resolveTargets } from './resolve';
import { checkLevelsInUse, readSchoolSettings } from './school-settings';
import { noticeVersionOf } from '@shared/contracts/privacy-api';

/**
 * The CSV import, shared by the admin API and `npm run import`: read and check every file, follow every
 * reference, compare with the directory as it is, and report; then, only if nothing is wrong, write.
 * docs/data-onboarding.md describes the files and the rules.
 */
export interface PlanOptions {
  now?: Date;
  /** School name of the settings created when the table has none (CLI option). */
  schoolName?: string;
}

export interface PlannedImport {
  report: ImportReport;
  plan: ImportPlan;
}

export async function planImport(files: readonly ImportFile[], options: PlanOptions = {}): Promise<PlannedImport> {
  const [data, settings] = await Promise.all([readDirectoryConsistent(), getSettings()]);
  return planAgainst(files, { data, settings, readRegistry: readRegistryEntries }, options);
}

/** What the plan compares the files with: the directory, the settings, and a reader of registry entries. */
export interface PlanSource {
  data: DirectoryData;
  settings: SchoolSettings | undefined;
  readRegistry: (registryKeys: { pk: string; sk: string }[]) => Promise<ReadonlyMap<string, string>>;
}

export async function planAgainst(
  files: readonly ImportFile[],
  source: PlanSource,
  options: PlanOptions = {},
): Promise<PlannedImport> {
  const now = options.now ?? new Date();
  const { data, settings } = source;
  const issues = new IssueCollector();
  const read = readImportFiles(files, issues);
  const rows = parseRows(read.tables, issues);
  // The school file, when given, says what the settings are; without it a table with none gets default ones.
  const school = read.tables.school;
  const fileSettings = school && readSchoolSettings(school, settings, now.toISOString(), issues);
  const newSettings = settings || school ? undefined : defaultSettings(now, options.schoolName);
  const levelSettings = fileSettings ?? settings ?? newSettings ?? defaultSettings(now, options.schoolName);
  const targets = resolveTargets(rows, data, levelSettings, now.toISOString(), issues);
  if (school && fileSettings) checkLevelsInUse(fileSettings, school, data, targets, issues);
  // Registry entries of people who exist already (a new person's entry is written with them): the plan puts
  // back any that went missing.
  const registryKeys = [
    ...targets.staff.map((t) => ({ t, type: 'STAFF' as const })),
    ...targets.parents.map((t) => ({ t, type: 'PARENT' as const })),
  ]
    .filter(({ t }) => t.existing && t.entity.email)
    .map(({ t, type }) => keys.registry(t.entity.email!, type, t.entity.id));
  const registry = await source.readRegistry(registryKeys);
  const plan = buildPlan({
    targets,
    data,
    registry,
    newSettings,
    school: fileSettings ? { settings: fileSettings, existing: settings } : undefined,
    entities: new Set(Object.keys(read.tables) as ImportEntity[]),
    now: now.toISOString(),
    noticeVersion: noticeVersionOf((settings ?? newSettings)?.version ?? 0),
    issues,
  });
  const report: ImportReport = {
    valid: issues.errorCount === 0,
    files: read.files,
    counts: plan.counts,
    related: plan.related,
    createsSettings: newSettings !== undefined,
    writes: plan.writes,
    errors: issues.errors,
    warnings: issues.warnings,
    errorCount: issues.errorCount,
  };
  return { report, plan };
}

export interface ApplyImportOptions extends PlanOptions {
  actor: Actor;
  /** Stop starting transactions this many ms after the call started (the API's calls); the CLI runs to the end. */
  budgetMs?: number;
  /**
   * Writing time a call always gets after planning, even past `budgetMs` (default 2 s): when planning alone
   * takes most of the budget (a slow or busy machine), each call still moves the import forward.
   */
  minWriteMs?: number;
  concurrency?: number;
  onProgress?: (written: number, total: number) => void;
}

/**
 * Plans, then writes what the plan says if the files hold no error. Resumable: a run cut short (deadline, crash,
 * conflict) leaves whole write units, and the next call's plan holds only what is left.
 */
export async function applyImport(files: readonly ImportFile[], options: ApplyImportOptions): Promise<ImportApplyResponse> {
  const started = Date.now();
  const planned = await planImport(files, options);
  return writePlanned(planned, { ...options, started });
}

/** Writes an import already planned (the CLI shows the plan first); refuses a plan with errors. */
export async function writePlanned(
  { report, plan }: PlannedImport,
  options: ApplyImportOptions & { started?: number },
): Promise<ImportApplyResponse> {
  if (!report.valid) return { report, progress: { written: 0, remaining: plan.writes, complete: false } };
  const started = options.started ?? Date.now();
  const deadline =
    options.budgetMs === undefined ? undefined : Math.max(started + options.budgetMs, Date.now() + (options.minWriteMs ?? 2_000));
  const result = await applyPlan(plan, {
    actor: options.actor,
    deadline,
    concurrency: options.concurrency,
    onProgress: options.onProgress,
  });
  if (result.written > 0) {
    await writeAudit({
      at: new Date().toISOString(),
      actor: options.actor,
      action: 'import.apply',
      target: { type: 'DIRECTORY', id: 'import' },
      count: result.written,
    });
  }
  return { report, progress: { ...result, complete: result.remaining === 0 } };
}
