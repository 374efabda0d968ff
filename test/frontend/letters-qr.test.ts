// @vitest-environment jsdom
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { qrPathOf } from '../../frontend/src/lib/letters-pdf/qr-path';

/**
 * The QR code printed on a paper letter (docs/annual-update.md, "Paper letters") is the path the PDF draws: here it
 * is painted into a bitmap (with the quiet zone the page leaves around it) and read back by a QR decoder, as a
 * phone's camera would, to the letter's own update link.
 */
const SCALE = 6;
const QUIET = 4;

/** Paints qrcode.react's path (`M x y h n v 1 H x z` runs of dark modules, `M x,y h…` at a row's end) into an image. */
function paint({ size, path }: { size: number; path: string }): { data: Uint8ClampedArray; width: number } {
  const dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const runs = [...path.matchAll(/M(\d+)[ ,](\d+) ?h(\d+)v1H\d+z/g)];
  // Every run of the path understood: a module left out would make the test pass or fail for the wrong reason.
  expect(runs.length).toBe(path.split('z').length - 1);
  for (const run of runs) {
    const [x, y, length] = [Number(run[1]), Number(run[2]), Number(run[3])];
    for (let i = 0; i < length; i++) dark[y]![x + i] = true;
  }
  const width = (size + 2 * QUIET) * SCALE;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let py = 0; py < width; py++) {
    for (let px = 0; px < width; px++) {
      const [mx, my] = [Math.floor(px / SCALE) - QUIET, Math.floor(py / SCALE) - QUIET];
      if (dark[my]?.[mx]) data.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3);
    }
  }
  return { data, width };
}

describe('the paper letter QR code', () => {
  it.each([
    'https://bottin.example/update/ABCDE-FGHJK?lang=fr',
    'https://d1234abcd.cloudfront.net/update/MNPQR-STUVW?lang=en',
  ])('reads back as the letter link %s', (url) => {
    const qr = qrPathOf(url);
    expect(qr.path).toMatch(/^M\d+ \d+h\d+v1H\d+z/);
    const { data, width } = paint(qr);
    expect(jsQR(data, width, width)?.data).toBe(url);
  });

  it('is not read as another link (the decoder is checked, not trusted)', () => {
    const { data, width } = paint(qrPathOf('https://bottin.example/update/ABCDE-FGHJK?lang=fr'));
    expect(jsQR(data, width, width)?.data).not.toBe('https://bottin.example/update/ABCDE-FGHJJ?lang=fr');
    // A blank page holds no code at all.
    expect(jsQR(new Uint8ClampedArray(width * width * 4).fill(255), width, width)).toBeNull();
  });
});
