import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { QRCodeSVG } from 'qrcode.react';
import { bold, regular } from 'virtual:print-fonts';
import type { LettersResponse } from '../../../../shared/annual-update-letters-api';
import type { Language } from '../../../../shared/schemas/common';
import { fontBytes } from '../directory-pdf/generate-pdf';
import { renderLetters, type LetterTranslate, type QrPath } from './letters-render';

/**
 * The paper letters' PDF in the browser: the entry of a lazy chunk (pdf-lib, fontkit and qrcode.react load only
 * when an administrator downloads letters). The QR code comes from qrcode.react (installed for the app), rendered
 * once off screen as SVG: its dark modules are one path, drawn into the PDF as vector art (docs/decisions.md).
 */
export function qrPathOf(url: string): QrPath {
  const host = document.createElement('div');
  const root = createRoot(host);
  try {
    flushSync(() => root.render(createElement(QRCodeSVG, { value: url, level: 'M', marginSize: 0 })));
    const svg = host.querySelector('svg');
    const paths = host.querySelectorAll('path');
    const size = Number(svg?.getAttribute('viewBox')?.split(' ')[2]);
    // The first path is the light background, the last the dark modules.
    const path = paths[paths.length - 1]?.getAttribute('d');
    if (!size || !path || paths.length < 2) throw new Error('QR code not rendered');
    return { size, path };
  } finally {
    root.unmount();
  }
}

export async function createLettersPdf(data: LettersResponse, translate: LetterTranslate, uiLanguage: Language): Promise<Blob> {
  const [regularBytes, boldBytes] = await Promise.all([fontBytes(regular), fontBytes(bold)]);
  const bytes = await renderLetters(data, { regular: regularBytes, bold: boldBytes }, qrPathOf, translate, uiLanguage);
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
}
