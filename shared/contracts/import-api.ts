import * as z from 'zod';
import { IMPORT_ENTITIES, IMPORT_FORMATS, headerOf, type ImportEntity } from '../rules/import-columns';
import { IMPORT_ISSUE_CODES, formatIssueMessage, type ImportIssueCode } from '../rules/import-issues';
import { VALUE_TABLES } from '../rules/import-values';
import { LanguageSchema, type Language } from '../schemas/common';

/**
 * Contract of the admin import and export routes (docs/data-onboarding.md), shared by the `admin` Lambda, the
 * import CLI and the admin page. CSV files travel as text inside JSON bodies, so no upload bucket is needed.
 */

/**
 * Largest request body of the import routes, the files' text included (JSON-escaped). Lambda takes 6 MB per
 * synchronous call; 4 MiB leaves room for the event around it and holds a 1,000-family school several times.
 * Mirrored by `maxBodyBytes` of the import routes in lambdas/routes.ts (a unit test compares them).
 */
export const IMPORT_MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Rows per file (a school has a few thousand people at most). */
export const IMPORT_MAX_ROWS = 20_000;
/**
 * Characters per value, whatever the column: the bound of the longest free text (skills); references, lists and
 * codes have no reason to be longer, and a row with a longer value is refused on that cell (TOO_LONG).
 */
export const IMPORT_MAX_FIELD_LENGTH = 1_000;
/** Errors listed in a report; `errorCount` still counts them all. */
export const IMPORT_MAX_LISTED_ISSUES = 1_000;

export const ImportEntitySchema = z.enum(IMPORT_ENTITIES);

export const ImportFileSchema = z.strictObject({
  /** The file's name: it tells which entity the file holds (`eleves.csv`), unless `entity` says so. */
  name: z.string().trim().min(1).max(200),
  /** The file's text, decoded as UTF-8 (a leading byte-order mark is fine). */
  text: z.string(),
  entity: ImportEntitySchema.optional(),
});
export type ImportFile = z.infer<typeof ImportFileSchema>;

/** POST /api/admin/import/dry-run and /apply. One file per entity; any subset of the six. */
export const ImportRequestSchema = z.strictObject({
  files: z.array(ImportFileSchema).min(1).max(IMPORT_ENTITIES.length),
});
export type ImportRequest = z.infer<typeof ImportRequestSchema>;

