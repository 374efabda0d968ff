/**
 * jsdom's getComputedStyle matches every rule of its built-in user-agent style sheet (110 rules, about 300 selectors)
 * against an element each time the document has changed, through a general selector engine. In the jsdom files that
 * was a third of their CPU: Testing Library computes accessible names and visibility through getComputedStyle, and
 * Cloudscape reads it as a component mounts. Browsers first look at a selector's subject (its last compound): a
 * subject that names an element type, or an attribute, cannot match an element of another type or without that
 * attribute. This puts that test in front of the engine, for the style rules only (`check`, which jsdom calls from
 * its style code alone): a selector list none of whose subjects the element can meet is answered "no match" at once;
 * anything else goes to the engine as before, so every answer is the engine's (jsdom-computed-style.test.ts
 * beside this file compares the two on every element type the sheet names). The other way round, a list one of whose
 * selectors is a bare element type (`div` in the sheet's long block-display list) matches an HTML element of that
 * type for sure, and is answered "match" without the engine: that list was two thirds of what still reached it.
 */

type CheckResult = { match: boolean; pseudoElement: string | null };
type ElementImpl = {
  localName: string;
  namespaceURI: string | null;
  hasAttribute(name: string): boolean;
  _ownerDocument?: { activeElement: unknown };
};
type Check = (selector: string, node: ElementImpl, opt?: object) => CheckResult;

const NO_MATCH: CheckResult = Object.freeze({ match: false, pseudoElement: null }) as CheckResult;
const MATCH: CheckResult = Object.freeze({ match: true, pseudoElement: null }) as CheckResult;
const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
/** Selectors that only the document's focused element can match (the engine changes no state for another one). */
const FOCUSED_ONLY = new Set([':focus', ':focus-visible']);

/** What an element must be for a selector's subject to match it: one of `types` (if any) with every attribute of `attributes`. */
interface Subject {
  types: readonly string[] | null;
  attributes: readonly string[];
}

const IDENT = /^-?[a-zA-Z_][a-zA-Z0-9_-]*/;
/** Pseudo-classes that only an element with this attribute can match. */
const PSEUDO_ATTRIBUTE: Record<string, string> = { link: 'href', visited: 'href', 'any-link': 'href', 'popover-open': 'popover' };

