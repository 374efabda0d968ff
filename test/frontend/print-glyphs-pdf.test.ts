import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getDocumentProxy } from 'unpdf';
import { afterAll, describe, expect, it } from 'vitest';
import { printFontBytes } from '../../frontend/build/font-files';
import { buildDirectoryIndex } from '../../frontend/src/lib/directory/directory-index';
import { printLayout, printedTexts, type PrintDocument } from '../../frontend/src/lib/directory-pdf/print-layout';
import { renderPrintDocument } from '../../frontend/src/lib/directory-pdf/print-render';
import { printTranslator } from '../../frontend/src/lib/directory-pdf/print-translator';
import { buildDirectoryResponse } from '../../lambdas/directory/directory-service';
import { generateSchool } from '../../local/demo/generate-school';

/**
 * Every character the printable directory and the paper letters can print leaves ink where the PDF's text layer
 * says it is (issue 31: every lowercase 'y' printed blank while copying the text gave it back). The pages are
 * drawn by two independent PDF renderers, poppler's pdftoppm (the 'poppler-utils' package) and Ghostscript (the
 * 'ghostscript' package; both installed by .ci/run), and the characters' places are read from the text layer with
 * PDF.js (unpdf): a character must leave ink in both drawings.
 */

/** What a name, an address or a translated sentence can hold: the font's Latin-1 and French typography. */
const LATIN = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).join('');
const LATIN_1 = Array.from({ length: 0xff - 0xa1 + 1 }, (_, i) => String.fromCharCode(0xa1 + i))
  .filter((char) => char !== '\u00ad') // the soft hyphen, invisible by definition
  .join('');
const TYPOGRAPHY = 'Œœ«»‘’“”–—·…€•';

/** ...and whatever the demo school's printouts actually hold, in both languages (names, labels, footers). */
const school = generateSchool({ families: 40 });
const index = buildDirectoryIndex(buildDirectoryResponse(school, { parentIds: new Set([school.accounts.parent.personId]), staff: false }));
const layout = (lang: 'fr' | 'en') =>
  printLayout(index, { scope: { kind: 'school' }, lang, paper: 'letter', viewerName: 'Ève', day: '2026-11-26', t: printTranslator(lang) });

function demoCharacters(): string {
  return (['fr', 'en'] as const)
    .flatMap((lang) => {
      const document = layout(lang);
      return [...printedTexts(document), document.footer, document.pageLabel(12, 34)];
    })
    .join('');
}

const characters = [...new Set([...LATIN, ...LATIN_1, ...TYPOGRAPHY, ...demoCharacters()])].filter((char) => char.trim() !== '');

/** A document of one character per line, in the regular face (body) and the bold one (strong). */
function glyphSheet(): PrintDocument {
  return {
    ...layout('fr'),
    blocks: [
      { lines: characters.map((text) => ({ text, style: 'body' as const })) },
      { lines: characters.map((text) => ({ text, style: 'strong' as const })) },
    ],
  };
}

const work = mkdtempSync(path.join(tmpdir(), 'print-glyphs-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const DPI = 216;
const SCALE = DPI / 72;

type Renderer = 'pdftoppm' | 'gs';

/** The command that draws one page of `file` as a greyscale bitmap (PGM) at `output`. */
function renderCommand(renderer: Renderer, file: string, page: number, output: string): [string, string[]] {
  if (renderer === 'pdftoppm') {
    return ['pdftoppm', ['-gray', '-r', String(DPI), '-f', String(page), '-l', String(page), '-singlefile', file, output.replace(/\.pgm$/, '')]];
  }
  const pageArgs = [`-dFirstPage=${page}`, `-dLastPage=${page}`];
  return ['gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pgmraw', `-r${DPI}`, ...pageArgs, `-sOutputFile=${output}`, file]];
}

/** A page as `renderer` draws it: a greyscale bitmap (PGM, one byte per pixel; comment lines allowed). */
function rasterize(renderer: Renderer, file: string, page: number): { width: number; height: number; pixels: Uint8Array } {
  const output = path.join(work, `${renderer}-page-${page}.pgm`);
  const [command, args] = renderCommand(renderer, file, page, output);
  execFileSync(command, args);
  const data = readFileSync(output);
  const header = /^P5\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.subarray(0, 200).toString('latin1'))!;
  return { width: Number(header[1]), height: Number(header[2]), pixels: data.subarray(header[0].length) };
}

interface Placed {
  char: string;
  page: number;
  x: number;
  baseline: number;
  width: number;
  size: number;
}

/** Where the text layer (PDF.js) puts each one-character line. */
async function placedCharacters(bytes: Uint8Array): Promise<Placed[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const placed: Placed[] = [];
  for (let page = 1; page <= pdf.numPages; page++) {
    const { items } = await (await pdf.getPage(page)).getTextContent();
    for (const item of items) {
      // PDF.js gives compatibility characters in their NFKC form ('µ', the micro sign, as the Greek 'μ').
      if (!('str' in item)) continue;
      const char = characters.includes(item.str) ? item.str : characters.find((c) => c !== c.normalize('NFKC') && c.normalize('NFKC') === item.str);
      if (!char) continue;
      const [, , , size, x, baseline] = item.transform as number[];
      placed.push({ char, page, x: x!, baseline: baseline!, width: item.width, size: size! });
    }
  }
  return placed;
}

/** Dark pixels inside a character's box: its advance across, from below its descender to above its accents. */
function inkOf(bitmap: ReturnType<typeof rasterize>, pageHeight: number, placed: Placed): number {
  const left = Math.floor(placed.x * SCALE);
  const right = Math.ceil((placed.x + placed.width) * SCALE);
  const top = Math.floor((pageHeight - placed.baseline - placed.size * 0.95) * SCALE);
  const bottom = Math.ceil((pageHeight - placed.baseline + placed.size * 0.28) * SCALE);
  let ink = 0;
  for (let y = Math.max(0, top); y < Math.min(bitmap.height, bottom); y++) {
    for (let x = Math.max(0, left); x < Math.min(bitmap.width, right); x++) if (bitmap.pixels[y * bitmap.width + x]! < 128) ink++;
  }
  return ink;
}

describe('printed characters leave ink (pdftoppm and Ghostscript)', () => {
  it('draws every character the app can print, in the regular and the bold face, where the text layer puts it', async () => {
    const bytes = await renderPrintDocument(glyphSheet(), printFontBytes());
    const file = path.join(work, 'glyphs.pdf');
    writeFileSync(file, bytes);
    const placed = await placedCharacters(bytes);
    // Each character twice (regular and bold): the text layer found them all.
    expect(characters.filter((char) => placed.filter((p) => p.char === char).length !== 2)).toEqual([]);
    const pageHeight = 792;
    for (const renderer of ['pdftoppm', 'gs'] as const) {
      const blank: string[] = [];
      for (const page of [...new Set(placed.map((p) => p.page))]) {
        const bitmap = rasterize(renderer, file, page);
        for (const p of placed.filter((q) => q.page === page)) if (inkOf(bitmap, pageHeight, p) < 4) blank.push(p.char);
      }
      expect({ renderer, blank }).toEqual({ renderer, blank: [] });
    }
  });
});
