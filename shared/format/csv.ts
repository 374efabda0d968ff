/**
 * A small RFC 4180 CSV reader and writer (https://www.rfc-editor.org/rfc/rfc4180), with what spreadsheets add:
 * a UTF-8 byte-order mark, `;` as the separator (French-locale Excel and LibreOffice write it, because `,` is
 * their decimal mark), and LF, CRLF or lone CR line ends. Shared by the import (server and CLI) and the export.
 * No Node built-ins: strings in, strings out.
 */

export type CsvSeparator = ',' | ';';

export interface CsvRecord {
  /** 1-based line of the file where the record starts (a quoted field may span several lines). */
  line: number;
  fields: string[];
}

export type CsvErrorCode = 'UNTERMINATED_QUOTE' | 'TEXT_AFTER_QUOTE';

export interface CsvError {
  code: CsvErrorCode;
  line: number;
  /** 1-based field number on that record. */
  column: number;
}

export type CsvParseResult =
  | { ok: true; separator: CsvSeparator; hadBom: boolean; records: CsvRecord[] }
  | { ok: false; separator: CsvSeparator; hadBom: boolean; error: CsvError };

const BOM = '\uFEFF';

/**
 * The separator of a file: whichever of `,` and `;` occurs more often outside quotes on its first record (the
 * header row, where neither is part of a value). A tie, e.g. a one-column file, means `,`.
 */
export function detectSeparator(text: string): CsvSeparator {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text.startsWith(BOM) ? text.slice(1) : text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas++;
    else if (!quoted && char === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * Parses CSV text into records. Quoted fields may hold separators, line breaks and doubled quotes (`""`).
 * A quote inside an unquoted field is kept as a character (people type `Jean "JJ" Roy` by hand), but text after
 * a closing quote, or a quote never closed, is an error with its line, since guessing would shift columns.
 * Blank lines and lines of separators only (spreadsheets write those for empty rows) are skipped.
 */
export function parseCsv(text: string, options: { separator?: CsvSeparator } = {}): CsvParseResult {
  const hadBom = text.startsWith(BOM);
  const input = hadBom ? text.slice(1) : text;
  const separator = options.separator ?? detectSeparator(input);
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  // State of the current field: not started, unquoted, inside quotes, or just after its closing quote.
  let state: 'start' | 'plain' | 'quoted' | 'closed' = 'start';
  let quoteLine = 1;

  const endField = () => {
    fields.push(field);
    field = '';
    state = 'start';
  };
  const endRecord = () => {
    endField();
    if (fields.some((value) => value !== '')) records.push({ line: recordLine, fields });
    fields = [];
  };
  const fail = (code: CsvErrorCode, at: number): CsvParseResult => ({
    ok: false,
    separator,
    hadBom,
    error: { code, line: at, column: fields.length + 1 },
  });

  while (i < input.length) {
    const char = input[i]!;
    const lineBreak = char === '\n' || char === '\r';
    const breakLength = char === '\r' && input[i + 1] === '\n' ? 2 : 1;
    if (state === 'quoted') {
      if (char === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        state = 'closed';
      } else {
        field += lineBreak ? input.slice(i, i + breakLength) : char;
        if (lineBreak) {
          line++;
          i += breakLength;
          continue;
        }
      }
      i++;
      continue;
    }
    if (char === separator) {
      endField();
      i++;
      continue;
    }
    if (lineBreak) {
      endRecord();
      line++;
      recordLine = line;
      i += breakLength;
      continue;
    }
    if (state === 'start' && char === '"') {
      state = 'quoted';
      quoteLine = line;
    } else if (state === 'closed') {
      // Spaces between a closing quote and the separator are harmless; anything else is ambiguous.
      if (char !== ' ' && char !== '\t') return fail('TEXT_AFTER_QUOTE', line);
    } else {
      field += char;
      state = 'plain';
    }
    i++;
  }
  if (state === 'quoted') return fail('UNTERMINATED_QUOTE', quoteLine);
  if (state !== 'start' || field !== '' || fields.length > 0) endRecord();
  return { ok: true, separator, hadBom, records };
}

/**
 * Values a spreadsheet would read as a formula (CSV injection, OWASP): starting with `=`, `+`, `-`, `@`, a tab or
 * a carriage return, after any number of `'`. The quotes are part of the rule so that escaping stays reversible.
 */
const FORMULA_LIKE = /^'*[=+\-@\t\r]/;

/**
 * A value as a cell a spreadsheet shows as text: a formula-like value gets a leading `'`, the spreadsheet
 * convention for "text, not a formula". `fromCellText` removes exactly that quote again on import.
 */
export function toCellText(value: string): string {
  return FORMULA_LIKE.test(value) ? `'${value}` : value;
}

export function fromCellText(value: string): string {
  return value.startsWith("'") && FORMULA_LIKE.test(value.slice(1)) ? value.slice(1) : value;
}

export interface CsvWriteOptions {
  separator?: CsvSeparator;
  /** Start with a UTF-8 byte-order mark, so Excel opens accents correctly. Default true. */
  bom?: boolean;
}

/** Writes records as CSV with CRLF line ends (RFC 4180), quoting only the fields that need it. */
export function writeCsv(rows: readonly (readonly string[])[], options: CsvWriteOptions = {}): string {
  const separator = options.separator ?? ',';
  const needsQuotes = (value: string) =>
    value.includes(separator) || /["\r\n]/.test(value) || value !== value.trim();
  const cell = (raw: string) => {
    const value = toCellText(raw);
    return needsQuotes(value) ? `"${value.replace(/"/g, '""')}"` : value;
  };
  const body = rows.map((row) => row.map(cell).join(separator)).join('\r\n');
  return `${options.bom === false ? '' : BOM}${body}\r\n`;
}
