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
const MARGIN = 40;
const FOOTER_Y = 24;
/** The columns' bottom: above the footer line. */
const BOTTOM = FOOTER_Y + 18;
/** Two columns: at 9 pt a phone and an email fit one line each, a family reads down without jumping. */
const COLUMNS = 2;
const GUTTER = 20;
const INDENT = 10;
const GREY_LEVEL = 0.33;
const GREY = rgb(GREY_LEVEL, GREY_LEVEL, GREY_LEVEL);
const RULE = rgb(0.75, 0.75, 0.75);

interface StyleSpec {
  size: number;
  bold: boolean;
  grey: boolean;
  /** Space above the line, in points (none at the top of a column). */
  before: number;
}
/** Nothing below 9 pt in the columns (the footer is 8 pt). */
const STYLES: Record<PrintStyle, StyleSpec> = {
  part: { size: 14, bold: true, grey: false, before: 14 },
  heading: { size: 11, bold: true, grey: false, before: 9 },
  strong: { size: 9.5, bold: true, grey: false, before: 6 },
  body: { size: 9, bold: false, grey: false, before: 0.5 },
  detail: { size: 9, bold: false, grey: true, before: 0 },
};
const LEADING = 1.22;
/** A block taller than a column is split, but its first lines (a heading and what follows) stay together. */
const KEEP_LINES = 3;

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
 * Splits a text into lines no wider than `width`, at spaces; a word longer than a line is cut; a line broken after
 * a ' · ' separator drops it. Widths add up
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
      const cut = cutPoint(word, width, measure);
      lines.push(word.slice(0, cut));
      word = word.slice(cut);
      wordWidth = measure(word);
    }
    current = word;
    currentWidth = wordWidth;
  }
  lines.push(current);
  // A list's separator neither ends nor starts a line: 'phone ·' then 'email' reads as 'phone' then 'email', and a
  // separator pushed to the next line (a trial's « · Léo Bernier ») goes too.
  return lines
    .map((line, i) => (i < lines.length - 1 ? line.replace(/ ·$/, '') : line))
    .map((line, i) => (i > 0 ? line.replace(/^· /, '') : line))
    .filter((line, i, all) => line !== '·' || all.length === 1);
}

/**
 * Where a word longer than the line is cut: the longest start that fits, moved back to the last place a reader
 * expects a break, after a hyphen or before « @ » or « . » (« Saint-Hilaire- / Dûrocher », « nom.prenom / @courriel »),
 * when that keeps at least half the line; else where the line ends (a trial's « Laî / né »).
 */
function cutPoint(word: string, width: number, measure: (text: string) => number): number {
  let cut = word.length - 1;
  while (cut > 1 && measure(word.slice(0, cut)) > width) cut--;
  for (let at = cut; at > 1 && measure(word.slice(0, at)) >= width / 2; at--) {
    if (word[at - 1] === '-' || word[at] === '@' || word[at] === '.') return at;
  }
  return cut;
}

interface Placed {
  text: string;
  look: StyleSpec;
  indent: number;
  height: number;
  /** The space above it, dropped at the top of a column. */
  before: number;
}

/**
 * Pages of columns, filled top to bottom then left to right. Text is written with pdf-lib's content-stream
 * operators rather than `page.drawText`, which looks the font up in the page's resources on every call: a
 * 1,000-family directory draws some 30,000 lines.
 */
class ColumnWriter {
  private page: PDFPage | undefined;
  private fontKeys: { regular: PDFName; bold: PDFName } | undefined;
  private column = 0;
  private y = 0;
  private top = 0;
  private atColumnTop = true;
  readonly width: number;
  readonly height: number;
  readonly columnWidth: number;

