import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument } from 'pdf-lib';

/**
 * The fontkit given to pdf-lib (`registerFontkit`) for the printable directory (docs/decisions/printable-directory-a-pdf-built-in-the-browser.md, "Printable
 * directory: a PDF built in the browser"): @pdf-lib/fontkit, pinned at 1.1.1, with three changes to each font
 * it opens (the second also drops the characters the font has no glyph for: printableText). They rely on
 * fontkit's internals, so a version bump must re-run test/frontend/directory-pdf and print-glyphs-pdf tests.
 */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

interface GlyphSource {
  getGlyph(id: number, codePoints?: number[]): { codePoints: number[] } | null;
}

/**
 * 1. fontkit caches one glyph object per id, with the characters of its first request. Measuring a composite glyph
 * (`:` is two dots) creates its components without characters; the text layer (pdf-lib's ToUnicode map) would
 * then give such a glyph no character, and a search would miss every `.`. A later request that names the
 * characters fills them in.
 */
function keepCodePoints(font: GlyphSource): void {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph && glyph.codePoints.length === 0 && codePoints.length > 0) glyph.codePoints = codePoints;
    return glyph;
  };
}

interface PlainLayoutFont {
  glyphForCodePoint(codePoint: number): { id: number };
  layout(text: string): { glyphs: unknown[] };
}

/**
 * One character as the font can print it: itself; a plain space for a space the font lacks (the narrow no-break
 * space, a tab, a line break); its letter without the accent when the font has only the letter (« Ÿ » as « Y »);
 * or nothing.
 */
function printableChar(char: string, hasGlyph: (codePoint: number) => boolean): string | undefined {
  if (hasGlyph(char.codePointAt(0)!)) return char;
  if (/\s/u.test(char)) return ' ';
  const base = STROKED_LETTERS[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '');
  return base && base !== char && Array.from(base).every((c) => hasGlyph(c.codePointAt(0)!)) ? base : undefined;
}

/** Letters whose mark is part of the letter (no Unicode decomposition): « Łukasz » prints « Lukasz », not « ukasz ». */
const STROKED_LETTERS: Readonly<Record<string, string>> = {
  Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't', Ŀ: 'L', ŀ: 'l', ẞ: 'SS',
};

/**
 * The text as the font can print it (docs/frontend.md, "Printing the directory"): a character the font has no glyph
 * for (an emoji, a symbol) would print as its empty .notdef glyph, a blank gap; it is dropped, and the spaces
 * around it become one: « Félix 😀 Ouellet » prints « Félix Ouellet ». None is left at either end, after an opening
 * bracket or before a closing one, a comma or a period (« (Classe A ⭐) » prints « (Classe A) »). Every character
 * the font has is kept as it is; a text without missing characters is returned unchanged (spaces included).
 */
export function printableText(text: string, hasGlyph: (codePoint: number) => boolean): string {
  let out = '';
  /** Since the last character kept: none dropped, some dropped with no space around them, or with a space. */
  let gap: 'none' | 'tight' | 'spaced' = 'none';
  for (const char of text.normalize('NFC')) {
    const printable = printableChar(char, hasGlyph);
    if (printable === undefined) {
      if (gap === 'none') gap = /\s$/u.test(out) ? 'spaced' : 'tight';
      out = out.trimEnd();
    } else if (gap !== 'none' && /^\s$/u.test(printable)) {
      gap = 'spaced';
    } else {
      if (gap === 'spaced' && out && !/\p{Ps}$/u.test(out) && !/^[\p{Pe},.]/u.test(printable)) out += ' ';
      gap = 'none';
      out += printable;
    }
  }
  return out;
}

/**
 * 2. One glyph per character, from the font's character map: all pdf-lib reads of a layout (its glyphs, for the
 * text drawn and for its width), without fontkit's shaping engine, which made a 1,000-family directory take tens
 * of seconds. Latin text loses only kerning and the fi/fl ligatures; the text layer then holds exactly the
 * characters written, which search and copy prefer. Every text of the directory and the letters comes through here,
 * so this is where the characters the font cannot draw are dropped (printableText).
 */
function plainLayout(font: PlainLayoutFont): void {
  const glyphs = new Map<number, { id: number }>();
  const glyphOf = (codePoint: number) => {
    let glyph = glyphs.get(codePoint);
    if (glyph === undefined) glyphs.set(codePoint, (glyph = font.glyphForCodePoint(codePoint)));
    return glyph;
  };
  const hasGlyph = (codePoint: number) => glyphOf(codePoint).id !== 0;
  font.layout = (text) => ({ glyphs: Array.from(printableText(text, hasGlyph), (char) => glyphOf(char.codePointAt(0)!)) });
}

/** fontkit's own Buffer class (a Uint8Array): its streams accept no other. */
type Buffer8 = Uint8Array;
interface ContourPoint {
  x: number;
  y: number;
  onCurve: boolean;
}
interface SubsetInternals {
  font: { getGlyph(gid: number): { _getContours(): ContourPoint[][]; advanceWidth: number; _getMetrics(): { leftBearing: number } } };
  glyphEncoder: { encodeSimple(path: unknown, instructions: number[]): Buffer8 };
  glyf: Buffer8[];
  loca: { offsets: number[] };
  hmtx: { metrics: { advance: number; bearing: number }[] };
  offset: number;
  _addGlyph(gid: number): number;
}

