// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import Wizard from '@cloudscape-design/components/wizard';
import { wizardStepStrings } from '../../frontend/src/features/progression/components/progression-wizard';
import { createI18n } from '../../frontend/src/i18n/i18n';

/**
 * The progression wizard's step labels as Cloudscape writes them (its templates are fixed: `${number}: ${title}`
 * for a step link's name, ` - ${optional}` after an optional step's number): « Étape 6: Vérifier et appliquer » was
 * read out (French puts a no-break space before « : »), and « Étape 4 - facultatif » shown with a hyphen.
 */
afterEach(cleanup);

const TITLES = {
  fr: ['Où va chaque élève', 'Classes à choisir', 'Finissants', 'Nouveaux élèves', 'Élèves qui partent', 'Vérifier et appliquer'],
  en: ['Where each student goes', 'Classes to choose', 'Graduates', 'New students', 'Students leaving', 'Review and apply'],
};

function renderWizard(lang: 'fr' | 'en') {
  const i18n = createI18n(lang);
  const steps = TITLES[lang].map((title, i) => ({ title, content: title, isOptional: i === 3 || i === 4 }));
  const { container } = render(<Wizard steps={steps} activeStepIndex={0} onNavigate={() => undefined} i18nStrings={wizardStepStrings(i18n.t, lang, steps)} />);
  const links = [...container.querySelectorAll('li a[aria-label]')].map((a) => a.getAttribute('aria-label'));
  // The number above each step's link: its own text (Cloudscape's ` - facultatif` marker is in an <i>, hidden).
  const numbers = [...container.querySelectorAll('li > span')].map((span) =>
    [...span.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent).join('').trim(),
  );
  // Cloudscape renders the step list twice (the desktop's and the phone's, folded): the first is enough.
  return { links: links.slice(0, 6), numbers: numbers.slice(0, 6), markers: [...container.querySelectorAll('li > span > i')].length };
}

describe('the progression wizard step labels', () => {
  it('French: a no-break space before the colon, and « (facultatif) » instead of a hyphen', () => {
    const { links, numbers, markers } = renderWizard('fr');
    expect(links.at(-1)).toBe('Étape 6\u00a0: Vérifier et appliquer');
    expect(links[3]).toBe('Étape 4 (facultatif)\u00a0: Nouveaux élèves');
    expect(links.every((label) => /^Étape \d( \(facultatif\))?\u00a0: \S/.test(label ?? ''))).toBe(true);
    expect(numbers).toEqual(['Étape 1', 'Étape 2', 'Étape 3', 'Étape 4 (facultatif)', 'Étape 5 (facultatif)', 'Étape 6']);
    expect(markers).toBe(4);
  });

  it('English: natural, without the hyphen either', () => {
    const { links, numbers } = renderWizard('en');
    expect(links.at(-1)).toBe('Step 6: Review and apply');
    expect(links[4]).toBe('Step 5 (optional): Students leaving');
    expect(numbers).toEqual(['Step 1', 'Step 2', 'Step 3', 'Step 4 (optional)', 'Step 5 (optional)', 'Step 6']);
  });

  it("hides the wizard's own « - facultatif » marker after the number and in the heading", () => {
    const css = readFileSync('frontend/src/features/progression/components/progression-wizard.module.css', 'utf8');
    expect(css).toMatch(/\.wizard li > span > i,\s*\.wizard h1 i \{\s*display: none;/);
  });
});
