/**
 * Two costs of the jsdom files that a browser or a production build does not have, found in a CPU profile of both
 * unit projects (docs/testing.md, "Tenth pass"). Each is answered sooner here, with the same answer.
 */

/** A selector that is one class name and nothing else (`.awsui-one-theme`); escapes and the rest go to jsdom. */
const SINGLE_CLASS = /^\.(-?[A-Za-z_][\w-]*)$/;

/**
 * Cloudscape asks `document.querySelector('.awsui-one-theme')` (and the same for its visual-refresh class) at many
 * renders of many components, to know whether a theme's class is set on the page; in this app it never is. A
 * browser answers from a native walk. jsdom runs its general selector engine over every element of the document at
 * each call: about a tenth of the heaviest jsdom files' CPU. Here a selector that is a single class is answered from
 * a live collection of that class (`getElementsByClassName`, one per class, kept), which jsdom walks again only
 * after the document changed, and which in a standards-mode document holds exactly the elements `.name` matches,
 * in document order (jsdom-quick-paths.test.ts compares the two). Every other selector, and any other node's
 * querySelector, goes to jsdom as before.
 */
export function speedUpClassQueries(document: Document): void {
  if (document.compatMode !== 'CSS1Compat') return; // quirks mode matches classes without case: not the same answer
  const original = document.querySelector;
  const collections = new Map<string, HTMLCollectionOf<Element>>();
  function querySelector(this: Document, selectors: string): Element | null {
    const single = this === document ? SINGLE_CLASS.exec(selectors) : null;
    if (!single) return original.call(this, selectors);
    const name = single[1]!;
    let found = collections.get(name);
    if (!found) {
      found = document.getElementsByClassName(name);
      collections.set(name, found);
    }
    return found[0] ?? null;
  }
  document.querySelector = querySelector as Document['querySelector'];
}

/** The part of React's internals its development build counts element creations in. */
interface OwnerStackCounter {
  recentlyCreatedOwnerStacks?: unknown;
}

/** React's development build stops taking owner stacks past this many element creations within a second. */
const OWNER_STACK_LIMIT = 1e4;

/**
 * React 19's development build records where each element was created, for its warnings: an Error (a captured
 * stack) and a console task per element, up to 10,000 a second, after which it records "unknown" until its counter
 * is reset. In the jsdom files that was about a twentieth of their CPU (react.development.js's createElement, the
 * largest single function after the garbage collector). Here the counter always reads as past the limit, so React
 * takes its own "unknown" path from the start: its warnings still fire and name the component, without the line that
 * created the element. The browser journeys run the production build, which records none of it. Returns whether
 * React's internals have the counter (a React without it is left as it is).
 */
export function skipOwnerStacks(internals: OwnerStackCounter | undefined): boolean {
  if (!internals || typeof internals.recentlyCreatedOwnerStacks !== 'number') return false;
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', {
    configurable: true,
    get: () => OWNER_STACK_LIMIT,
    set: () => undefined,
  });
  return true;
}
