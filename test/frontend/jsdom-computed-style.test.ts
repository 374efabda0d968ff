// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bucketBySubject,
  computedStyleSpedUp,
  implOf,
  selectorEngineOf,
  subjectsOf,
} from './jsdom-computed-style';

/**
 * The jsdom files' getComputedStyle skips the selector engine for a style rule whose every subject the element
 * cannot meet (test/setup/jsdom-computed-style.ts). It must answer exactly as the engine: compared here on jsdom's
 * own user-agent sheet (every rule that sheet has), on an element of every type it names, with and without the
 * attributes its subjects ask for, nested the way its list rules expect.
 */
const sheetPath = path.join(path.dirname(createRequire(import.meta.url).resolve('jsdom/package.json')), 'lib/jsdom/browser/default-stylesheet.css');
const selectors = [...readFileSync(sheetPath, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}@;]+)\{[^{}]*\}/g)]
  .map((match) => match[1]!.trim().replace(/\s+/g, ' '))
  .filter((selector) => selector !== '');

const TYPES = [...new Set(selectors.flatMap((selector) => selector.match(/(?<![-\w[=:])[a-z][a-z0-9]*(?![-\w(])/g) ?? []))];

function specimen(): Element[] {
  const doc = document.implementation.createHTMLDocument('specimen');
  const elements: Element[] = [];
  const variants: Record<string, string>[] = [
    {},
    { hidden: '' },
    { hidden: 'until-found' },
    { dir: 'rtl' },
    { dir: 'auto', type: 'search' },
    { popover: '' },
    { href: '#here', type: 'checkbox' },
    { open: '', type: 'tel' },
  ];
  for (const type of TYPES) {
    for (const attributes of variants) {
      const list = doc.createElement('ul');
      const element = doc.createElement(type);
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      list.append(element);
      doc.body.append(list);
      elements.push(element);
    }
  }
  return elements;
}

/** What jsdom's style code makes of an answer (living/helpers/style-rules.js, `matches`): a throw, a pseudo-element or an empty answer is no match. */
function asStyleRules(check: () => { match?: boolean; pseudoElement?: string | null }): boolean {
  try {
    const { match, pseudoElement } = check();
    return !pseudoElement && match === true;
  } catch {
    return false;
  }
}

describe('the jsdom files’ quicker getComputedStyle', () => {
  it('reads jsdom’s user-agent sheet', () => {
    expect(selectors.length).toBeGreaterThan(80);
    expect(TYPES).toEqual(expect.arrayContaining(['div', 'input', 'ul', 'table', 'button', 'dialog']));
  });

  it('answers every rule of that sheet as the selector engine does, on every element type it names', () => {
    const elements = specimen();
    const engine = selectorEngineOf(elements[0]!.ownerDocument);
    const quick = { check: engine.check };
    bucketBySubject(quick);
    let skipped = 0;
    const differences: string[] = [];
    for (const element of elements) {
      const node = implOf<Parameters<typeof engine.check>[1]>(element);
      for (const selector of selectors) {
        const expected = asStyleRules(() => engine.check(selector, node));
        if (asStyleRules(() => quick.check(selector, node)) !== expected) differences.push(`${element.outerHTML} ${selector}`);
        if (subjectsOf(selector) !== null && !expected) skipped += 1;
      }
    }
    expect(differences).toEqual([]);
    // It does skip most of them (the reason it exists).
    expect(skipped).toBeGreaterThan((elements.length * selectors.length) / 2);
  });

  it('reads a selector’s subjects, and gives up when any element could match', () => {
    expect(subjectsOf('ul li > a, [hidden]:not(embed)')).toEqual([
      { types: ['a'], attributes: [] },
      { types: null, attributes: ['hidden'] },
    ]);
    expect(subjectsOf(':is(dir, menu) :is(ol, UL)')).toEqual([{ types: ['ol', 'ul'], attributes: [] }]);
    expect(subjectsOf('input[type="a,b" i]:dir(ltr)')).toEqual([{ types: ['input'], attributes: ['type'] }]);
    expect(subjectsOf(':link:active')).toEqual([{ types: null, attributes: ['href'] }]);
    expect(subjectsOf('div, :focus-visible')).toBeNull();
    expect(subjectsOf('.card')).toBeNull();
    expect(subjectsOf('*')).toBeNull();
    expect(subjectsOf('svg|a')).toBeNull();
    expect(subjectsOf('\\31 0')).toBeNull();
  });

  it('is on in the jsdom files (test/frontend/setup-jsdom.ts)', () => {
    expect(computedStyleSpedUp(document)).toBe(true);
  });
});
