// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ClassesList } from '../../frontend/src/features/classes/components/classes-list';
import type { Locale } from '../../frontend/src/i18n/locale';
import { buildDirectoryIndex } from '../../frontend/src/lib/directory/directory-index';
import { FIXTURE } from './directory-fixture';
import { renderWithAnswers } from './render-screen';

/**
 * The classes page's printout starts from the class the person is looking at (a trial: a parent on
 * /classes?class=G tapped « Imprimer le bottin (PDF) » and got the class of their own children). Julie Roy's
 * child is in class A; the class on the screen wins over it, and with no single class open the form keeps the
 * viewer's class.
 */
afterEach(cleanup);
// A link's class is scrolled into view (jsdom has no scrolling): a no-op here, jsdom's own (none) put back after.
const ownScroll = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
beforeAll(() => {
  Element.prototype.scrollIntoView = () => undefined;
});
afterAll(() => {
  if (ownScroll) Object.defineProperty(Element.prototype, 'scrollIntoView', ownScroll);
  else delete (Element.prototype as Partial<Element>).scrollIntoView;
});
const index = buildDirectoryIndex(FIXTURE);
const julie = FIXTURE.parents[2]!;
const me = { email: julie.email, displayName: 'Julie Roy', userType: 'parent', personIds: [julie.id], isAdmin: false, profiles: [] };

const TEXT = {
  fr: { button: 'Imprimer le bottin (PDF)', classSelect: 'Classe', search: 'Chercher' },
  en: { button: 'Print the directory (PDF)', classSelect: 'Class', search: 'Search' },
} as const;

async function chosenClass(locale: Locale, at: string, typed?: string): Promise<string> {
  renderWithAnswers(<ClassesList index={index} />, { locale, answers: [[['me'], me]], at });
  if (typed !== undefined) fireEvent.change(screen.getByRole('searchbox'), { target: { value: typed } });
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
  fireEvent.click(screen.getByRole('button', { name: TEXT[locale].button }));
  const dialog = await screen.findByRole('dialog');
  // The class select's trigger shows the chosen class's name once GET /api/me (answered here) has given the viewer's.
  let shown = '';
  await waitFor(() => {
    shown = within(dialog).getAllByRole('button').map((b) => b.textContent ?? '').find((text) => /^(Classe|Class) [AB]/.test(text)) ?? '';
    expect(shown).not.toBe('');
  });
  return shown;
}

describe('the classes page printout', () => {
  it.each(['fr', 'en'] as const)('starts from the class a link opened (%s)', async (locale) => {
    expect(await chosenClass(locale, '/classes?class=B')).toMatch(/^Classe B/);
  });

  it('starts from the one class a search opened', async () => {
    expect(await chosenClass('fr', '/classes', 'Tremblay')).toMatch(/^Classe B/);
  });

  it("keeps the viewer's children's class when no single class is open", async () => {
    expect(await chosenClass('fr', '/classes')).toMatch(/^Classe A/);
  });
});
