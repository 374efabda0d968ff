import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../test/support/browser';

/**
 * Draws the app icons (frontend/public/icons/*.png) from our own SVG (frontend/public/icons/icon.svg) with the system
 * Chromium: `npx tsx frontend/build/render-icons.ts`, then commit the PNGs. Run it again only when the SVG
 * changes; the build copies the committed files (docs/frontend.md, "Installable app").
 */
const svg = readFileSync(fileURLToPath(new URL('../public/icons/icon.svg', import.meta.url)), 'utf8');
const out = (name: string) => fileURLToPath(new URL(`../public/icons/${name}`, import.meta.url));

const SIZES = [
  { name: 'icon-192.png', size: 192 },
  { name: 'icon-512.png', size: 512 },
  { name: 'apple-touch-icon.png', size: 180 },
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
try {
  for (const { name, size } of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const body = svg.replace('width="512" height="512"', `width="${size}" height="${size}"`);
    await page.setContent(`<html><body style="margin:0">${body}</body></html>`);
    writeFileSync(out(name), await page.screenshot({ clip: { x: 0, y: 0, width: size, height: size }, omitBackground: false }));
    await page.close();
  }
} finally {
  await browser.close();
}
