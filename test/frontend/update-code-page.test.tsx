// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { EnglishUpdateCodePage, FrenchUpdateCodePage } from '../../frontend/src/features/update/pages/update-code-page';
import { renderWithAnswers } from './render-screen';

/**
 * The letter's code page (docs/annual-update.md, "Paper letters"): « ABCDE-12345 » was answered « vérifiez les dix
 * caractères » though ten were typed. A character codes never use (0, O, 1, I, L: shared/rules/short-code.ts) is
 * named, with the ones codes never have; a code of the wrong length keeps the format's sentence.
 */
afterEach(cleanup);

function typeCode(lang: 'fr' | 'en', code: string) {
  renderWithAnswers(lang === 'fr' ? <FrenchUpdateCodePage /> : <EnglishUpdateCodePage />, { locale: lang, answers: [] });
  const field = screen.getByPlaceholderText('ABCDE-FGHJK');
  fireEvent.change(field, { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: lang === 'fr' ? 'Ouvrir mon formulaire' : 'Open my form' }));
  return field;
}

/** The text of the elements that describe an input (aria-describedby). */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('a typed code with characters codes never use', () => {
  it.each([
    ['fr', 'ABCDE-12345', "Ce code contient «\u00a01\u00a0», un caractère que les codes n'utilisent jamais\u00a0: ils n'ont jamais 0, 1, I, L ou O. Vérifiez les caractères imprimés sur la lettre."],
    ['en', 'ABCDE-12345', 'This code contains "1", a character codes never use: they never have 0, 1, I, L, or O. Check the characters printed on the letter.'],
    ['fr', 'abcd0-o2345', "Ce code contient «\u00a00\u00a0» et «\u00a0O\u00a0», des caractères que les codes n'utilisent jamais\u00a0: ils n'ont jamais 0, 1, I, L ou O."],
    ['en', 'abcd0-o2345', 'This code contains "0" and "O", characters codes never use: they never have 0, 1, I, L, or O.'],
  ] as const)('%s: %s names them instead of « check the ten characters »', (lang, code, sentence) => {
    const field = typeCode(lang, code);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(description(field)).toContain(sentence);
    expect(description(field)).not.toMatch(/dix caractères|ten characters printed/);
  });

  it.each([
    ['fr', 'ABCDE-2345', 'Ce code n\'a pas le bon format\u00a0: vérifiez les dix caractères imprimés sur la lettre.'],
    ['en', 'ABCDE-2345', 'This code does not have the right format: check the ten characters printed on the letter.'],
  ] as const)('%s: a code of the wrong length, without such a character, still says to check the ten characters', (lang, code, sentence) => {
    expect(description(typeCode(lang, code))).toContain(sentence);
  });
});
