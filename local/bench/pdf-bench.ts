/**
 * `npm run bench:pdf`: how long the printable directory takes and how big it is for a 1,000-family school
 * (targets: under 5 s and under 2 MB; docs/decisions/printable-directory-a-pdf-built-in-the-browser.md, "Printable directory: a PDF built in the browser").
 *
 * The directory response is built in memory from the benchmark demo school exactly as GET /api/directory builds
 * it for the demo parent (lambdas/directory/directory-service.ts, the visibility rule applied per caller), then
 * the same code the browser runs (frontend/src/lib/directory-pdf) lays it out and writes the PDF in Node with the
 * app's fonts. Time is measured from the response to the PDF's bytes: the index, the layout, the PDF. A browser
 * also parses the lazy chunk once (not measured here) and runs on the reader's device, often slower than this one.
 *
 * Options: --runs=N (default 5, at most 20), --families=N (default the benchmark's 1,000), --no-write (print only).
 */
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { printFontBytes } from '../../frontend/build/font-files';
import { buildDirectoryIndex } from '../../frontend/src/lib/directory/directory-index';
import { printLayout, type PrintOptions } from '../../frontend/src/lib/directory-pdf/print-layout';
import { renderPrintDocument } from '../../frontend/src/lib/directory-pdf/print-render';
import { printTranslator } from '../../frontend/src/lib/directory-pdf/print-translator';
import { buildDirectoryResponse } from '../../lambdas/directory/directory-service';
import type { PaperSize } from '@shared/contracts/directory-print-api';
import { BENCHMARK_FAMILIES, generateSchool } from '../demo/generate-school';
import { kb, machineLine, measure, ms, writeSection, type Timing } from './bench-report';

const TARGET_MS = 5_000;
const TARGET_BYTES = 2 * 1024 * 1024;
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const runs = Math.min(20, Math.max(1, Number(arg('runs') ?? 5)));
const families = Math.max(1, Number(arg('families') ?? BENCHMARK_FAMILIES));
const write = !process.argv.includes('--no-write');

async function main() {
  console.log(`• Generating the demo school with ${families} families…`);
  const school = generateSchool({ families });
  const viewer = { parentIds: new Set([school.accounts.parent.personId]), staff: false };
  const response = buildDirectoryResponse(school, viewer);
  const fonts = printFontBytes();
  const options = (lang: 'fr' | 'en', paper: PaperSize, scope: PrintOptions['scope']): PrintOptions => ({
    scope,
    lang,
    paper,
    viewerName: 'Marie Tremblay',
    day: new Date().toISOString().slice(0, 10),
    t: printTranslator(lang),
  });
  let bytes = 0;
  let last: Uint8Array = new Uint8Array(0);
  /** What the browser does after the audit call: index the response (not cached here), lay out, write the PDF. */
  const produce = (opts: PrintOptions) => async () => {
    const document = printLayout(buildDirectoryIndex(response), opts);
    const pdf = await renderPrintDocument(document, fonts);
    bytes = pdf.length;
    last = pdf;
    return pdf;
  };
  const cases: { label: string; opts: PrintOptions }[] = [
    { label: 'Whole school, French, Letter', opts: options('fr', 'letter', { kind: 'school' }) },
    { label: 'Whole school, English, A4', opts: options('en', 'a4', { kind: 'school' }) },
    { label: 'One class, French, Letter', opts: options('fr', 'letter', { kind: 'class', classId: response.classes[0]!.id }) },
  ];
  const rows: { label: string; timing: Timing; bytes: number; pages: number }[] = [];
  for (const { label, opts } of cases) {
    console.log(`• ${label}: ${runs} run(s)…`);
    const timing = await measure(produce(opts), runs, 120_000);
    // Pages counted after the timing, from the last run's file.
    const pages = (await PDFDocument.load(last)).getPageCount();
    rows.push({ label, timing, bytes, pages });
  }
  const school1 = rows[0]!;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const markdown = `
Measured by \`npm run bench:pdf\` (local/bench/pdf-bench.ts) on ${machineLine()}.

Data: the benchmark demo school (${families} families): ${response.students.length} students, ${response.parents.length} parents, ${response.staff.length} staff, ${response.classes.length} classes, ${response.committees.length} committees, as GET /api/directory sends it to the demo parent (visibility rule applied). Timed: from the response to the PDF's bytes (index, layout, pdf-lib with the app's Open Sans subsetted), in Node, as the browser runs it after the audit call; the lazy chunk's download and parsing are not included.

| Printout | p50 | p95 | min | max | runs | Size | Pages |
|---|---|---|---|---|---|---|---|
${rows.map((r) => `| ${r.label} | ${ms(r.timing.p50)} | ${ms(r.timing.p95)} | ${ms(r.timing.min)} | ${ms(r.timing.max)} | ${r.timing.runs} | ${kb(r.bytes)} | ${r.pages} |`).join('\n')}

Targets for the whole school at ${families} families (set for 1,000): under 5 s: **${met(school1.timing.p50 < TARGET_MS)}** (${ms(school1.timing.p50)} p50); under 2 MB: **${met(school1.bytes < TARGET_BYTES)}** (${kb(school1.bytes)}).
`;
  console.log(markdown);
  if (write) {
    const file = path.resolve('docs/benchmarks.md');
    const title = writeSection(file, 'PDF directory', markdown);
    console.log(`• Wrote the "${title}" section of ${path.relative(process.cwd(), file)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
