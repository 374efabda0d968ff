import type { LettersResponse } from '@shared/contracts/annual-update-letters-api';
import type { Language } from '@shared/schemas/common';
import { printFonts } from '../directory-pdf/generate-pdf';
import { renderLetters, type LetterTranslate } from './letters-render';
import { qrPathOf } from './qr-path';

/**
 * The paper letters' PDF in the browser: the entry of a lazy chunk (pdf-lib, fontkit and qrcode.react load only
 * when an administrator downloads letters), one page per letter, with its QR code (qr-path.ts).
 */
export async function createLettersPdf(data: LettersResponse, translate: LetterTranslate, uiLanguage: Language): Promise<Blob> {
  const bytes = await renderLetters(data, await printFonts(), qrPathOf, translate, uiLanguage);
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
}

/** Called when the letters panel shows letters to print: the chunk and the fonts are ready before the click. */
export function prepareLetters(): void {
  printFonts().catch(() => undefined);
}
