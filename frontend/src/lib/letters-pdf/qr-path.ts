import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { QRCodeSVG } from 'qrcode.react';
import type { QrPath } from './letters-render';

/**
 * A letter's QR code: qrcode.react (installed for the app) renders it once off screen as SVG; its dark modules are
 * one path, which the letters' PDF draws as vector art (docs/decisions/paper-letters-qr-codes-from-qrcode-react-pdf-in-the.md). Error correction M, no margin (the page
 * leaves the quiet zone).
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
