import fontkit from '@pdf-lib/fontkit';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { printFontBytes } from '../../frontend/build/font-files';
import { buildDirectoryIndex } from '../../frontend/src/lib/directory/directory-index';
import { printFontkit, printableText } from '../../frontend/src/lib/directory-pdf/print-fontkit';
import { printLayout, type PrintOptions } from '../../frontend/src/lib/directory-pdf/print-layout';
import { footerFit, renderPrintDocument, wrapText } from '../../frontend/src/lib/directory-pdf/print-render';
import { formatAddress } from '../../frontend/src/lib/directory/address';
import { printTranslator } from '../../frontend/src/lib/directory-pdf/print-translator';
import { pdfFileName } from '../../frontend/src/lib/directory-pdf/print-file-name';
import { viewerClassId } from '../../frontend/src/lib/directory-pdf/print-scope';
import { buildDirectoryResponse } from '../../lambdas/directory/directory-service';
import { generateSchool, type DemoSchool } from '../../local/demo/generate-school';
import { formatPhone } from '@shared/format/phone';
import type { Parent } from '@shared/schemas/parent';

/**
 * The printable directory (docs/decisions/printable-directory-a-pdf-built-in-the-browser.md, "Printable directory: a PDF built in the browser"), built in Node
 * from a directory response as the server sends it to one viewer, then read back with unpdf (PDF.js): the text a
 * reader can select and search.
 */
const school = generateSchool({ families: 40 });
const fonts = printFontBytes();
const viewer = { parentIds: new Set([school.accounts.parent.personId]), staff: false };
const withChildren = (p: Parent) => school.families.some((f) => f.parentId === p.id);
const full = school.parents.find((p) => p.participation === 'full' && p.phone && withChildren(p) && p.id !== school.accounts.parent.personId)!;
// A parent who opted out while the school still holds a phone for them (e.g. given before): the response omits
// it (shared/rules/visibility.ts), so the printout must not have it either.
const optedOut: Parent = { ...full, participation: 'nameOnly' };
const schoolWithOptOut: DemoSchool = { ...school, parents: school.parents.map((p) => (p.id === full.id ? optedOut : p)) };

const options = (lang: 'fr' | 'en', extra: Partial<PrintOptions> = {}): PrintOptions => ({
  scope: { kind: 'school' },
  lang,
  paper: 'letter',
  viewerName: 'Ève Côté-Lévesque',
  day: '2026-11-26',
  t: printTranslator(lang),
  ...extra,
});

async function pdfOf(input: DemoSchool, opts: PrintOptions) {
  const index = buildDirectoryIndex(buildDirectoryResponse(input, viewer));
  const bytes = await renderPrintDocument(printLayout(index, opts), fonts);
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  const firstPage = await pdf.getPage(1);
  return { bytes, pages: text, all: text.join('\n'), size: firstPage.view.slice(2) };
}

let french: Awaited<ReturnType<typeof pdfOf>>;
let english: Awaited<ReturnType<typeof pdfOf>>;
beforeAll(async () => {
  [french, english] = await Promise.all([pdfOf(school, options('fr')), pdfOf(school, options('en', { paper: 'a4' }))]);
});

