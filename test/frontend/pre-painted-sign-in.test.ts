// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { firstRouteScript } from '../../frontend/build/critical-preloads';
import { prePaintedSignIn, prePaintedSignInMarkup } from '../../frontend/build/pre-painted-sign-in';
import { PRE_PAINTED } from '../../frontend/src/features/auth/pages/pre-painted-ids';
import { holdPrePaintedSignIn, takePrePaintedSignIn } from '../../frontend/src/features/auth/pages/pre-painted-sign-in';
import { STORED_SESSION_PREFIX } from '../../frontend/src/lib/api/stored-session';

/** docs/frontend.md, "A sign-in form before the scripts". */
type Strings = Record<string, Record<string, unknown>>;
const strings = (locale: 'fr' | 'en') => JSON.parse(readFileSync(`frontend/src/i18n/${locale}.json`, 'utf8')) as Strings;
const FR = strings('fr');
const EN = strings('en');
const word = (all: Strings, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], all);

const root = () => document.getElementById(PRE_PAINTED.rootId)!;
const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const shown = () => !root().hidden;
const texts = () => [...root().querySelectorAll('[data-en]')].map((element) => element.textContent);

/** index.html as built: the form in #root; then the first-route script, as the browser runs it, at `url`. */
function load(url: string) {
  history.replaceState(null, '', url);
  document.body.innerHTML = `<div id="root">${prePaintedSignInMarkup()}</div>`;
  new Function(firstRouteScript([], '/', [], []))();
}

afterEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.lang = 'fr';
  document.body.innerHTML = '';
  history.replaceState(null, '', '/');
});

