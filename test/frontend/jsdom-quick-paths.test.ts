// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { createElement, Fragment } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { skipOwnerStacks, speedUpClassQueries } from './jsdom-quick-paths';

/**
 * The jsdom files' quick paths (test/frontend/jsdom-quick-paths.ts, installed by setup-jsdom.ts) must give jsdom's
 * own answers: a single-class query of the document finds what jsdom's selector engine finds, before and after the
 * document changes; React's warnings still fire once its owner stacks are skipped.
 */
const SELECTORS = [
  '.theme',
  '.absent',
  '.Theme',
  '.x1',
  '.-lead',
  '._under',
  '.a.b',
  'div.a',
  '.a .b',
  '.a, .b',
  '.\\31 x',
  '#one',
  '[class~="a"]',
];

function standardsDocument(): Document {
  const doc = document.implementation.createHTMLDocument('quick paths');
  doc.body.innerHTML = `
    <div id="one" class="a"><span class="b x1">1</span><p class="Theme">2</p></div>
    <section><div class="b -lead"><i class="_under a b">3</i></div><div class="1x">4</div></section>`;
  return doc;
}

const engine = (doc: Document, selectors: string) => Document.prototype.querySelector.call(doc, selectors);

function expectSameAnswers(doc: Document): void {
  for (const selectors of SELECTORS) expect(doc.querySelector(selectors), selectors).toBe(engine(doc, selectors));
}

describe('a single-class query of the document, from a live collection', () => {
  it('answers as the selector engine for every selector, before and after the document changes', () => {
    const doc = standardsDocument();
    speedUpClassQueries(doc);
    expectSameAnswers(doc);

    const deep = doc.querySelector('i')!;
    deep.classList.add('theme');
    expectSameAnswers(doc);
    expect(doc.querySelector('.theme')).toBe(deep);

    const earlier = doc.createElement('b');
    earlier.className = 'theme';
    doc.body.prepend(earlier);
    expectSameAnswers(doc);
    expect(doc.querySelector('.theme')).toBe(earlier);

    earlier.remove();
    deep.className = '';
    expectSameAnswers(doc);
    expect(doc.querySelector('.theme')).toBeNull();
  });

  it('does not ask the selector engine for a single class, and asks it for anything else', () => {
    const doc = standardsDocument();
    const asked = vi.fn(Document.prototype.querySelector);
    doc.querySelector = asked as Document['querySelector'];
    speedUpClassQueries(doc);
    doc.querySelector('.theme');
    doc.querySelector('.theme');
    expect(asked).not.toHaveBeenCalled();
    doc.querySelector('div.a');
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('leaves a quirks-mode document to jsdom (classes match without case there)', () => {
    const doc = new DOMParser().parseFromString('<html><body><p class="Theme"></p></body></html>', 'text/html');
    expect(doc.compatMode).toBe('BackCompat');
    const before = doc.querySelector;
    speedUpClassQueries(doc);
    expect(doc.querySelector).toBe(before);
  });

  it("is installed on the jsdom files' document", () => {
    expect(Object.hasOwn(document, 'querySelector')).toBe(true);
  });
});

describe("React's owner stacks, skipped", () => {
  it('gives every element the same unknown creation stack', () => {
    const first = createElement('div') as unknown as { _debugStack: unknown };
    const second = createElement(Fragment) as unknown as { _debugStack: unknown };
    expect(first._debugStack).toBeDefined();
    expect(first._debugStack).toBe(second._debugStack);
  });

  it("still warns, naming the component (a list without keys)", () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Unkeyed() {
      return createElement('ul', null, ['a', 'b'].map((text) => createElement('li', null, text)));
    }
    const { unmount } = render(createElement(Unkeyed));
    const said = errors.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
    errors.mockRestore();
    unmount();
    expect(said).toMatch(/unique "key" prop/);
    expect(said).toMatch(/Unkeyed/);
  });

  it('leaves a React without the counter as it is', () => {
    expect(skipOwnerStacks(undefined)).toBe(false);
    const other: Record<string, unknown> = { somethingElse: 0 };
    expect(skipOwnerStacks(other)).toBe(false);
    expect(other).toEqual({ somethingElse: 0 });
  });
});
