import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument } from 'pdf-lib';

/**
 * The fontkit given to pdf-lib (`registerFontkit`) for the printable directory (docs/decisions.md, "Printable
 * directory: a PDF built in the browser"): @pdf-lib/fontkit, pinned at 1.1.1, with three changes to each font
 * it opens. They rely on fontkit's internals, so a version bump must re-run test/frontend/directory-pdf.test.ts.
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
  glyphForCodePoint(codePoint: number): unknown;
  layout(text: string): { glyphs: unknown[] };
}

/**
 * 2. One glyph per character, from the font's character map: all pdf-lib reads of a layout (its glyphs), without
 * fontkit's shaping engine, which made a 1,000-family directory take tens of seconds. Latin text loses only
 * kerning and the fi/fl ligatures; the text layer then holds exactly the characters written, which search and
 * copy prefer.
 */
function plainLayout(font: PlainLayoutFont): void {
  const glyphs = new Map<number, unknown>();
  const glyphOf = (codePoint: number) => {
    let glyph = glyphs.get(codePoint);
    if (glyph === undefined) glyphs.set(codePoint, (glyph = font.glyphForCodePoint(codePoint)));
    return glyph;
  };
  font.layout = (text) => ({ glyphs: Array.from(text, (char) => glyphOf(char.codePointAt(0)!)) });
}

/** fontkit's own Buffer class (a Uint8Array): its streams accept no other. */
interface Buffer8 {
  length: number;
  slice(start?: number, end?: number): Buffer8;
}
interface PathCommand {
  command: string;
  args: number[];
}
interface GlyphPath {
  commands: PathCommand[];
  bbox: { minX: number; minY: number; maxX: number; maxY: number };
}
interface SubsetInternals {
  font: { getGlyph(gid: number): { path: GlyphPath; advanceWidth: number; _getMetrics(): { leftBearing: number } } };
  glyphEncoder: { encodeSimple(path: GlyphPath, instructions: number[]): Buffer8 };
  glyf: Buffer8[];
  loca: { offsets: number[] };
  hmtx: { metrics: { advance: number; bearing: number }[] };
  offset: number;
  _addGlyph(gid: number): number;
}

/** A tiny path, encoded only to get an empty buffer of fontkit's Buffer class. */
const DOT: GlyphPath = {
  commands: [{ command: 'moveTo', args: [0, 0] }, { command: 'lineTo', args: [1, 1] }],
  bbox: { minX: 0, minY: 0, maxX: 1, maxY: 1 },
};

/**
 * 3. Subsets of a WOFF2 font (the app's own font files: frontend/build/font-files.ts). fontkit reads WOFF2, but
 * its TrueType subsetter copies each glyph's bytes from the raw `glyf` table, which WOFF2 stores transformed,
 * and fails. Each glyph is written again from its decoded outline instead: a simple glyph (composite accented
 * letters are flattened, which a PDF does not mind), without hinting instructions (they only matter on
 * low-resolution screens).
 */
function addOutlineGlyph(this: SubsetInternals, gid: number): number {
  const glyph = this.font.getGlyph(gid);
  const { path } = glyph;
  const buffer =
    path.commands.length > 0 ? this.glyphEncoder.encodeSimple(path, []) : this.glyphEncoder.encodeSimple(DOT, []).slice(0, 0);
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
