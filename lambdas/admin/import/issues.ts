import type { ImportEntity } from '@shared/rules/import-columns';
import { IMPORT_MAX_LISTED_ISSUES, type ImportIssue } from '@shared/contracts/import-api';
import { WARNING_CODES, type ImportIssueCode } from '@shared/rules/import-issues';

/** A file once its header row is understood: its data rows, and where each field's column is. */
export interface ImportTable {
  file: string;
  entity: ImportEntity;
  /** field -> 1-based column and the header as written. */
  columns: Map<string, { column: number; header: string }>;
  rows: RawRow[];
}

export interface RawRow {
  line: number;
  /** field -> trimmed value ('' when empty or absent). */
  values: Record<string, string>;
}

/** Where a typed row came from, so later stages (references) can point at the right cell. */
export interface RowSource {
  table: ImportTable;
  row: RawRow;
}

/** Gathers errors (listed up to a limit, all counted) and warnings. */
export class IssueCollector {
  readonly errors: ImportIssue[] = [];
  readonly warnings: ImportIssue[] = [];
  errorCount = 0;

  add(issue: ImportIssue): void {
    if (WARNING_CODES.has(issue.code)) {
      if (this.warnings.length < IMPORT_MAX_LISTED_ISSUES) this.warnings.push(issue);
      return;
    }
    this.errorCount++;
    if (this.errors.length < IMPORT_MAX_LISTED_ISSUES) this.errors.push(issue);
  }

  /** An issue about one cell of a row (or the row, when `field` is undefined). */
  cell(source: RowSource, field: string | undefined, code: ImportIssueCode, params?: ImportIssue['params']): void {
    const { table, row } = source;
    const place = field === undefined ? undefined : table.columns.get(field);
    this.add({
      file: table.file,
      entity: table.entity,
      line: row.line,
      ...(place ? { column: place.column, header: place.header } : {}),
      ...(field === undefined ? {} : { field }),
      code,
      ...(params ? { params } : {}),
    });
  }
}