describe('printable directory (PDF)', () => {
  it('is a real PDF whose text keeps the French accents, with the cover in the chosen language', () => {
    expect(Buffer.from(french.bytes.slice(0, 5)).toString()).toBe('%PDF-');
    expect(french.pages[0]).toContain('École primaire des Érables');
    expect(french.pages[0]).toContain('Bottin de l\'école');
    expect(french.pages[0]).toContain('Année scolaire 2025-2026');
    // Dates in sentences are long (issue 30 item 7): the cover and the footer, in each document's language.
    expect(french.pages[0]).toContain('À jour au 26 novembre 2026');
    expect(english.pages[0]).toContain('School directory');
    expect(english.pages[0]).toContain('Updated November 26, 2026');
    // Accented names from the data survive the subsetted font and its text layer.
    const accented = school.parents.find((p) => /[éèêëàçôîï]/.test(`${p.firstName}${p.lastName}`) && p.participation !== 'nameOnly')!;
    expect(french.all).toContain(`${accented.firstName} ${accented.lastName}`);
    for (const part of ['Classes', 'Familles de A à Z', 'Personnel par service', 'Comités']) expect(french.all).toContain(part);
    for (const part of ['Families A to Z', 'Staff by department', 'Committees']) expect(english.all).toContain(part);
  });

  it('prints the confidential footer with the viewer\'s name and the page number on every page', () => {
    expect(french.pages.length).toBeGreaterThan(3);
    french.pages.forEach((page, i) => {
      expect(page).toContain('Confidentiel — préparé pour Ève Côté-Lévesque le 26 novembre 2026');
      expect(page).toContain(`Page ${i + 1} de ${french.pages.length}`);
    });
    english.pages.forEach((page, i) => {
      expect(page).toContain('Confidential — prepared for Ève Côté-Lévesque on November 26, 2026');
      expect(page).toContain(`Page ${i + 1} of ${english.pages.length}`);
    });
  });

  it('is Letter by default and A4 when asked', () => {
    expect(french.size.map(Math.round)).toEqual([612, 792]);
    expect(english.size.map(Math.round)).toEqual([595, 842]);
  });

  it('shows a full-participation parent\'s phone, and not the phone of a parent who opted out', async () => {
    expect(french.all).toContain(formatPhone(full.phone!));
    const { all } = await pdfOf(schoolWithOptOut, options('fr'));
    expect(all).toContain(`${full.firstName} ${full.lastName}`);
    expect(all).not.toContain(formatPhone(full.phone!));
    // Under their name, no contact line but the email: no phone, no address (both start with digits).
    const lines = all.split('\n');
    const named = lines.flatMap((line, i) => (line === `${full.firstName} ${full.lastName}` ? [lines[i + 1] ?? ''] : []));
    expect(named.length).toBeGreaterThan(0);
    for (const next of named) expect(next).not.toMatch(/^\d/);
  });

  // A staff member's extension, set through her update link and shown on /staff, was missing: « 514 555-0104 » only.
  // Without a phone of her own, the extension is on the school's line: printed alone, as /staff shows it.
  it("prints a staff member's extension after her phone, in the document's language, and alone without a phone", async () => {
    const member = school.staff.find((s) => s.phone === '5145550104')!;
    const phoneless = school.staff.find((s) => s.id !== member.id)!;
    const withExtensions: DemoSchool = {
      ...school,
      staff: school.staff.map((s) => {
        if (s.id === member.id) return { ...s, extension: '1234' };
        return s.id === phoneless.id ? { ...s, phone: undefined, extension: '97531' } : s;
      }),
    };
    const [fr, en] = await Promise.all([pdfOf(withExtensions, options('fr')), pdfOf(withExtensions, options('en'))]);
    expect(fr.all).toContain('514 555-0104, poste 1234');
    expect(en.all).toContain('514 555-0104, ext. 1234');
    expect(french.all).not.toContain('poste 1234');
    for (const text of [fr.all, en.all]) expect(text).toContain(`${phoneless.firstName} ${phoneless.lastName}`);
    expect(fr.all).toContain('Poste 97531');
    expect(en.all).toContain('Ext. 97531');
  });

  it('prints one class: its students and families only, no other class, staff list or committee', async () => {
    const response = buildDirectoryResponse(school, viewer);
    const [chosen, other] = response.classes;
    const { all } = await pdfOf(school, options('fr', { scope: { kind: 'class', classId: chosen!.id } }));
    const classOf = (c: { id: string }) => school.students.filter((s) => s.classId === c.id);
    expect(all.split('\n').slice(0, 5).join('\n')).toContain(`Bottin de l'école · ${chosen!.name}`);
    for (const student of classOf(chosen!)) expect(all).toContain(`${student.firstName} ${student.lastName}`);
    const names = new Set(classOf(chosen!).map((s) => `${s.firstName} ${s.lastName}`));
    for (const student of classOf(other!).filter((s) => !names.has(`${s.firstName} ${s.lastName}`))) {
      expect(all).not.toContain(`${student.firstName} ${student.lastName}`);
    }
    expect(all).not.toContain(`${other!.name} ·`);
    expect(all).not.toContain('Personnel par service');
    expect(all).not.toContain('Comités');
  });

  it('wraps long lines at spaces and cuts a word longer than the line', () => {
    const measure = (text: string) => text.length;
    expect(wrapText('un deux trois quatre', 9, measure)).toEqual(['un deux', 'trois', 'quatre']);
    expect(wrapText('abcdefghij kl', 4, measure)).toEqual(['abcd', 'efgh', 'ij', 'kl']);
    expect(wrapText('court', 40, measure)).toEqual(['court']);
    // A list's separator does not end a line.
    expect(wrapText('514 555-0104 · nom@ecole.example', 18, measure)).toEqual(['514 555-0104', 'nom@ecole.example']);
    // Nor starts one (« · Léo » in a trial's children line).
    expect(wrapText('Antoine Bernier-Beaudoin · Léo', 24, measure)).toEqual(['Antoine Bernier-Beaudoin', 'Léo']);
  });

  it('cuts a long name after a hyphen and a long address before « @ » or « . », not in a syllable', () => {
    const measure = (text: string) => text.length;
    expect(wrapText('Françoise-Anaïs Beaudoin-Lévesque-Côté-Saint-Hilaire-Dûrocher', 30, measure)).toEqual([
      'Françoise-Anaïs',
      'Beaudoin-Lévesque-Côté-Saint-',
      'Hilaire-Dûrocher',
    ]);
    expect(wrapText('francoise.beaudoin-saint-hilai@courriel.ca', 34, measure)).toEqual(['francoise.beaudoin-saint-hilai', '@courriel.ca']);
    // No such place in the first half of the line: cut where the line ends.
    expect(wrapText('abcdefghij-kl', 8, measure)).toEqual(['abcdefgh', 'ij-kl']);
  });

  it('keeps the footer on one line: smaller, then shortened, never wrapped under the page\'s edge', () => {
    const font = { widthOfTextAtSize: (text: string, size: number) => text.length * size * 0.5 };
    expect(footerFit('Confidentiel — préparé pour Ève le 26 novembre 2026', font, 400)).toEqual({ text: 'Confidentiel — préparé pour Ève le 26 novembre 2026', size: 8 });
    const long = `Confidential — prepared for ${'Félix-Alexandre '.repeat(8)}on November 30, 2026`;
    const fitted = footerFit(long, font, 400);
    expect(fitted.size).toBe(6.5);
    expect(font.widthOfTextAtSize(fitted.text, fitted.size)).toBeLessThanOrEqual(400);
    expect(fitted.text.endsWith('…')).toBe(true);
  });

  it("keeps a printed phone on one line (a trial's committee page split « 579 » and « 555-3617 »)", () => {
    const layout = JSON.stringify(printLayout(buildDirectoryIndex(buildDirectoryResponse(school, viewer)), options('fr')));
    const phone = formatPhone(full.phone!);
    expect(layout).toContain(phone.replace(' ', '\u00a0'));
    expect(layout).not.toContain(phone);
    expect(wrapText(`Ève D'Anjou · ${phone.replace(' ', '\u00a0')}`, 17, (text) => text.length)).toEqual(["Ève D'Anjou", phone.replace(' ', '\u00a0')]);
  });

  it("keeps a printed address's postal code on one line (a trial saw « Montréal H1Y » then « 5M8 »)", () => {
    const measure = (text: string) => text.length;
    const address = formatAddress({ street: '4469, avenue du Mont-Royal Est, app. 1', city: 'Montréal', postalCode: 'h1y5m8' }, true);
    expect(address).toBe('4469, avenue du Mont-Royal Est, app. 1, Montréal H1Y\u00a05M8');
    expect(wrapText(address, 50, measure)).toEqual(['4469, avenue du Mont-Royal Est, app. 1, Montréal', 'H1Y\u00a05M8']);
    // On a screen the copy holds the plain space (the line is kept whole by CSS there).
    expect(formatAddress({ street: '1, rue A', city: 'Laval', postalCode: 'H7N1A1' })).toBe('1, rue A, Laval H7N 1A1');
  });

  it('preselects the class of the viewer\'s children: the first in the school\'s order, none for a viewer without children', () => {
    const response = buildDirectoryResponse(school, viewer);
    const parent = response.parents.find((p) => p.childIndexes.some((s) => response.students[s]!.classIndex !== undefined))!;
    const classes = parent.childIndexes.map((s) => response.students[s]!.classIndex!).filter((c) => c !== undefined);
    expect(viewerClassId(response, new Set([parent.id]))).toBe(response.classes[Math.min(...classes)]!.id);
    const twoClasses = response.parents.find((p) => new Set(p.childIndexes.map((s) => response.students[s]!.classIndex)).size > 1)!;
    const first = Math.min(...twoClasses.childIndexes.map((s) => response.students[s]!.classIndex ?? Infinity));
    expect(viewerClassId(response, new Set([twoClasses.id]))).toBe(response.classes[first]!.id);
    expect(viewerClassId(response, new Set())).toBeUndefined();
    expect(viewerClassId(response, new Set([school.accounts.staff.personId]))).toBeUndefined();
  });

  it('names the file in ASCII with the scope and the day', () => {
    expect(pdfFileName('bottin', 'Toute l\'école', '2026-11-26')).toBe('bottin-toute-l-ecole-2026-11-26.pdf');
    expect(pdfFileName('directory', 'Classe Éole 3', '2026-11-26')).toBe('directory-classe-eole-3-2026-11-26.pdf');
  });
});

