import {
  PDFDocument,
  PageSizes,
  beginText,
  endText,
  rgb,
  setFillingGrayscaleColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  type PDFFont,
  type PDFName,
  type PDFPage,
} from 'pdf-lib';
import type { PaperSize, PrintDocument, PrintLine, PrintStyle } from './print-layout';
import { printFontkit } from './print-fontkit';

/**
 * Draws a PrintDocument (print-layout.ts) into a real PDF with pdf-lib: text drawn as text in an embedded,
 * subsetted font (Open Sans, the app's own, which carries every French letter), so it is selectable and
 * searchable; a footer and the page number on every page. Runs in the browser and in Node (tests, bench).
 */

export interface PrintFonts {
  /** WOFF2 or TrueType bytes of the regular and bold faces. */
  regular: Uint8Array;
  bold: Uint8Array;
}

const PAPER: Record<PaperSize, [number, number]> = { letter: PageSizes.Letter, a4: PageSizes.A4 };
const MARGIN = 54;
const FOOTER_Y = 30;
const INDENT = 14;
const GREY_LEVEL = 0.33;
const GREY = rgb(GREY_LEVEL, GREY_LEVEL, GREY_LEVEL);

interface StyleSpec {
  size: number;
  bold: boolean;
  grey: boolean;
  /** Space above the line, in points. */
  before: number;
}
const STYLES: Record<PrintStyle, StyleSpec> = {
  part: { size: 17, bold: true, grey: false, before: 0 },
  heading: { size: 12.5, bold: true, grey: false, before: 10 },
  strong: { size: 10, bold: true, grey: false, before: 5 },
  body: { size: 10, bold: false, grey: false, before: 1 },
  detail: { size: 9, bold: false, grey: true, before: 0 },
};
const LEADING = 1.3;

/** Text widths from per-character advances, measured once per font: laying out every line with fontkit is slow. */
function widthMeter(font: PDFFont): (text: string, size: number) => number {
  const advances = new Map<string, number>();
  return (text, size) => {
    let total = 0;
    for (const char of text) {
      let advance = advances.get(char);
      if (advance === undefined) {
        advance = font.widthOfTextAtSize(char, 1000);
        advances.set(char, advance);
      }
      total += advance;
    }
    return (total * size) / 1000;
  };
}

/**
 * Splits a text into lines no wider than `width`, at spaces; a word longer than a line is cut. Widths add up
 * (no kerning: print-fontkit.ts), so each word is measured once.
 */
export function wrapText(text: string, width: number, measure: (text: string) => number): string[] {
  if (measure(text) <= width) return [text];
  const lines: string[] = [];
  const space = measure(' ');
  let current = '';
  let currentWidth = 0;
  for (let word of text.split(' ')) {
    let wordWidth = measure(word);
    if (current && currentWidth + space + wordWidth <= width) {
      current += ` ${word}`;
      currentWidth += space + wordWidth;
      continue;
    }
    if (current) lines.push(current);
    while (wordWidth > width && word.length > 1) {
      let cut = word.length - 1;
      while (cut > 1 && measure(word.slice(0, cut)) > width) cut--;
      lines.push(word.slice(0, cut));
      word = word.slice(cut);
      wordWidth = measure(word);
    }
    current = word;
    currentWidth = wordWidth;
  }
  lines.push(current);
  return lines;
}

interface Placed {
  text: string;
  look: StyleSpec;
  x: number;
  height: number;
}

/**
 * Text is written with pdf-lib's content-stream operators rather than `page.drawText`, which looks the font up in
 * the page's resources on every call: a 1,000-family directory draws some 40,000 lines.
 */
class PageWriter {
  private page: PDFPage | undefined;
  private fontKeys: { regular: PDFName; bold: PDFName } | undefined;
  private y = 0;
  private readonly width: number;
  private readonly height: number;

