import { bold, regular } from 'virtual:print-fonts';
import type { DirectoryIndex } from '../directory/directory-index';
import type { PrintAuditRequest } from '@shared/contracts/directory-print-api';
import { recordDirectoryPrint } from './print-audit-client';
import { printFontCache } from './print-font-cache';
import { pdfFileName } from './print-file-name';
import { printLayout, type PrintOptions, type Translate } from './print-layout';
import { renderPrintDocument } from './print-render';

/**
 * The printable directory in the browser: the entry of its lazy chunk (pdf-lib and fontkit load only when someone
 * prints). Fonts are the app's own Open Sans files (frontend/build/font-files.ts `printFonts`), usually already
 * in the browser's cache, and kept in memory once read (print-font-cache.ts).
 */
export const printFonts = printFontCache({ regular, bold });

/**
 * Called as the print form opens (this chunk is then loading too): the fonts are read while the person chooses, so
 * the click finds the chunk and the fonts ready. A failure here is left to the click, which asks again and says it.
 */
export function preparePrint(): void {
  printFonts().catch(() => undefined);
}

export async function createDirectoryPdf(index: DirectoryIndex, options: PrintOptions): Promise<Blob> {
  const bytes = await renderPrintDocument(printLayout(index, options), await printFonts());
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
}

/**
 * One printout, as the screen runs it: the audit first (a refused request produces no file), then the PDF from the
 * directory copy the browser holds, for the name and day the server answered.
 */
export async function printDirectory(
  apiBaseUrl: string,
  index: DirectoryIndex,
  request: PrintAuditRequest,
  t: Translate,
): Promise<{ blob: Blob; fileName: string }> {
  // The fonts load alongside the audit call (usually they are in memory already: preparePrint); the audit's
  // refusal is what the person reads, so a font failure waits for the PDF, which asks again.
  preparePrint();
  const { preparedFor, day } = await recordDirectoryPrint(apiBaseUrl, request);
  const blob = await createDirectoryPdf(index, { ...request, viewerName: preparedFor, day, t });
  const scope =
    request.scope.kind === 'school'
      ? t('directory.pdf.doc.scopeSchool')
      : (index.directory.classes.find((c) => c.id === (request.scope as { classId: string }).classId)?.name ?? '');
  return { blob, fileName: pdfFileName(t('directory.pdf.fileName'), scope, day) };
}