/** A tiny path, encoded only to get a buffer of fontkit's Buffer class, whose constructor makes the others. */
const DOT = {
  commands: [{ command: 'moveTo', args: [0, 0] }, { command: 'lineTo', args: [1, 1] }],
  bbox: { minX: 0, minY: 0, maxX: 1, maxY: 1 },
};

const ON_CURVE = 0x01;
const X_SHORT = 0x02;
const Y_SHORT = 0x04;
const X_SAME_OR_POSITIVE = 0x10;
const Y_SAME_OR_POSITIVE = 0x20;

/** One coordinate as a delta from the previous point: its flag bits and its bytes (TrueType `glyf`). */
function delta(value: number, previous: number, short: number, sameOrPositive: number): { flag: number; bytes: number[] } {
  const d = value - previous;
  if (d === 0) return { flag: sameOrPositive, bytes: [] };
  if (Math.abs(d) < 256) return { flag: short | (d > 0 ? sameOrPositive : 0), bytes: [Math.abs(d)] };
  return { flag: 0, bytes: [(d >> 8) & 0xff, d & 0xff] };
}

/**
 * A simple TrueType glyph from its contours (on- and off-curve points, composite glyphs already resolved into
 * their components' points by fontkit), without hinting instructions. Written here because fontkit's own
 * encoder (TTFGlyphEncoder.encodeSimple) drops the repeat count of the last flag run: every glyph whose last
 * points share a flag ('y', 'Þ', '<', '^' in Open Sans) came out unreadable and printed blank.
 * No flag is repeated here: a few bytes more per glyph, in a subset of a hundred glyphs.
 */
export function encodeSimpleGlyph(contours: ContourPoint[][]): Uint8Array {
  const points = contours.flat().map((p) => ({ x: Math.round(p.x), y: Math.round(p.y), onCurve: p.onCurve }));
  if (points.length === 0) return new Uint8Array(0);
  const flags: number[] = [];
  const xs: number[] = [];
  const ys: number[] = [];
  let last = { x: 0, y: 0 };
  for (const point of points) {
    const x = delta(point.x, last.x, X_SHORT, X_SAME_OR_POSITIVE);
    const y = delta(point.y, last.y, Y_SHORT, Y_SAME_OR_POSITIVE);
    flags.push((point.onCurve ? ON_CURVE : 0) | x.flag | y.flag);
    xs.push(...x.bytes);
    ys.push(...y.bytes);
    last = point;
  }
  const ends = contours.reduce<number[]>((acc, contour) => (contour.length ? [...acc, (acc.at(-1) ?? -1) + contour.length] : acc), []);
  const box = [Math.min(...points.map((p) => p.x)), Math.min(...points.map((p) => p.y)), Math.max(...points.map((p) => p.x)), Math.max(...points.map((p) => p.y))];
  const header = [ends.length, ...box, ...ends, 0]; // contours, bounding box, contour ends, no instructions
  const size = header.length * 2 + flags.length + xs.length + ys.length;
  const bytes = new Uint8Array(Math.ceil(size / 4) * 4);
  header.forEach((value, i) => new DataView(bytes.buffer).setInt16(i * 2, value));
  bytes.set([...flags, ...xs, ...ys], header.length * 2);
  return bytes;
}

/**
 * 3. Subsets of a WOFF2 font (the app's own font files: frontend/build/font-files.ts). fontkit reads WOFF2, but
 * its TrueType subsetter copies each glyph's bytes from the raw `glyf` table, which WOFF2 stores transformed,
 * and fails. Each glyph is written again from its decoded points instead (encodeSimpleGlyph): a simple glyph
 * (composite accented letters are flattened, which a PDF does not mind).
 */
function addOutlineGlyph(this: SubsetInternals, gid: number): number {
  const glyph = this.font.getGlyph(gid);
  const bytes = encodeSimpleGlyph(glyph._getContours());
  const FontkitBuffer = this.glyphEncoder.encodeSimple(DOT, []).constructor as new (size: number) => Buffer8;
  const buffer = new FontkitBuffer(bytes.length);
  buffer.set(bytes);
  this.glyf.push(buffer);
  this.loca.offsets.push(this.offset);
  this.hmtx.metrics.push({ advance: glyph.advanceWidth, bearing: glyph._getMetrics().leftBearing });
  this.offset += buffer.length;
  return this.glyf.length - 1;
}

const isWoff2 = (bytes: Uint8Array) => bytes[0] === 0x77 && bytes[1] === 0x4f && bytes[2] === 0x46 && bytes[3] === 0x32; // 'wOF2'

export const printFontkit: Fontkit = {
  create(buffer: Uint8Array, postscriptName?: string) {
    const font = fontkit.create(buffer, postscriptName);
    keepCodePoints(font as unknown as GlyphSource);
    plainLayout(font as unknown as PlainLayoutFont);
    if (isWoff2(buffer)) {
      const createSubset = font.createSubset.bind(font);
      font.createSubset = () => {
        const subset = createSubset();
        (subset as unknown as SubsetInternals)._addGlyph = addOutlineGlyph;
        return subset;
      };
    }
    return font as unknown as ReturnType<Fontkit['create']>;
  },
};
