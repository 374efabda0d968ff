import { columnLetter, describeIssue, type CsvFile, type ImportFile, type ImportIssue, type ImportReport } from '@shared/contracts/import-api';
import { IMPORT_ENTITIES, type ImportEntity } from '@shared/rules/import-columns';
import type { Language } from '@shared/schemas/common';
import { saveFile } from '../../../lib/save-file';
import { decodeCsvBytes } from '@shared/format/csv-decode';
import { formatDate } from '../../../lib/date-time';

/**
 * The import tab's logic, kept out of React so it is unit-tested: the report as rows, each issue as its place and
 * its sentence (the texts of shared/rules/import-issues.ts, in the admin's language), whether the files may be applied,
 * and the apply's progress.
 */

export interface CountRow {
  entity: ImportEntity;
  create: number;
  update: number;
  unchanged: number;
  /** Data rows of the file the plan could not use (each has its error below): a file refused whole shows its rows here. */
  refused: number;
}

/**
 * One row per entity file of the report, in the templates' order: a file whose every row was refused is listed too
 * (a trial's refused file was missing from « Par fichier », as if it had not been sent).
 */
export function countRows(report: ImportReport): CountRow[] {
  return IMPORT_ENTITIES.flatMap((entity) => {
    const files = report.files.filter((file) => file.entity === entity);
    const counts = report.counts[entity];
    if (!counts && files.length === 0) return [];
    const rows = files.reduce((sum, file) => sum + file.rows, 0);
    // The school file is one record over one row per level: counted once when read, all its rows used.
    const planned = !counts ? 0 : entity === 'school' ? rows : counts.create + counts.update + counts.unchanged;
    return [{ entity, create: 0, update: 0, unchanged: 0, ...counts, refused: Math.max(0, rows - planned) }];
  });
}

export interface IssueRow {
  id: string;
  file: string;
  /** Empty for an issue about the whole file. */
  line: string;
  /** `D (Courriel)`, or empty. */
  column: string;
  message: string;
}

/**
 * An issue's place and sentence, split for a table: the sentence is `describeIssue`'s (shared/contracts/import-api.ts) without
 * its place, so the page and the import CLI say exactly the same thing.
 */
export function issueRow(issue: ImportIssue, lang: Language, index: number): IssueRow {
  const message = describeIssue({ ...issue, file: '', line: 0, column: undefined }, lang).replace(/^\s*:\s*/, '');
  return {
    id: `${index}`,
    file: issue.file,
    line: issue.line > 0 ? String(issue.line) : '',
    column: issue.column ? `${columnLetter(issue.column)}${issue.header ? ` (${issue.header})` : ''}` : '',
    message,
  };
}

export const issueRows = (issues: readonly ImportIssue[], lang: Language): IssueRow[] =>
  issues.map((issue, index) => issueRow(issue, lang, index));

/** Why the files cannot be applied, or null when they can. */
export type ApplyBlock = 'errors' | 'noChanges' | null;
export function applyBlock(report: ImportReport): ApplyBlock {
  if (!report.valid || report.errorCount > 0) return 'errors';
  if (report.writes === 0) return 'noChanges';
  return null;
}

/** Percent done of an apply: 1 − remaining / writes of the dry run (a later plan may be smaller). */
export function applyPercent(plannedWrites: number, remaining: number): number {
  if (plannedWrites <= 0) return 100;
  return Math.max(0, Math.min(100, Math.round((1 - remaining / plannedWrites) * 100)));
}

/**
 * The file picker adds to the files already chosen: a file chosen again under the same name (the corrected
 * `parents.csv`) replaces the earlier one, keeping the order of first choice.
 */
export function latestByName<T extends { name: string }>(files: readonly T[]): T[] {
  const latest = new Map<string, T>();
  for (const file of files) latest.set(file.name, file);
  return [...latest.values()];
}

/**
 * Reads the chosen files as text: UTF-8 (a byte-order mark is kept: the server removes it), else Windows-1252, as
 * Excel for Windows saves a CSV (shared/format/csv-decode.ts); `readAsWindows1252` hears the names of those.
 */
export async function readImportFiles(files: readonly File[], readAsWindows1252: (name: string) => void = () => undefined): Promise<ImportFile[]> {
  return Promise.all(
    files.map(async (file) => {
      const { text, windows1252 } = decodeCsvBytes(await file.arrayBuffer());
      if (windows1252) readAsWindows1252(file.name);
      return { name: file.name, text };
    }),
  );
}

export const saveCsv = (file: CsvFile) => saveFile(file.name, file.text, 'text/csv;charset=utf-8');

/** `bottin-2026-11-22.json`: the JSON export's file name, with the school's day (not UTC's, a day ahead at night). */
export const jsonExportName = (now = new Date()) => `bottin-${formatDate(now)}.json`;
