/**
 * `npm run import -- <folder or .csv files> [--dry-run] [--lang fr|en]`: loads a school from CSV files, with the
 * code the admin page uses (lambdas/admin/import). Always checks every file first; writes only when no file
 * has an error, in bounded transactions, printing progress. Running it again with the same files changes
 * nothing; a run cut short is finished by the next one. Target table: see table-target.ts (local stack, or AWS
 * with --table / TABLE_NAME and the default credentials). docs/data-onboarding.md describes the files.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { describeIssue, type ImportFile, type ImportReport } from '@shared/contracts/import-api';
import { IMPORT_ENTITIES, IMPORT_FORMATS } from '@shared/rules/import-columns';
import { LanguageSchema, type Language } from '@shared/schemas/common';
import { AppError } from '../../lambdas/common/errors';
import { logger } from '../../lambdas/common/logger';
import { planImport, writePlanned } from '../../lambdas/admin/import/import-service';
import { CliError, describeCliError, resolveTable, useTable } from './table-target';
import { decodeCsvBytes } from '@shared/format/csv-decode';
import { say } from './import-messages';

/** Errors printed in full; the rest are counted (the admin page lists up to 1,000). */
const MAX_PRINTED_ERRORS = 200;
/** Whole re-plans after a conflict (someone edited a record while the import ran). */
const MAX_CONFLICT_RETRIES = 3;

/** The .csv files of a folder (sorted), or the files named. */
export function collectFiles(paths: readonly string[]): string[] {
  return paths.flatMap((entry) => {
    if (!statSync(entry).isDirectory()) return [entry];
    const found = readdirSync(entry)
      .filter((name) => name.toLowerCase().endsWith('.csv'))
      .sort()
      .map((name) => path.join(entry, name));
    if (found.length === 0) throw new CliError(`no .csv file in ${entry}`);
    return found;
  });
}

/**
 * A file as the browser reads it (shared/format/csv-decode.ts): UTF-8 keeping a byte-order mark (the report says
 * whether there was one), else Windows-1252, as Excel for Windows saves a CSV.
 */
export function readImportFile(file: string): ImportFile {
  return { name: path.basename(file), text: decodeCsvBytes(readFileSync(file)).text };
}

function printReport(report: ImportReport, lang: Language, print: (line: string) => void): void {
  for (const file of report.files) {
    const entity = file.entity ? IMPORT_FORMATS[file.entity].label[lang] : say('unknownEntity', lang);
    print(say('file', lang, { name: file.name, entity, rows: file.rows, separator: file.separator ?? ',' }));
  }
  print(say('countsHeader', lang));
  for (const entity of IMPORT_ENTITIES) {
    const counts = report.counts[entity];
    if (counts) print(say('counts', lang, { entity: IMPORT_FORMATS[entity].label[lang], ...counts }));
  }
  print(say('related', lang, report.related));
  if (report.createsSettings) print(say('settings', lang));
  if (report.warnings.length > 0) {
    print(say('warnings', lang, { count: report.warnings.length }));
    for (const warning of report.warnings) print(`  ${describeIssue(warning, lang)}`);
  }
  if (report.errorCount > 0) {
    for (const error of report.errors.slice(0, MAX_PRINTED_ERRORS)) print(`  ${describeIssue(error, lang)}`);
    if (report.errorCount > MAX_PRINTED_ERRORS) print(say('moreErrors', lang, { count: report.errorCount - MAX_PRINTED_ERRORS }));
    print(say('errors', lang, { count: report.errorCount }));
  } else {
    print(say('writes', lang, { writes: report.writes }));
  }
}

/** Runs the import; returns the exit code (0 done, 1 errors in the files or a failure, 2 usage). */
export async function runImportCli(
  argv: string[],
  print: (line: string) => void = console.log,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  let lang: Language = 'fr';
  // The process's shared logger goes back to its level when the run ends (the admin-import test runs this in a test
  // worker that other files share).
  const logLevel = logger.getLevelName();
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'dry-run': { type: 'boolean' },
        lang: { type: 'string' },
        table: { type: 'string' },
        region: { type: 'string' },
        'school-name': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    lang = LanguageSchema.catch('fr').parse(values.lang ?? 'fr');
    if (values.help || positionals.length === 0) {
      print(say('usage', lang));
      return values.help ? 0 : 2;
    }
    const files = collectFiles(positionals).map(readImportFile);
    const target = resolveTable(values, env);
    useTable(target);
    // Handler logs (one line per transaction) would drown the report; the CLI prints its own progress.
    logger.setLogLevel('ERROR');
    print(say('target', lang, { target: target.description }));

    const options = { actor: { kind: 'system' as const, id: 'import-cli' }, schoolName: values['school-name'] };
    let planned = await planImport(files, options);
    printReport(planned.report, lang, print);
    if (!planned.report.valid) return 1;
    if (values['dry-run']) {
      print(say(planned.report.writes === 0 ? 'nothingToDo' : 'dryRunOk', lang));
      return 0;
    }
    if (planned.report.writes === 0) {
      print(say('nothingToDo', lang));
      return 0;
    }
    const started = Date.now();
    let written = 0;
    let lastPercent = -1;
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await writePlanned(planned, {
          ...options,
          concurrency: 4,
          onProgress: (done, total) => {
            const percent = Math.floor((done / total) * 100);
            // About every 10 %, and at the end: enough to follow, not a line per transaction.
            if (percent >= lastPercent + 10 || done === total) {
              lastPercent = percent;
              print(say('progress', lang, { written: written + done, total: written + total, percent }));
            }
          },
        });
        written += result.progress.written;
        break;
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'CONFLICT') || attempt > MAX_CONFLICT_RETRIES) throw error;
        print(say('conflict', lang, { attempt, max: MAX_CONFLICT_RETRIES }));
        // Whole units were written before the conflict: the new plan holds only what is left.
        planned = await planImport(files, options);
        if (!planned.report.valid) {
          printReport(planned.report, lang, print);
          return 1;
        }
        lastPercent = -1;
      }
    }
    print(say('done', lang, { written, seconds: ((Date.now() - started) / 1000).toFixed(1) }));
    return 0;
  } catch (error) {
    print(say('failed', lang, { message: describeCliError(error) }));
    return 1;
  } finally {
    logger.setLogLevel(logLevel);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runImportCli(process.argv.slice(2)).then((code) => process.exit(code));
}
