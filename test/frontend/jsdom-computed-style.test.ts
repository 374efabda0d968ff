// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bareTypesOf,
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
    let sure = 0;
    const differences: string[] = [];
    for (const element of elements) {
      const node = implOf<Parameters<typeof engine.check>[1]>(element);
      for (const selector of selectors) {
        const expected = asStyleRules(() => engine.check(selector, node));
        if (asStyleRules(() => quick.check(selector, node)) !== expected) differences.push(`${element.outerHTML} ${selector}`);
        if (subjectsOf(selector) !== null && !expected) skipped += 1;
        if (bareTypesOf(selector).has(element.localName)) sure += 1;
      }
    }
    expect(differences).toEqual([]);
    // It does skip most of them (the reason it exists), and answers some matches without the engine.
    expect(skipped).toBeGreaterThan((elements.length * selectors.length) / 2);
    expect(sure).toBeGreaterThan(elements.length / 2);
  });

  it('answers :focus and :focus-visible as the engine does, the focused element and every other one', () => {
    const engine = selectorEngineOf(document);
    const quick = { check: engine.check };
    bucketBySubject(quick);
    document.body.innerHTML = '<main><p>Text</p><label>Name <input id="name"></label><button>Go</button><a href="#x">Link</a></main>';
    for (const focused of ['name', null]) {
      if (focused) document.getElementById(focused)!.focus();
      else (document.activeElement as HTMLElement | null)?.blur();
      for (const element of [document.body, ...document.body.querySelectorAll('*')]) {
        const node = implOf<Parameters<typeof engine.check>[1]>(element);
        for (const selector of [':focus', ':focus-visible']) {
          expect(asStyleRules(() => quick.check(selector, node)), `${selector} ${element.outerHTML}`).toBe(asStyleRules(() => engine.check(selector, node)));
        }
      }
    }
    expect(asStyleRules(() => quick.check(':focus', implOf(document.getElementById('name')!)))).toBe(false);
    document.getElementById('name')!.focus();
    expect(asStyleRules(() => quick.check(':focus', implOf(document.getElementById('name')!)))).toBe(true);
    document.body.innerHTML = '';
  });

  it('leaves an element of another namespace that shares an HTML type name to the engine', () => {
    const doc = document.implementation.createHTMLDocument('svg');
    const svgLink = doc.createElementNS('http://www.w3.org/2000/svg', 'a');
    doc.body.append(svgLink);
    const node = implOf<Parameters<ReturnType<typeof selectorEngineOf>['check']>[1]>(svgLink);
    const asked: string[] = [];
    const quick: Parameters<typeof bucketBySubject>[0] = {
      check: (selector) => (asked.push(selector), { match: false, pseudoElement: null }),
    };
    bucketBySubject(quick);
    expect(quick.check('a, p', node).match).toBe(false);
    expect(asked).toEqual(['a, p']);
  });

  it('reads the element types a selector list matches whatever else is true', () => {
    expect([...bareTypesOf('p, div:hover, ul li, DIR , [dir="ltr" i]')]).toEqual(['p', 'dir']);
    expect([...bareTypesOf('svg|a, :is(ol, ul)')]).toEqual([]);
    expect([...bareTypesOf('\\70, p')]).toEqual([]);
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
