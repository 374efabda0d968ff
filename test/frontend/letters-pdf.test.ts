import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { printFontBytes } from '../../frontend/build/font-files';
import { printTranslator } from '../../frontend/src/lib/directory-pdf/print-translator';
import { renderLetters, type LetterTranslate } from '../../frontend/src/lib/letters-pdf/letters-render';
import type { LettersResponse } from '@shared/contracts/annual-update-letters-api';

/**
 * The paper letters' layout (docs/annual-update.md, "Paper letters"), built in Node and read back with unpdf: one
 * page per letter, each in its parent's language, with the code, the address to type it at and the deadline.
 * The QR code is a stand-in path here (the browser draws qrcode.react's; the journey downloads the real file).
 */
const translate: LetterTranslate = (lang) => printTranslator(lang) as ReturnType<LetterTranslate>;
const qr = () => ({ size: 21, path: 'M0 0h7v7H0z M14 0h7v7h-7z M0 14h7v7H0z' });

const data: LettersResponse = {
  campaign: { id: '01K3GHJYGPGABT1Y4V207T4HK3', schoolYear: '2025-2026', deadline: '2025-10-15' },
  // The school's phone as the server stores and sends it: the letter writes it as the rest of the app does.
  school: {
    name: 'École primaire des Érables',
    contactPhone: '5145550100',
    address: { street: '4500, rue Fabre', city: 'Montréal', postalCode: 'H2J 3V5' },
  },
  generatedAt: '2025-09-02T12:00:00.000Z',
  letters: [
    {
      parentId: '01K3GHJYGPGABT1Y4V207T4HK4',
      firstName: 'Josée',
      lastName: 'Bérubé',
      language: 'fr',
      address: { street: '12, rue des Érables', city: 'Laval', postalCode: 'H7N 1A1' },
      code: 'ABCDE-FGHJK',
      url: 'https://bottin.example/update/ABCDE-FGHJK?lang=fr',
      codePageUrl: 'https://bottin.example/mise-a-jour/code',
      expiresOn: '2025-10-02',
    },
    {
      parentId: '01K3GHJYGPGABT1Y4V207T4HK5',
      firstName: 'Kevin',
      lastName: 'Smith',
      language: 'en',
      code: 'MNPQR-STUVW',
      url: 'https://bottin.example/update/MNPQR-STUVW?lang=en',
      codePageUrl: 'https://bottin.example/update/code',
      expiresOn: '2025-10-02',
    },
  ],
};

describe('paper letters PDF', () => {
  it('has one page per letter, each in its parent language, with the code, the address to type it and the deadline', async () => {
    const bytes = await renderLetters(data, printFontBytes(), qr, translate, 'fr');
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: false });
    expect(text.length).toBe(2);
    const [fr, en] = text as [string, string];
    expect(fr).toContain('École primaire des Érables');
    expect(fr).toContain('Josée Bérubé');
    expect(fr).toMatch(/Laval QC\s+H7N 1A1/);
    expect(fr).toContain('Mise à jour annuelle de vos renseignements (2025-2026)');
    expect(fr).toContain('Merci de répondre au plus tard le 15 octobre 2025.');
    expect(fr).toContain("jusqu'au 2 octobre 2025");
    expect(fr).toContain('https://bottin.example/mise-a-jour/code');
    expect(fr).toContain('ABCDE-FGHJK');
    expect(fr).not.toContain('MNPQR-STUVW');
    expect(fr).toMatch(/Secrétariat\s*:\s*514 555-0100/);
    expect(en).toContain('Annual update of your information (2025-2026)');
    expect(en).toContain('Please answer by October 15, 2025.');
    expect(en).toContain('October 2, 2025');
    expect(en).toContain('https://bottin.example/update/code');
    expect(en).toContain('MNPQR-STUVW');
    expect(en).toContain('School office: 514 555-0100');
    // The return address under the school's name, and the day it was printed (a trial's letter had neither).
    for (const page of [fr, en]) expect(page).toMatch(/4500, rue Fabre, Montréal QC\s+H2J 3V5/);
    expect(fr).toContain('Le 2 septembre 2025');
    expect(en).toContain('September 2, 2025');
  });

  it('drops the characters the font cannot draw from names and addresses, with single spaces (print-fontkit.ts)', async () => {
    const letter = { ...data.letters[0]!, firstName: 'Félix 😀', lastName: 'Ouellet', address: { street: '12, rue des Érables 🌳', city: 'Laval ✨', postalCode: 'H7N 1A1' } };
    const bytes = await renderLetters({ ...data, letters: [letter] }, printFontBytes(), qr, translate, 'fr');
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text.split('\n').filter((line) => line === 'Félix Ouellet')).toHaveLength(1);
    expect(text).toContain('Bonjour Félix Ouellet,');
    expect(text).toContain('12, rue des Érables\n');
    expect(text).toMatch(/\nLaval QC\s+H7N 1A1/);
    expect(text).not.toMatch(/\p{Extended_Pictographic}|Félix {2}/u);
  });
});