/**
 * Characters the embedded Open Sans has no glyph for (an emoji in a name saved from My Profile, a symbol) printed as
 * its empty .notdef glyph: « Félix    Ouellet », a blank gap, in the columns and the footer. They are dropped and
 * the spaces around them become one (print-fontkit.ts, printableText); every character the font has is kept.
 */
describe('characters the fonts cannot draw', () => {
  const faces = { regular: fontkit.create(fonts.regular), bold: fontkit.create(fonts.bold) };
  const ASCII = Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
  const LATIN_1 = Array.from({ length: 0xff - 0xa0 + 1 }, (_, i) => String.fromCharCode(0xa0 + i)).join('');
  const TYPOGRAPHY = 'Œœ«»‘’“”–—·…€•';
  const everyLetter = ASCII + LATIN_1 + TYPOGRAPHY;

  it('keeps every ASCII and Latin-1 character and the French typography, in both faces', () => {
    expect(everyLetter).toContain('abcdefghijklmnopqrstuvwxyz');
    expect(everyLetter).toContain('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    expect(everyLetter).toContain('ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ');
    for (const [face, font] of Object.entries(faces)) {
      const hasGlyph = (codePoint: number) => font.hasGlyphForCodePoint(codePoint);
      expect({ face, text: printableText(everyLetter, hasGlyph) }).toEqual({ face, text: everyLetter });
      const dropped = [...everyLetter].filter((char) => printableText(char, hasGlyph) !== char);
      expect({ face, dropped }).toEqual({ face, dropped: [] });
      // ...and through the font pdf-lib is given: one real glyph (never .notdef) per character.
      const { glyphs } = printFontkit.create(face === 'bold' ? fonts.bold : fonts.regular).layout(everyLetter);
      expect(glyphs.length).toBe([...everyLetter].length);
      expect(glyphs.filter((glyph) => glyph.id === 0)).toEqual([]);
    }
    const hasGlyph = (codePoint: number) => faces.regular.hasGlyphForCodePoint(codePoint);
    for (const text of ['Yvette Ayotte-Lévy', 'Chloé Bœuf « Zoë » l’Écuyer – 5 €', '  deux  espaces  ', ' ']) {
      expect(printableText(text, hasGlyph)).toBe(text);
    }
  });

  it('drops emoji and symbols with the spaces around them, keeps one space between words and none at the ends', () => {
    const hasGlyph = (codePoint: number) => faces.regular.hasGlyphForCodePoint(codePoint);
    const cases: [string, string][] = [
      ['Félix 😀', 'Félix'],
      ['Félix 😀 Ouellet', 'Félix Ouellet'],
      ['Zoé ✨ Ébert', 'Zoé Ébert'],
      ['Zoé ✨  ✨ Ébert', 'Zoé Ébert'],
      ['😀 Félix', 'Félix'],
      ['Fé😀lix', 'Félix'],
      ['Félix😀 Ouellet', 'Félix Ouellet'],
      ['Club ❤️ lecture 👨‍👩‍👧', 'Club lecture'],
      ['✨', ''],
      ['(2e année, Classe A ⭐)', '(2e année, Classe A)'],
      ['12, rue des Érables 🌳, Laval', '12, rue des Érables, Laval'],
      ['( ⭐ Classe A', '(Classe A'],
      ['« 😀 Bonjour »', '« Bonjour »'],
      // What the font lacks but can print another way: a narrow no-break space, a letter with an accent it lacks.
      ['Prix\u202f: 5 $', 'Prix : 5 $'],
      ['Ÿves Ăbel', 'Yves Abel'],
      ['Łukasz Đorđević', 'Lukasz Dordevic'],
      // A name typed with combining accents (macOS) prints its accented letters.
      ['Zoe\u0301 E\u0301bert', 'Zoé Ébert'],
    ];
    expect(cases.map(([text]) => printableText(text, hasGlyph))).toEqual(cases.map(([, printed]) => printed));
  });

  it('prints « Félix 😀 » as « Félix » in the names, class, committee, address and footer, with single spaces', async () => {
    // The demo school has a Félix Ouellet of its own: this parent is a Félix Ouimet, whom it has not.
    expect(french.all).not.toContain('Félix Ouimet');
    const parent = { ...full, firstName: 'Félix 😀', lastName: 'Ouimet', address: { street: '12, rue des Érables 🌳', city: 'Laval', postalCode: 'H7N1A1' } };
    const childId = school.families.find((f) => f.parentId === full.id)!.studentId;
    const child = school.students.find((s) => s.id === childId)!;
    const committee = school.committees[0]!;
    const withEmoji: DemoSchool = {
      ...school,
      parents: school.parents.map((p) => (p.id === full.id ? parent : p)),
      students: school.students.map((s) => (s.id === childId ? { ...s, firstName: 'Zoé ✨', lastName: 'Ébert' } : s)),
      classes: school.classes.map((c) => (c.id === child.classId ? { ...c, name: 'Classe A ⭐' } : c)),
      committees: school.committees.map((c) => (c.id === committee.id ? { ...c, name: { fr: 'Comité 🎉 vert', en: 'Green 🎉 committee' } } : c)),
    };
    const { pages, all } = await pdfOf(withEmoji, options('fr', { viewerName: 'Félix 😀 Ouellet' }));
    const printed = ['Félix Ouimet', 'Zoé Ébert', 'Classe A · ', 'Classe A)', 'Comité vert', '12, rue des Érables, Laval H7N 1A1'];
    for (const text of printed) expect(all).toContain(text);
    for (const page of pages) expect(page).toContain('Confidentiel — préparé pour Félix Ouellet le 26 novembre 2026');
    expect(all).not.toMatch(/\p{Extended_Pictographic}|\uFFFD/u);
    expect(all).not.toMatch(/(Félix|Zoé|Classe A|Comité|Érables) {2}|Classe A \)|Érables ,/);
  });
});