  constructor(
    private readonly pdf: PDFDocument,
    paper: PaperSize,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {
    [this.width, this.height] = PAPER[paper];
    this.columnWidth = (this.width - 2 * MARGIN - (COLUMNS - 1) * GUTTER) / COLUMNS;
  }

  /** Height of a whole column on a page without the title. */
  get columnHeight(): number {
    return this.height - MARGIN - BOTTOM;
  }

  get remaining(): number {
    return this.page ? this.y - BOTTOM : 0;
  }

  newPage(): PDFPage {
    const page = this.pdf.addPage([this.width, this.height]);
    this.fontKeys = {
      regular: page.node.newFontDictionary(this.fonts.regular.name, this.fonts.regular.ref),
      bold: page.node.newFontDictionary(this.fonts.bold.name, this.fonts.bold.ref),
    };
    this.page = page;
    this.top = this.height - MARGIN;
    this.startColumn(0);
    return page;
  }

  /** Lowers the columns' start on this page (below the first page's title). */
  startColumnsAt(top: number): void {
    this.top = top;
    this.startColumn(0);
  }

  nextColumn(): void {
    if (!this.page || this.column + 1 >= COLUMNS) this.newPage();
    else this.startColumn(this.column + 1);
  }

  private startColumn(column: number): void {
    this.column = column;
    this.y = this.top;
    this.atColumnTop = true;
  }

  /** The lines of one print line, wrapped to the column's width at its indent. */
  place(line: PrintLine, measure: (font: PDFFont) => (text: string, size: number) => number): Placed[] {
    const look = STYLES[line.style];
    const indent = (line.indent ?? 0) * INDENT;
    const meter = measure(look.bold ? this.fonts.bold : this.fonts.regular);
    return wrapText(line.text, this.columnWidth - indent, (text) => meter(text, look.size)).map((text, i) => ({
      text,
      look,
      indent: indent + (i === 0 ? 0 : INDENT / 2),
      height: look.size * LEADING,
      before: i === 0 ? look.before : 0,
    }));
  }

  draw(placed: Placed): void {
    if (!this.page || this.remaining < placed.height + (this.atColumnTop ? 0 : placed.before)) this.nextColumn();
    this.y -= placed.height + (this.atColumnTop ? 0 : placed.before);
    this.atColumnTop = false;
    const { look } = placed;
    const font = look.bold ? this.fonts.bold : this.fonts.regular;
    const x = MARGIN + this.column * (this.columnWidth + GUTTER) + placed.indent;
    this.page!.pushOperators(
      beginText(),
      setFillingGrayscaleColor(look.grey ? GREY_LEVEL : 0),
      setFontAndSize(look.bold ? this.fontKeys!.bold : this.fontKeys!.regular, look.size),
      setTextMatrix(1, 0, 0, 1, x, this.y + look.size * (LEADING - 1)),
      showText(font.encodeText(placed.text)),
      endText(),
    );
  }

  /** Draws a block: in the current column when it fits, else at the top of the next (its first lines at least). */
  drawBlock(placed: Placed[]): void {
    const heightOf = (lines: Placed[]) => lines.reduce((sum, p, i) => sum + p.height + (i === 0 && this.atColumnTop ? 0 : p.before), 0);
    const whole = heightOf(placed);
    const needed = whole <= this.columnHeight ? whole : heightOf(placed.slice(0, KEEP_LINES));
    if (this.page && !this.atColumnTop && needed > this.remaining) this.nextColumn();
    for (const line of placed) this.draw(line);
  }

  drawText(text: string, x: number, y: number, size: number, bold: boolean, color = rgb(0, 0, 0)): void {
    this.page!.drawText(text, { x, y, size, font: bold ? this.fonts.bold : this.fonts.regular, color });
  }
}

/**
 * The first page's title, across the columns: the school, the document and its scope, the school year and the
 * day; a rule below. Returns where the columns start.
 */
function drawTitle(writer: ColumnWriter, document: PrintDocument): number {
  const { cover } = document;
  const page = writer.newPage();
  let y = writer.height - MARGIN - 18;
  writer.drawText(cover.school, MARGIN, y, 18, true);
  y -= 22;
  writer.drawText([cover.title, cover.scope].filter(Boolean).join(' · '), MARGIN, y, 13, false);
  y -= 17;
  writer.drawText([cover.year, cover.updated].filter(Boolean).join(' · '), MARGIN, y, 9, false, GREY);
  y -= 10;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: writer.width - MARGIN, y }, thickness: 0.75, color: RULE });
  writer.startColumnsAt(y - 8);
  return y - 8;
}

/** A thin rule between the columns of every page. */
function drawColumnRules(pdf: PDFDocument, writer: ColumnWriter, firstTop: number): void {
  pdf.getPages().forEach((page, i) => {
    const top = i === 0 ? firstTop : writer.height - MARGIN;
    for (let c = 1; c < COLUMNS; c++) {
      const x = MARGIN + c * (writer.columnWidth + GUTTER) - GUTTER / 2;
      page.drawLine({ start: { x, y: top }, end: { x, y: BOTTOM }, thickness: 0.5, color: RULE });
    }
  });
}

/**
 * The footer on one line: smaller type first, then shortened with « … » (pdf-lib's `maxWidth` wrapped a long name's
 * footer onto a second line 14 pt from the page's edge, where printers cut: a trial's « 2026 » was lost).
 */
export function footerFit(text: string, font: Pick<PDFFont, 'widthOfTextAtSize'>, maxWidth: number): { text: string; size: number } {
  for (const size of [8, 7, 6.5]) if (font.widthOfTextAtSize(text, size) <= maxWidth) return { text, size };
  const size = 6.5;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > maxWidth) cut = cut.slice(0, -1);
  return { text: `${cut.trimEnd()}…`, size };
}

function drawFooters(pdf: PDFDocument, document: PrintDocument, font: PDFFont): void {
  const pages = pdf.getPages();
  pages.forEach((page, i) => {
    const label = document.pageLabel(i + 1, pages.length);
    const size = 8;
    const footer = footerFit(document.footer, font, page.getWidth() - 2 * MARGIN - 80);
    page.drawText(footer.text, { x: MARGIN, y: FOOTER_Y, size: footer.size, font, color: GREY });
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
  const writer = new ColumnWriter(pdf, document.paper, { regular, bold });
  const top = drawTitle(writer, document);
  for (const block of document.blocks) writer.drawBlock(block.lines.flatMap((line) => writer.place(line, measure)));
  drawColumnRules(pdf, writer, top);
  drawFooters(pdf, document, regular);
  return pdf.save();
}