  constructor(
    private readonly pdf: PDFDocument,
    paper: PaperSize,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {
    [this.width, this.height] = PAPER[paper];
  }

  get usableHeight(): number {
    return this.height - MARGIN - (FOOTER_Y + 24);
  }

  get remaining(): number {
    return this.page ? this.y - (FOOTER_Y + 24) : 0;
  }

  newPage(): PDFPage {
    const page = this.pdf.addPage([this.width, this.height]);
    this.fontKeys = {
      regular: page.node.newFontDictionary(this.fonts.regular.name, this.fonts.regular.ref),
      bold: page.node.newFontDictionary(this.fonts.bold.name, this.fonts.bold.ref),
    };
    this.page = page;
    this.y = this.height - MARGIN;
    return page;
  }

  /** The lines of one print line, wrapped to the page's width at its indent. */
  place(line: PrintLine, measure: (font: PDFFont) => (text: string, size: number) => number): Placed[] {
    const look = STYLES[line.style];
    const font = look.bold ? this.fonts.bold : this.fonts.regular;
    const x = MARGIN + (line.indent ?? 0) * INDENT;
    const width = this.width - MARGIN - x;
    const meter = measure(font);
    return wrapText(line.text, width, (text) => meter(text, look.size)).map((text, i) => ({
      text,
      look,
      x,
      height: look.size * LEADING + (i === 0 ? look.before : 0),
    }));
  }

  draw(placed: Placed): void {
    if (!this.page || this.remaining < placed.height) this.newPage();
    this.y -= placed.height;
    const { look } = placed;
    const font = look.bold ? this.fonts.bold : this.fonts.regular;
    this.page!.pushOperators(
      beginText(),
      setFillingGrayscaleColor(look.grey ? GREY_LEVEL : 0),
      setFontAndSize(look.bold ? this.fontKeys!.bold : this.fontKeys!.regular, look.size),
      setTextMatrix(1, 0, 0, 1, placed.x, this.y + look.size * (LEADING - 1)),
      showText(font.encodeText(placed.text)),
      endText(),
    );
  }

  drawCentered(text: string, y: number, size: number, bold: boolean): void {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const width = font.widthOfTextAtSize(text, size);
    this.page!.drawText(text, { x: Math.max(MARGIN, (this.width - width) / 2), y, size, font });
  }

  get pageHeight(): number {
    return this.height;
  }
}

function drawCover(writer: PageWriter, document: PrintDocument): void {
  writer.newPage();
  const top = writer.pageHeight * 0.62;
  const { cover } = document;
  writer.drawCentered(cover.school, top, 24, true);
  writer.drawCentered(cover.title, top - 40, 18, false);
  writer.drawCentered(cover.scope, top - 70, 14, false);
  if (cover.year) writer.drawCentered(cover.year, top - 110, 12, false);
  writer.drawCentered(cover.updated, top - 130, 12, false);
}

function drawFooters(pdf: PDFDocument, document: PrintDocument, font: PDFFont): void {
  const pages = pdf.getPages();
  pages.forEach((page, i) => {
    const label = document.pageLabel(i + 1, pages.length);
    const size = 8;
    page.drawText(document.footer, { x: MARGIN, y: FOOTER_Y, size, font, color: GREY, maxWidth: page.getWidth() - 2 * MARGIN - 80 });
    page.drawText(label, { x: page.getWidth() - MARGIN - font.widthOfTextAtSize(label, size), y: FOOTER_Y, size, font, color: GREY });
  });
}

/** The PDF file's bytes. */
export async function renderPrintDocument(document: PrintDocument, fonts: PrintFonts, now: Date = new Date()): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(printFontkit);
  const [regular, bold] = await Promise.all([
    pdf.embedFont(fonts.regular, { subset: true }),
    pdf.embedFont(fonts.bold, { subset: true }),
  ]);
  pdf.setTitle(document.documentTitle, { showInWindowTitleBar: true });
  pdf.setLanguage(document.lang === 'fr' ? 'fr-CA' : 'en-CA');
  pdf.setCreationDate(now);
  pdf.setModificationDate(now);
  pdf.setProducer('pdf-lib');

  const meters = new Map<PDFFont, (text: string, size: number) => number>();
  const measure = (font: PDFFont) => {
    let meter = meters.get(font);
    if (!meter) meters.set(font, (meter = widthMeter(font)));
    return meter;
  };
  const writer = new PageWriter(pdf, document.paper, { regular, bold });
  drawCover(writer, document);
  for (const block of document.blocks) {
    const placed = block.lines.flatMap((line) => writer.place(line, measure));
    const height = placed.reduce((sum, p) => sum + p.height, 0);
    // A block starts a page when asked, or when it would be split but fits whole on a fresh page.
    if (block.newPage || (height > writer.remaining && height <= writer.usableHeight)) writer.newPage();
    for (const line of placed) writer.draw(line);
  }
  drawFooters(pdf, document, regular);
  return pdf.save();
}