/** Top-level pieces of `text` split where `at(char)` is true, outside brackets, parentheses and strings. */
function splitTop(text: string, at: (c: string) => boolean): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth += 1;
    else if (c === ')' || c === ']') depth -= 1;
    else if (depth === 0 && at(c)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The requirement of one compound selector, or null when it names no type and no attribute (anything may match). */
function subjectOf(compound: string): Subject | null {
  let types: string[] | null = null;
  const attributes: string[] = [];
  const type = IDENT.exec(compound);
  let rest = compound;
  if (type && compound[type[0].length] === '|') return null; // a namespace prefix: `svg|a`
  if (type) {
    types = [type[0].toLowerCase()];
    rest = compound.slice(type[0].length);
  } else if (rest.startsWith(':is(')) {
    const inner = rest.slice(4, rest.indexOf(')'));
    const names = inner.split(',').map((name) => name.trim());
    if (names.every((name) => IDENT.exec(name)?.[0] === name)) types = names.map((name) => name.toLowerCase());
  }
  // Attribute selectors and pseudo-classes at the compound's own level (not inside :not(), :is(), ...).
  let depth = 0;
  let quote = '';
  for (let i = 0; i < rest.length; i += 1) {
    const c = rest[i]!;
    if (quote) {
      if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if (c === '[') {
      const name = /^\s*([a-zA-Z_][a-zA-Z0-9_-]*)\s*(?:[=~^$*\]]|\|=)/.exec(rest.slice(i + 1));
      if (depth === 0 && name) attributes.push(name[1]!.toLowerCase());
      depth += 1;
    } else if (c === ']') depth -= 1;
    else if (depth === 0 && c === ':' && rest[i + 1] !== ':') {
      const pseudo = IDENT.exec(rest.slice(i + 1))?.[0].toLowerCase();
      const attribute = pseudo && PSEUDO_ATTRIBUTE[pseudo];
      if (attribute) attributes.push(attribute);
    }
  }
  return types || attributes.length > 0 ? { types, attributes } : null;
}

/** Every subject of a selector list, or null when one of them could match any element (or the text escapes). */
export function subjectsOf(selectorList: string): Subject[] | null {
  if (selectorList.includes('\\')) return null;
  const subjects: Subject[] = [];
  for (const complex of splitTop(selectorList, (c) => c === ',')) {
    const compounds = splitTop(complex.trim(), (c) => c === ' ' || c === '>' || c === '+' || c === '~' || c === '\n' || c === '\t');
    const subject = subjectOf(compounds[compounds.length - 1]!.trim());
    if (!subject) return null;
    subjects.push(subject);
  }
  return subjects;
}

/**
 * The element types a selector list matches whatever else is true of the element: those named by one of its
 * selectors alone (`p` in `p, div:hover`), lowercased as an HTML document compares them. Empty when the text escapes.
 */
export function bareTypesOf(selectorList: string): ReadonlySet<string> {
  const types = new Set<string>();
  if (selectorList.includes('\\')) return types;
  for (const complex of splitTop(selectorList, (c) => c === ',')) {
    const name = complex.trim();
    if (IDENT.exec(name)?.[0] === name) types.add(name.toLowerCase());
  }
  return types;
}

function mayMatch(subjects: readonly Subject[], node: ElementImpl): boolean {
  const type = node.localName.toLowerCase();
  return subjects.some(
    ({ types, attributes }) => (!types || types.includes(type)) && attributes.every((name) => node.hasAttribute(name)),
  );
}

/** Wraps a selector engine's `check` (jsdom's `document[impl]._domSelector`). */
export function bucketBySubject(engine: { check: Check }): void {
  const original = engine.check;
  const known = new Map<string, { subjects: readonly Subject[] | null; sure: ReadonlySet<string> }>();
  engine.check = (selector, node, opt) => {
    let read = known.get(selector);
    if (read === undefined) {
      read = { subjects: subjectsOf(selector), sure: bareTypesOf(selector) };
      known.set(selector, read);
    }
    if (read.sure.has(node.localName) && node.namespaceURI === HTML_NAMESPACE) return MATCH;
    if (FOCUSED_ONLY.has(selector) && node._ownerDocument && node !== node._ownerDocument.activeElement) return NO_MATCH;
    if (read.subjects !== null && !mayMatch(read.subjects, node)) return NO_MATCH;
    return original(selector, node, opt);
  };
}

type DocumentImpl = { _domSelector?: { check?: Check } };

/** jsdom keeps a wrapper's implementation object (a document's, an element's) under a symbol described "impl". */
export function implOf<T = DocumentImpl>(node: Node): T {
  const impl = Object.getOwnPropertySymbols(node).find((symbol) => symbol.description === 'impl');
  return (impl && (node as unknown as Record<symbol, T>)[impl]) as T;
}

/** A jsdom document's selector engine, whose `check` its style code calls. */
export function selectorEngineOf(document: Document): { check: Check } {
  const engine = implOf<DocumentImpl | undefined>(document)?._domSelector;
  if (typeof engine?.check !== 'function') {
    throw new Error('jsdom changed: its document has no selector engine with check() (test/frontend/jsdom-computed-style.ts)');
  }
  return engine as { check: Check };
}

const INSTALLED = Symbol.for('school-directory.jsdom-computed-style');

/** For the jsdom projects' setup file: once per document. */
export function speedUpComputedStyle(document: Document): void {
  const engine = selectorEngineOf(document) as { check: Check; [INSTALLED]?: true };
  if (engine[INSTALLED]) return;
  bucketBySubject(engine);
  engine[INSTALLED] = true;
}

export function computedStyleSpedUp(document: Document): boolean {
  return (selectorEngineOf(document) as { [INSTALLED]?: true })[INSTALLED] === true;
}