/**
 * A booklet people will print (issue 31): the demo school (180 families) in at most 24 Letter pages, any one class
 * in at most 2; columns of 9 pt text at least; a family's parents said once; no heading left at a column's foot.
 */
describe('printable directory as a booklet (the demo school)', () => {
  const demo = generateSchool();
  const demoViewer = { parentIds: new Set([demo.accounts.parent.personId]), staff: false };
  const response = buildDirectoryResponse(demo, demoViewer);
  const index = buildDirectoryIndex(response);

  interface Item {
    str: string;
    x: number;
    y: number;
    size: number;
  }
  async function render(opts: PrintOptions) {
    const bytes = await renderPrintDocument(printLayout(index, opts), fonts);
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const pages: Item[][] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const { items } = await (await pdf.getPage(n)).getTextContent();
      pages.push(
        items.flatMap((item) => {
          if (!('str' in item) || item.str.trim() === '') return [];
          const [, , , size, x, y] = item.transform as number[];
          return [{ str: item.str, x: x!, y: y!, size: Math.round(size! * 10) / 10 }];
        }),
      );
    }
    return pages;
  }

  let school: Item[][];
  let english: Item[][];
  beforeAll(async () => {
    [school, english] = await Promise.all([render(options('fr')), render(options('en'))]);
  });

  it('prints the whole demo school on at most 24 Letter pages, in both languages', () => {
    expect(demo.families.length).toBeGreaterThanOrEqual(180);
    expect(school.length).toBeLessThanOrEqual(24);
    expect(english.length).toBeLessThanOrEqual(24);
  });

  it('prints the largest class on at most 2 Letter pages, in both languages', async () => {
    const largest = response.classes.reduce((best, c, i) => ((index.studentsByClass[i]?.length ?? 0) > (index.studentsByClass[best]?.length ?? 0) ? i : best), 0);
    expect(index.studentsByClass[largest]!.length).toBeGreaterThanOrEqual(20);
    const scope = { kind: 'class' as const, classId: response.classes[largest]!.id };
    const [fr, en] = await Promise.all([render(options('fr', { scope })), render(options('en', { scope }))]);
    expect(fr.length).toBeLessThanOrEqual(2);
    expect(en.length).toBeLessThanOrEqual(2);
  });

  it('names each parent once, under their children', () => {
    const lines = school.flat().map((item) => item.str);
    const names = response.parents.filter((p) => p.childIndexes.length > 0).map((p) => `${p.firstName} ${p.lastName}`);
    const unique = names.filter((name) => names.indexOf(name) === names.lastIndexOf(name));
    expect(unique.length).toBeGreaterThan(200);
    const counts = unique.map((name) => lines.filter((line) => line === name).length);
    expect(counts.filter((count) => count !== 1)).toEqual([]);
  });

  it('sets the columns in 9 pt or more (the footer in 8) and leaves no heading without its first line below it', () => {
    let checked = 0;
    for (const page of [...school, ...english]) {
      const footer = page.filter((item) => item.size < 9);
      expect(footer.every((item) => /Confidenti|Page \d/.test(item.str))).toBe(true);
      // Part titles (14 pt), class, department and committee headings (11 pt), family names (9.5 pt bold).
      const headings = page.filter((item) => item.size === 14 || item.size === 11 || (item.size === 9.5 && !item.str.includes(' · ')));
      for (const heading of headings) {
        const below = page.filter((item) => item.x >= heading.x - 1 && item.x < heading.x + 60 && item.y < heading.y && item.y > heading.y - 3 * heading.size);
        expect(below.length, `'${heading.str}' at the foot of its column`).toBeGreaterThan(0);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(400);
  });
});
