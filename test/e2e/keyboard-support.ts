import type { Page } from 'playwright-core';

/**
 * Keyboard-only steps for the journeys (the main journeys work with the keyboard alone). Not a test
 * file. The page is driven with Tab, Shift+Tab, Enter, Space, the arrow keys and typing only: never a click,
 * never `fill`. The root tsconfig has no DOM types, so the page-side code is passed as strings.
 */

/** What has the keyboard focus: its tag, type, role and accessible name (as a screen reader would read it, roughly). */
export interface Focused {
  tag: string;
  type: string;
  role: string;
  name: string;
  /** The element matches the selector asked about. */
  matches: boolean;
  /** The element is inside an open dialog. */
  inDialog: boolean;
  disabled: boolean;
}

const FOCUSED = (selector: string) => `(() => {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return null;
  const text = (node) => (node?.textContent ?? '').replace(/\\s+/g, ' ').trim();
  const byIds = (attr) => (el.getAttribute(attr) ?? '').split(/\\s+/).filter(Boolean).map((id) => text(document.getElementById(id))).filter(Boolean).join(' ');
  const name = el.getAttribute('aria-label') || byIds('aria-labelledby') || [...(el.labels ?? [])].map(text).join(' ') || text(el);
  return {
    tag: el.tagName.toLowerCase(),
    type: el.getAttribute('type') ?? '',
    role: el.getAttribute('role') ?? '',
    name,
    matches: el.matches(${JSON.stringify(selector)}),
    inDialog: !!el.closest('[role="dialog"]'),
    disabled: !!el.disabled || el.getAttribute('aria-disabled') === 'true',
  };
})()`;

/** The focused element, or null when focus is on nothing (the page body): focus lost. */
export async function focused(page: Page, selector = '*'): Promise<Focused | null> {
  return (await page.evaluate(FOCUSED(selector))) as Focused | null;
}

const label = (f: Focused | null) => (f ? `<${f.tag}${f.type ? ` type=${f.type}` : ''}> "${f.name.slice(0, 80)}"` : 'nothing (body)');

export interface Target {
  /** A CSS selector the focused element must match. */
  selector: string;
  /** Its accessible name: the exact text, or a pattern. */
  name?: string | RegExp;
}

const nameMatches = (actual: string, expected: string | RegExp | undefined) =>
  expected === undefined || (typeof expected === 'string' ? actual === expected : expected.test(actual));

/**
 * Presses Tab (Shift+Tab with `backwards`) until the focused element matches `target`, at most `max` times; fails
 * otherwise, naming what focus went through. The element already focused counts.
 */
export async function tabTo(
  page: Page,
  target: string | Target,
  { max = 60, backwards = false }: { max?: number; backwards?: boolean } = {},
): Promise<Focused> {
  const { selector, name } = typeof target === 'string' ? { selector: target, name: undefined } : target;
  const seen: string[] = [];
  for (let i = 0; i <= max; i++) {
    const now = await focused(page, selector);
    if (now?.matches && nameMatches(now.name, name)) return now;
    seen.push(label(now));
    if (i < max) await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${backwards ? 'Shift+Tab' : 'Tab'} never reached ${selector}${name ? ` "${String(name)}"` : ''}; focus went through: ${seen.slice(-25).join(', ')}`);
}

/** Tabs to a button by its accessible name (in `scope`, a CSS selector: main by default) and presses Enter. */
export async function pressButton(page: Page, name: string | RegExp, scope = 'main', options?: { max?: number; backwards?: boolean }): Promise<void> {
  await tabTo(page, { selector: `${scope} button, ${scope} a[href]`, name }, options);
  await page.keyboard.press('Enter');
}

/** Replaces the focused field's text by typing (select all, then type). */
export async function retype(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Fails unless focus is on an element (not lost to the page body) matching `selector`; returns it. */
export async function expectFocusOn(page: Page, selector: string, what: string): Promise<Focused> {
  const now = await focused(page, selector);
  if (!now?.matches) throw new Error(`${what}: focus is on ${label(now)}, expected ${selector}`);
  return now;
}

/**
 * In an open select or multiselect list, presses ArrowDown until the highlighted option (the focused list's
 * active descendant) is `name`, then Enter. At most `max` presses.
 */
export async function chooseOption(page: Page, name: string | RegExp, max = 30): Promise<void> {
  const highlighted = `(() => {
    const id = document.activeElement?.getAttribute('aria-activedescendant');
    const option = id ? document.getElementById(id) : null;
    return option ? (option.getAttribute('aria-label') || option.textContent || '').replace(/\\s+/g, ' ').trim() : null;
  })()`;
  const seen: string[] = [];
  for (let i = 0; i <= max; i++) {
    const now = (await page.evaluate(highlighted)) as string | null;
    // An option's text repeats its label for screen readers (and says "selected"): a string matches its end.
    if (now !== null && (typeof name === 'string' ? now.endsWith(name) : name.test(now))) {
      await page.keyboard.press('Enter');
      return;
    }
    seen.push(String(now));
    if (i < max) await page.keyboard.press('ArrowDown');
  }
  throw new Error(`ArrowDown never highlighted "${String(name)}"; went through: ${seen.join(', ')}`);
}
