import { PDFDocument, PageSizes, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { LettersResponse, PaperLetter } from '@shared/contracts/annual-update-letters-api';
import type { Address, Language } from '@shared/schemas/common';
import { formatLongDate } from '@shared/format/long-date';
import { formatPhone } from '@shared/format/phone';
import { printFontkit } from '../directory-pdf/print-fontkit';
import { wrapText, type PrintFonts } from '../directory-pdf/print-render';

/**
 * The paper letters (docs/annual-update.md, "Paper letters"): one US Letter page per parent without an email, in
 * the parent's language, with the school's name, the parent's name and address (for a window envelope), a short
 * explanation, the deadline (a long date: « le 19 décembre 2026 »), the QR code of the personal link and the short code with the address to type it at.
 * Text is real text in the app's own Open Sans (print-render.ts), so it can be searched and read back.
 */

/** A QR code as an SVG path of its dark modules, in module units, on a square of `size` modules. */
export interface QrPath {
  size: number;
  path: string;
}

export type LetterTranslate = (language: Language) => (key: string, options?: Record<string, unknown>) => string;

const MARGIN = 72;
const QR_SIDE = 140;
const INK = rgb(0.1, 0.1, 0.1);
const GREY = rgb(0.35, 0.35, 0.35);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Writes lines down a page from the top margin. */
class LetterPage {
  private y: number;
  private readonly width: number;

  constructor(
    private readonly page: PDFPage,
    private readonly fonts: Fonts,
  ) {
    this.y = page.getHeight() - MARGIN;
    this.width = page.getWidth() - 2 * MARGIN;
  }

  text(text: string, options: { size?: number; bold?: boolean; gap?: number; color?: ReturnType<typeof rgb> } = {}): void {
    const size = options.size ?? 11;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    for (const line of wrapText(text, this.width, (t) => font.widthOfTextAtSize(t, size))) {
      this.y -= size * 1.35;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: options.color ?? INK });
    }
    this.y -= options.gap ?? 0;
  }

  space(points: number): void {
    this.y -= points;
  }

  qr(qr: QrPath): void {
    // The quiet zone a scanner needs (4 modules) is blank paper around the code; drawSvgPath's origin is the top
    // left corner, its y axis pointing down like the SVG's.
    const scale = QR_SIDE / qr.size;
    const quiet = 4 * scale;
    this.y -= quiet;
    this.page.drawSvgPath(qr.path, { x: MARGIN + quiet, y: this.y, scale, color: rgb(0, 0, 0), borderWidth: 0 });
    this.y -= QR_SIDE + quiet;
  }
}

// Canada Post's layout: city, province and postal code on the last line (docs/annual-update.md).
const cityLine = ({ city, postalCode }: Address) => `${city} QC  ${postalCode}`;

function addressLines(letter: PaperLetter): string[] {
  const name = `${letter.firstName} ${letter.lastName}`;
  if (!letter.address) return [name];
  return [name, letter.address.street, cityLine(letter.address)];
}

/**
 * The sender (the school, with its return address when the settings have one), the recipient for the window, the
 * day the letter was printed, then the letter (a trial's letter had neither a date nor a return address).
 */
function drawLetter(page: LetterPage, letter: PaperLetter, data: LettersResponse, qr: QrPath, t: ReturnType<LetterTranslate>): void {
  const school = data.school.address;
  page.text(data.school.name, { size: 16, bold: true, gap: school ? 4 : 18 });
  if (school) page.text(`${school.street}, ${cityLine(school)}`, { size: 9, color: GREY, gap: 14 });
  for (const line of addressLines(letter)) page.text(line);
  page.space(12);
  page.text(t('annualUpdate.letters.pdf.date', { date: formatLongDate(data.generatedAt, letter.language) }));
  page.space(12);
  page.text(t('annualUpdate.letters.pdf.title', { schoolYear: data.campaign.schoolYear }), { size: 13, bold: true, gap: 10 });
  page.text(t('annualUpdate.letters.pdf.greeting', { name: `${letter.firstName} ${letter.lastName}` }), { gap: 6 });
  page.text(t('annualUpdate.letters.pdf.body'), { gap: 6 });
  if (data.campaign.deadline) {
    page.text(t('annualUpdate.letters.pdf.deadline', { date: formatLongDate(data.campaign.deadline, letter.language) }), { bold: true, gap: 6 });
  }
  page.space(6);
  page.text(t('annualUpdate.letters.pdf.scan'));
  page.qr(qr);
  page.text(t('annualUpdate.letters.pdf.type', { url: letter.codePageUrl }), { gap: 6 });
  page.text(letter.code, { size: 24, bold: true, gap: 12 });
  page.text(t('annualUpdate.letters.pdf.personal', { date: formatLongDate(letter.expiresOn, letter.language) }), { size: 10, color: GREY, gap: 6 });
  page.text(t('annualUpdate.letters.pdf.contact'), { size: 10, color: GREY });
  const phone = data.school.contactPhone ? formatPhone(data.school.contactPhone) : undefined;
  const details = [phone, data.school.contactEmail].filter(Boolean).join(' · ');
  if (details) page.text(t('annualUpdate.letters.pdf.contactDetails', { details }), { size: 10, color: GREY });
}

/** The PDF's bytes: one page per letter, in the order given (by name). */
export async function renderLetters(
  data: LettersResponse,
  fonts: PrintFonts,
  qrOf: (url: string) => QrPath,
  translate: LetterTranslate,
  uiLanguage: Language,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(printFontkit);
  const [regular, bold] = await Promise.all([
    pdf.embedFont(fonts.regular, { subset: true }),
    pdf.embedFont(fonts.bold, { subset: true }),
  ]);
  pdf.setTitle(translate(uiLanguage)('annualUpdate.letters.pdf.documentTitle', { schoolYear: data.campaign.schoolYear }));
  pdf.setLanguage(uiLanguage === 'fr' ? 'fr-CA' : 'en-CA');
  pdf.setProducer('pdf-lib');
  for (const letter of data.letters) {
    const page = new LetterPage(pdf.addPage(PageSizes.Letter), { regular, bold });
    drawLetter(page, letter, data, qrOf(letter.url), translate(letter.language));
  }
  return pdf.save();
}