describe('the markup index.html carries', () => {
  it("says what the app's sign-in page says, in French, with each English word beside it", () => {
    document.body.innerHTML = prePaintedSignInMarkup();
    const keys = ['app.name', 'pages.auth.title', 'pages.auth.description', 'auth.fields.email', 'auth.fields.password', 'auth.signInForm.forgot', 'auth.signInForm.submit', 'auth.tabs.register'];
    for (const key of keys) {
      const element = [...document.querySelectorAll<HTMLElement>('[data-en]')].find((e) => e.textContent === word(FR, key));
      expect(element, key).toBeDefined();
      expect(element!.dataset.en, key).toBe(word(EN, key));
    }
    expect(document.querySelector(`label[for="${PRE_PAINTED.emailId}"]`)?.textContent).toBe('Adresse courriel');
    expect(input(PRE_PAINTED.emailId).autocomplete).toBe('username');
    expect(input(PRE_PAINTED.passwordId).type).toBe('password');
  });

  it('escapes what the strings hold', () => {
    const tricky = `L'école <b>"x"</b> & co`;
    const with_ = (all: Strings) => ({ ...all, app: { ...all.app, name: tricky } });
    document.body.innerHTML = prePaintedSignInMarkup(with_(FR), with_(EN));
    const title = document.querySelector<HTMLElement>('.light-frame__title')!;
    expect(title.textContent).toBe(tricky);
    expect(title.dataset.en).toBe(tricky);
    expect(document.querySelector('b')).toBeNull();
  });

  it('goes into the empty #root of index.html, and the build stops if there is none', () => {
    const plugin = prePaintedSignIn() as unknown as { transformIndexHtml: (html: string) => string };
    expect(plugin.transformIndexHtml('<body><div id="root"></div></body>')).toContain(`<div id="root"><div id="${PRE_PAINTED.rootId}"`);
    expect(() => plugin.transformIndexHtml('<body><main></main></body>')).toThrow(/no empty #root/);
  });
});

describe('the first-route script', () => {
  it('shows the form, in French, to a signed-out visitor of /auth, with the notice of a visit sent there', () => {
    const notice = () => root().hasAttribute(PRE_PAINTED.noticeAttribute);
    load('/auth');
    expect(shown()).toBe(true);
    expect(texts()).toContain('Adresse courriel');
    expect(notice()).toBe(false);
    load('/auth?mode=signin&redirect=%2Fclasses');
    expect(shown()).toBe(true);
    expect(notice()).toBe(true);
    expect(texts()).toContain(word(FR, 'auth.signInForm.redirectNotice'));
    // / sends a signed-out visitor to plain /auth: a first visit asked for no page in particular.
    load('/');
    expect(shown()).toBe(true);
    expect(notice()).toBe(false);
    // Right after a sign-out or an ended session, the app's form says that instead.
    load('/auth?redirect=%2Fparents&expired=1');
    expect(notice()).toBe(false);
    load('/auth?redirect=%2Fparents&signedOut=1');
    expect(notice()).toBe(false);
  });

  it('words it in English, labels included, for a visitor who chose English', () => {
    localStorage.setItem('locale', 'en');
    load('/auth');
    expect(shown()).toBe(true);
    expect(document.documentElement.lang).toBe('en');
    expect(texts()).toEqual(expect.arrayContaining(['School directory', 'Email address', 'Password', 'Sign in', 'Forgot your password?']));
    expect(texts()).not.toContain('Adresse courriel');
    expect(root().querySelector('nav')?.getAttribute('aria-label')).toBe('Choose an action');
  });

  it('leaves it hidden on the other pages and modes, for a visitor who may be signed in or chose another theme', () => {
    for (const url of ['/classes', '/about', '/auth?mode=register', '/auth?mode=reset&code=x']) {
      load(url);
      expect(shown(), url).toBe(false);
    }
    // A theme other than the default's colours (the app applies it): the app's form only.
    localStorage.setItem('theme', 'academicExcellence-dark');
    load('/auth');
    expect(shown()).toBe(false);
    localStorage.setItem('theme', 'academicExcellence');
    load('/auth');
    expect(shown()).toBe(true);
    localStorage.setItem(`${STORED_SESSION_PREFIX}client.LastAuthUser`, 'parent@example.org');
    load('/auth');
    expect(shown()).toBe(false);
  });

  it('keeps a sign-in asked for, sends nothing, and notes the focused field', () => {
    load('/auth');
    input(PRE_PAINTED.passwordId).dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(root().getAttribute(PRE_PAINTED.focusAttribute)).toBe('password');
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    root().querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(root().hasAttribute(PRE_PAINTED.pendingAttribute)).toBe(true);
    document.getElementById(PRE_PAINTED.languageId)!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(root().hasAttribute(PRE_PAINTED.focusAttribute)).toBe(false);
  });

  it('switches the language both ways and keeps the choice for the app', () => {
    load('/auth');
    const language = document.getElementById(PRE_PAINTED.languageId)!;
    language.click();
    expect(localStorage.getItem('locale')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(language.textContent).toBe('Français');
    expect(language.getAttribute('aria-label')).toBe('Passer au français');
    language.click();
    expect(localStorage.getItem('locale')).toBe('fr');
    expect(language.textContent).toBe('English');
    expect(texts()).toContain('Adresse courriel');
  });
});

describe("the app's sign-in form taking over", () => {
  /** React's first commit: it empties #root. */
  const firstRender = () => (document.getElementById('root')!.textContent = '');

  it('gets what was typed, the focused field and the pending sign-in, once', () => {
    load('/auth');
    input(PRE_PAINTED.emailId).value = 'parent@example.org';
    input(PRE_PAINTED.passwordId).value = 'a password';
    input(PRE_PAINTED.emailId).dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    root().querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    holdPrePaintedSignIn();
    firstRender();
    expect(takePrePaintedSignIn()).toEqual({ email: 'parent@example.org', password: 'a password', focus: 'email', submit: true });
    expect(document.getElementById(PRE_PAINTED.rootId)).toBeNull();
    expect(takePrePaintedSignIn()).toBeUndefined();
  });

  it('gets nothing when the form was not shown or is not there', () => {
    load('/classes');
    input(PRE_PAINTED.emailId).value = 'parent@example.org';
    holdPrePaintedSignIn();
    firstRender();
    expect(takePrePaintedSignIn()).toBeUndefined();
    document.body.innerHTML = '<div id="root"></div>';
    holdPrePaintedSignIn();
    expect(takePrePaintedSignIn()).toBeUndefined();
  });
});
