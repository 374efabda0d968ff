import { isValidEmail, normalizeEmail } from '@shared/rules/email';
import { phoneDigits } from '@shared/format/phone';
import { normalizePostalCode } from '@shared/format/postal-code';
import { resolveCode, splitList, VALUE_TABLES, type LabelTable, type ValueTableName } from '@shared/rules/import-values';
import type { ImportIssueCode } from '@shared/rules/import-issues';
import type { ImportIssue } from '@shared/contracts/import-api';
import type { Address } from '@shared/schemas/common';
import type { IssueCollector, RowSource } from './issues';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const KEY_MAX = 64;

/**
 * Reads the cells of one row as typed values, reporting every bad cell with its line and column. Each reader
 * returns undefined for an empty or invalid cell, so a row is only used when `ok` is still true at the end.
 */
export class RowReader {
  ok = true;
  constructor(
    readonly source: RowSource,
    private readonly issues: IssueCollector,
  ) {}

  get line(): number {
    return this.source.row.line;
  }

  raw(field: string): string {
    // One way to write each accented letter, as the API's schemas store names (shared/schemas/common.ts).
    return (this.source.row.values[field] ?? '').normalize('NFC');
  }

  issue(field: string | undefined, code: ImportIssueCode, params?: ImportIssue['params']): void {
    this.ok = false;
    this.issues.cell(this.source, field, code, params);
  }

  /** Free text: undefined when empty (REQUIRED if it must be there), TOO_LONG past `max`. */
  text(field: string, options: { required?: boolean; max?: number } = {}): string | undefined {
    const value = this.raw(field);
    if (value === '') {
      if (options.required) this.issue(field, 'REQUIRED');
      return undefined;
    }
    const max = options.max ?? 1000;
    if (value.length > max) {
      this.issue(field, 'TOO_LONG', { max });
      return undefined;
    }
    return value;
  }

  /** A person's name: anything a real name holds, but no control character (shared/schemas/common.ts). */
  name(field: string, required = true): string | undefined {
    const value = this.text(field, { required, max: 100 });
    if (value !== undefined && CONTROL_CHARACTERS.test(value)) {
      this.issue(field, 'INVALID_NAME');
      return undefined;
    }
    return value;
  }

  /** An import key: short, and without the list separator (keys are listed in cells like `P001|P002`). */
  key(field = 'key'): string | undefined {
    const value = this.raw(field);
    if (value === '') return undefined;
    if (value.length > KEY_MAX || value.includes('|') || CONTROL_CHARACTERS.test(value)) {
      this.issue(field, 'INVALID_KEY', { value: value.slice(0, 80) });
      return undefined;
    }
    return value;
  }

  email(field = 'email'): string | undefined {
    const value = this.raw(field);
    if (value === '') return undefined;
    const email = normalizeEmail(value);
    if (!isValidEmail(email)) {
      this.issue(field, 'INVALID_EMAIL', { value: value.slice(0, 80) });
      return undefined;
    }
    return email;
  }

  phone(field = 'phone'): string | undefined {
    const value = this.raw(field);
    if (value === '') return undefined;
    const digits = phoneDigits(value);
    if (!digits) this.issue(field, 'INVALID_PHONE', { value: value.slice(0, 40) });
    return digits;
  }

  postalCode(field = 'postalCode'): string | undefined {
    const value = this.raw(field);
    if (value === '') return undefined;
    const code = normalizePostalCode(value);
    if (!code) this.issue(field, 'INVALID_POSTAL_CODE', { value: value.slice(0, 20) });
    return code;
  }

  /**
   * Street, city and postal code (columns `street`, `city`, `postalCode`), which go together: undefined when all
   * are empty; an incomplete address is reported on its empty cells (an invalid one was reported already).
   */
  address(): Address | undefined {
    const street = this.text('street', { max: 200 });
    const city = this.text('city', { max: 100 });
    const postalCode = this.postalCode();
    const fields = ['street', 'city', 'postalCode'];
    const filled = fields.filter((field) => this.raw(field) !== '');
    if (filled.length > 0 && filled.length < fields.length) {
      for (const field of fields) if (!filled.includes(field)) this.issue(field, 'ADDRESS_INCOMPLETE');
    }
    return street && city && postalCode ? { street, city, postalCode } : undefined;
  }

  /** One value of an enumeration, by code or label; `fallback` when the cell is empty. */
  code<T extends ValueTableName>(
    field: string,
    table: T,
    fallback?: keyof (typeof VALUE_TABLES)[T] & string,
  ): (keyof (typeof VALUE_TABLES)[T] & string) | undefined {
    const value = this.raw(field);
    if (value === '') {
      if (fallback === undefined) this.issue(field, 'REQUIRED');
      return fallback;
    }
    const code = resolveCode(VALUE_TABLES[table] as LabelTable<string>, value);
    if (!code) this.issue(field, 'INVALID_CHOICE', { value: value.slice(0, 80), allowed: table });
    return code as (keyof (typeof VALUE_TABLES)[T] & string) | undefined;
  }

  /** Several values of an enumeration; duplicates collapse (a set). */
  codes<T extends ValueTableName>(field: string, table: T): (keyof (typeof VALUE_TABLES)[T] & string)[] {
    const codes = new Set<string>();
    for (const value of splitList(this.raw(field))) {
      const code = resolveCode(VALUE_TABLES[table] as LabelTable<string>, value);
      if (code) codes.add(code);
      else this.issue(field, 'INVALID_CHOICE', { value: value.slice(0, 80), allowed: table });
    }
    return [...codes] as (keyof (typeof VALUE_TABLES)[T] & string)[];
  }

  /** A list of references (keys, emails, codes), at most `max`. */
  list(field: string, max: number): string[] {
    const values = [...new Set(splitList(this.raw(field)))];
    if (values.length > max) {
      this.issue(field, 'TOO_MANY', { max });
      return [];
    }
    return values;
  }
}