export const ImportIssueSchema = z.object({
  file: z.string(),
  entity: ImportEntitySchema.optional(),
  /** 1-based line in the file where the row starts; 0 for the whole file. */
  line: z.number().int().min(0),
  /** 1-based column (A = 1), when the issue is about one cell or header. */
  column: z.number().int().min(1).optional(),
  /** The header of that column as written in the file. */
  header: z.string().optional(),
  /** The column's field code (translate it with shared/rules/import-columns.ts `headerOf`). */
  field: z.string().optional(),
  code: z.enum(IMPORT_ISSUE_CODES as [ImportIssueCode, ...ImportIssueCode[]]),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ImportIssue = z.infer<typeof ImportIssueSchema>;

const CountSchema = z.number().int().min(0);
export const RowCountsSchema = z.object({ create: CountSchema, update: CountSchema, unchanged: CountSchema });
export type RowCounts = z.infer<typeof RowCountsSchema>;

export const ImportReportSchema = z.object({
  /** No blocking error: the files may be applied. */
  valid: z.boolean(),
  files: z.array(
    z.object({
      name: z.string(),
      entity: ImportEntitySchema.optional(),
      separator: z.enum([',', ';']).optional(),
      hadBom: z.boolean().optional(),
      /** Data rows (the header row excluded). */
      rows: CountSchema,
    }),
  ),
  /** Rows to create, update and leave unchanged, per entity file present. */
  counts: z.partialRecord(ImportEntitySchema, RowCountsSchema),
  /** Writes that follow from the rows: family links, memberships, authorised emails (registry). */
  related: z.object({
    familyLinksAdded: CountSchema,
    familyLinksRemoved: CountSchema,
    membershipsAdded: CountSchema,
    membershipsChanged: CountSchema,
    membershipsRemoved: CountSchema,
    registryAdded: CountSchema,
    registryRemoved: CountSchema,
  }),
  /** The table has no school settings yet: the apply step creates the default ones (grades 1 to 6). */
  createsSettings: z.boolean(),
  /** Items the apply step writes (creates, updates, links, registry); 0 when nothing changes. */
  writes: CountSchema,
  errors: z.array(ImportIssueSchema),
  /** Non-blocking remarks (an ignored unknown column). */
  warnings: z.array(ImportIssueSchema),
  /** Every error, including those beyond the listed ones. */
  errorCount: CountSchema,
});
export type ImportReport = z.infer<typeof ImportReportSchema>;
export type RelatedCounts = ImportReport['related'];

/**
 * POST /api/admin/import/apply. Each call validates everything again (a file with any error writes nothing:
 * 422 IMPORT_INVALID with the report), plans against the directory as it is now, and writes for a few seconds.
 * Call again while `complete` is false; progress = 1 - remaining / (writes of the dry run).
 */
export const ImportApplyResponseSchema = z.object({
  report: ImportReportSchema,
  progress: z.object({
    /** Items written by this call. */
    written: CountSchema,
    /** Items still to write after this call. */
    remaining: CountSchema,
    complete: z.boolean(),
  }),
});
export type ImportApplyResponse = z.infer<typeof ImportApplyResponseSchema>;

/** A CSV file handed to the browser to save (templates, exports). */
export const CsvFileSchema = z.object({
  name: z.string(),
  entity: ImportEntitySchema,
  /** UTF-8 text with a byte-order mark; `;` separators in French, `,` in English (what each Excel expects). */
  text: z.string(),
});
export type CsvFile = z.infer<typeof CsvFileSchema>;

/** GET /api/admin/import/templates?lang=fr|en and GET /api/admin/export/csv?lang=fr|en. */
export const CsvFilesResponseSchema = z.object({ files: z.array(CsvFileSchema) });
export type CsvFilesResponse = z.infer<typeof CsvFilesResponseSchema>;

export const LangQuerySchema = z.strictObject({ lang: LanguageSchema.default('fr') });

/** One issue as a sentence with its place: `parents.csv, ligne 12, colonne D (Courriel) : Courriel invalide…`. */
export function describeIssue(issue: ImportIssue, lang: Language): string {
  const entity = issue.entity as ImportEntity | undefined;
  const params: Record<string, string | number> = { ...issue.params };
  if (issue.field && entity) params.field = headerOf(entity, issue.field, lang);
  else if (issue.field) params.field = issue.field;
  if (typeof params.entity === 'string' && params.entity in IMPORT_FORMATS) {
    params.entity = IMPORT_FORMATS[params.entity as ImportEntity].label[lang];
  }
  // The choices a list accepts, as its labels in the reader's language.
  if (typeof params.allowed === 'string' && params.allowed in VALUE_TABLES) {
    const table: Record<string, Record<Language, string>> = VALUE_TABLES[params.allowed as keyof typeof VALUE_TABLES];
    params.allowed = Object.values(table).map((label) => label[lang]).join(', ');
  }
  const place = [issue.file];
  if (issue.line > 0) place.push(`${lang === 'fr' ? 'ligne' : 'line'} ${issue.line}`);
  if (issue.column) {
    const header = issue.header ? ` (${issue.header})` : '';
    place.push(`${lang === 'fr' ? 'colonne' : 'column'} ${columnLetter(issue.column)}${header}`);
  }
  // French typography: a (non-breaking) space before the colon.
  return `${place.join(', ')}${lang === 'fr' ? '\u00a0:' : ':'} ${formatIssueMessage(issue.code, params, lang)}`;
}

/** Spreadsheet column name of a 1-based column number: 1 -> A, 27 -> AA. */
export function columnLetter(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
