import { fromCellText, parseCsv } from '@shared/format/csv';
import { columnForHeader, detectEntity, IMPORT_FORMATS, type ImportEntity } from '@shared/rules/import-columns';
import { IMPORT_MAX_FIELD_LENGTH, IMPORT_MAX_ROWS, type ImportFile, type ImportReport } from '@shared/contracts/import-api';
import type { ImportTable, IssueCollector } from './issues';

export type ImportTables = Partial<Record<ImportEntity, ImportTable>>;

/**
 * Turns the uploaded texts into tables: checks the encoding and the CSV syntax, recognises the entity and the
 * columns, and checks the shape of every row. Values are not interpreted here (parse-rows.ts does that).
 */
export function readImportFiles(
  files: readonly ImportFile[],
  issues: IssueCollector,
): { tables: ImportTables; files: ImportReport['files'] } {
  const tables: ImportTables = {};
  const report: ImportReport['files'] = [];
  for (const file of files) {
    const fileIssue = (code: Parameters<IssueCollector['add']>[0]['code'], extra: object = {}) =>
      issues.add({ file: file.name, line: 0, code, ...extra });
    // A browser decoding a Windows-1252 file as UTF-8 leaves replacement characters: say so, rather than
    // importing "Fran�ois".
    const broken = file.text.indexOf('\uFFFD');
    if (broken >= 0) {
      fileIssue('INVALID_ENCODING', { line: file.text.slice(0, broken).split(/\r\n|\r|\n/).length });
      report.push({ name: file.name, rows: 0 });
      continue;
    }
    const parsed = parseCsv(file.text);
    const summary = { name: file.name, separator: parsed.separator, hadBom: parsed.hadBom };
    if (!parsed.ok) {
      fileIssue(parsed.error.code, { line: parsed.error.line, column: parsed.error.column });
      report.push({ ...summary, rows: 0 });
      continue;
    }
    const [header, ...records] = parsed.records;
    if (!header) {
      fileIssue('EMPTY_FILE');
      report.push({ ...summary, rows: 0 });
      continue;
    }
    const entity = file.entity ?? detectEntity(file.name, header.fields);
    report.push({ ...summary, ...(entity ? { entity } : {}), rows: records.length });
    if (!entity) {
      fileIssue('UNKNOWN_FILE');
      continue;
    }
    if (tables[entity]) {
      fileIssue('DUPLICATE_FILE', { entity, params: { entity } });
      continue;
    }
    const table: ImportTable = { file: file.name, entity, columns: new Map(), rows: [] };
    readColumns(table, header, issues);
    if (records.length > IMPORT_MAX_ROWS) {
      issues.add({ file: file.name, entity, line: 0, code: 'TOO_MANY_ROWS', params: { max: IMPORT_MAX_ROWS } });
      continue;
    }
    for (const record of records) {
      const extra = record.fields.slice(header.fields.length);
      if (extra.some((value) => value.trim() !== '')) {
        issues.add({
          file: file.name,
          entity,
          line: record.line,
          code: 'TOO_MANY_FIELDS',
          params: { count: record.fields.length, expected: header.fields.length },
        });
        continue;
      }
      const values = readValues(table, record, issues);
      if (values) table.rows.push({ line: record.line, values });
    }
    tables[entity] = table;
  }
  return { tables, files: report };
}

/**
 * One row's values by field, or undefined when a value is longer than any column allows (IMPORT_MAX_FIELD_LENGTH):
 * that cell is reported (TOO_LONG, never echoed) and the row left out, so no reference, list or code of any
 * length reaches the later stages or the report.
 */
function readValues(
  table: ImportTable,
  record: { line: number; fields: string[] },
  issues: IssueCollector,
): Record<string, string> | undefined {
  const values: Record<string, string> = {};
  let ok = true;
  for (const [field, place] of table.columns) {
    const value = fromCellText(record.fields[place.column - 1] ?? '').trim();
    if (value.length > IMPORT_MAX_FIELD_LENGTH) {
      ok = false;
      issues.add({
        file: table.file,
        entity: table.entity,
        line: record.line,
        column: place.column,
        header: place.header,
        field,
        code: 'TOO_LONG',
        params: { max: IMPORT_MAX_FIELD_LENGTH },
      });
    }
    values[field] = value;
  }
  return ok ? values : undefined;
}

/** Maps the header's cells to the entity's columns, and reports unknown, doubled and missing columns. */
function readColumns(table: ImportTable, header: { line: number; fields: string[] }, issues: IssueCollector): void {
  const { entity } = table;
  const at = (column: number, headerText: string) => ({ file: table.file, entity, line: header.line, column, header: headerText });
  header.fields.forEach((raw, index) => {
    const text = raw.trim();
    const column = columnForHeader(entity, text);
    if (!column) {
      if (text !== '') issues.add({ ...at(index + 1, text), code: 'UNKNOWN_COLUMN', params: { value: text } });
    } else if (table.columns.has(column.field)) {
      issues.add({ ...at(index + 1, text), field: column.field, code: 'DUPLICATE_COLUMN' });
    } else {
      table.columns.set(column.field, { column: index + 1, header: text });
    }
  });
  const format = IMPORT_FORMATS[entity];
  for (const column of format.columns) {
    if (column.required && !table.columns.has(column.field)) {
      issues.add({ file: table.file, entity, line: header.line, field: column.field, code: 'MISSING_COLUMN' });
    }
  }
  for (const group of format.oneOf ?? []) {
    if (!group.some((field) => table.columns.has(field))) {
      issues.add({ file: table.file, entity, line: header.line, field: group[0], code: 'MISSING_COLUMN' });
    }
  }
}
