import type { Plugin } from 'vite';
import en from '../src/i18n/en.json';
import fr from '../src/i18n/fr.json';
import { PRE_PAINTED } from '../src/features/auth/pages/pre-painted-ids';
import { LOCALE_STORAGE_KEY } from '../src/i18n/locale';
// A relative path: Vite loads its config and plugins with Node, before its '@shared' alias exists.
import { escapeHtml } from '../../shared/format/html';

/**
 * The sign-in form painted by index.html itself (docs/frontend.md, "A sign-in form before the scripts"): on a phone's
 * first visit the app's scripts take about two seconds to arrive and run, and the form can be on screen, and typed
 * into, as soon as the page's style sheet is in. Plain markup inside `#root`, hidden unless the first-route script
 * (critical-preloads.ts) shows it, in the visitor's language, for a signed-out visit to /auth; React's first render
 * replaces it and the app's sign-in form takes over what was typed (features/auth/pages/pre-painted-sign-in.ts).
 * Its words are the app's own, from fr.json and en.json, so the two forms never say different things.
 */

type Strings = Record<string, unknown>;

function lookup(strings: Strings, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Strings | undefined)?.[part], strings);
  if (typeof value !== 'string') throw new Error(`pre-painted-sign-in: no string for ${key}`);
  return value;
}

/** The form's markup, French first; the first-route script swaps in the English of each `data-en`. */
export function prePaintedSignInMarkup(french: Strings = fr, english: Strings = en): string {
  const [inFrench, inEnglish] = [(key: string) => escapeHtml(lookup(french, key)), (key: string) => escapeHtml(lookup(english, key))];
  const text = (key: string) => `data-fr="${inFrench(key)}" data-en="${inEnglish(key)}"`;
  const aria = (key: string) => `aria-label="${inFrench(key)}" data-fr-aria="${inFrench(key)}" data-en-aria="${inEnglish(key)}"`;
  const words = (key: string, tag = 'span', attributes = '') =>
    `<${tag}${attributes ? ` ${attributes}` : ''} ${text(key)}>${inFrench(key)}</${tag}>`;
  const { rootId, emailId, passwordId, submitId, languageId } = PRE_PAINTED;
  return [
    // Hidden by the attribute itself, not only by the style sheet: a page whose style sheet is still on its way lays
    // the markup out (nothing is painted yet, but scripts and test tools would see a form to type into).
    `<div id="${rootId}" class="light-frame pre-sign-in" hidden>`,
    '<header class="light-frame__header">',
    words('app.name', 'span', 'class="light-frame__title"'),
    '<div class="light-frame__utilities">',
    `<button type="button" id="${languageId}" class="pre-sign-in__utility" ${aria('language.switchToAria')}><span class="pre-sign-in__icon"></span>${words('language.switchTo')}</button>`,
    `<span class="pre-sign-in__utility"><span class="pre-sign-in__icon"></span>${words('auth.signIn')}</span>`,
    '</div></header>',
    '<main class="light-frame__main">',
    words('pages.auth.title', 'h1', 'class="pre-sign-in__title"'),
    words('pages.auth.description', 'p', 'class="pre-sign-in__description"'),
    '<div class="pre-sign-in__container">',
    `<nav class="pre-sign-in__tabs" ${aria('auth.tabs.label')}>`,
    words('auth.tabs.signIn', 'a', 'href="/auth" aria-current="page"'),
    words('auth.tabs.register', 'a', 'href="/auth?mode=register"'),
    '</nav>',
    // A form, for password managers; only the first-route script shows it, and its handler keeps it from being sent.
    '<form class="pre-sign-in__form" method="post" action="/auth" novalidate>',
    // The notice of a visit sent to sign in from another page (`?redirect=`, or / itself), shown by the script.
    `<div class="pre-sign-in__notice"><span class="pre-sign-in__notice-icon"></span>${words('auth.signInForm.redirectNotice')}</div>`,
    words('auth.fields.email', 'label', `for="${emailId}"`),
    `<input id="${emailId}" type="email" inputmode="email" autocomplete="username" spellcheck="false">`,
    words('auth.fields.password', 'label', `for="${passwordId}"`),
    `<input id="${passwordId}" type="password" autocomplete="current-password">`,
    words('auth.signInForm.forgot', 'a', 'class="pre-sign-in__forgot" href="/auth?mode=forgot"'),
    `<div class="pre-sign-in__actions"><button type="submit" id="${submitId}" class="pre-sign-in__submit">${words('auth.signInForm.submit')}</button></div>`,
    '</div></form></div></main></div>',
  ].join('');
}

/**
 * The first-route script's part for the painted form, run for a signed-out visit to /auth's sign-in, or to / (which
 * sends a signed-out visitor there, with the notice that `notice` shows): once the page
 * is parsed (before the app's scripts, which are deferred), it words the form in the stored language, keeps track
 * of the focused field, turns the form's submission (its button, Enter) into a pending sign-in that the app carries
 * out (nothing is sent before the app runs), makes the language button work, and shows the form.
 */
export function prePaintedSignInScript(): string {
  const { rootId, emailId, passwordId, submitId, languageId, pendingAttribute, focusAttribute, noticeAttribute } = PRE_PAINTED;
  return `
  const showSignIn = (english, notice) => {
    const ready = () => {
      const root = document.getElementById(${JSON.stringify(rootId)});
      if (!root) return;
      let language = english ? 'en' : 'fr';
      const word = (to) => {
        document.documentElement.lang = to;
        for (const element of root.querySelectorAll('[data-en]')) element.textContent = element.dataset[to];
        for (const element of root.querySelectorAll('[data-en-aria]')) element.setAttribute('aria-label', element.dataset[to + 'Aria']);
      };
      if (english) word('en');
      const fields = { ${JSON.stringify(emailId)}: 'email', ${JSON.stringify(passwordId)}: 'password' };
      const pending = () => {
        root.setAttribute(${JSON.stringify(pendingAttribute)}, '');
        document.getElementById(${JSON.stringify(submitId)})?.setAttribute('aria-disabled', 'true');
      };
      root.addEventListener('focusin', (event) => {
        const field = fields[event.target.id];
        if (field) root.setAttribute(${JSON.stringify(focusAttribute)}, field);
        else root.removeAttribute(${JSON.stringify(focusAttribute)});
      });
      root.addEventListener('submit', (event) => {
        event.preventDefault();
        pending();
      });
      root.addEventListener('click', (event) => {
        if (!event.target.closest('#${languageId}')) return;
        language = language === 'fr' ? 'en' : 'fr';
        try {
          localStorage.setItem(${JSON.stringify(LOCALE_STORAGE_KEY)}, language);
        } catch {}
        word(language);
      });
      if (notice) root.setAttribute(${JSON.stringify(noticeAttribute)}, '');
      root.hidden = false;
    };
    if (document.readyState === 'loading') document.addEventListener('readystatechange', ready, { once: true });
    else ready();
  };`;
}

/** Writes the form into index.html's `#root` (builds only: the dev server starts the app at once). */
export function prePaintedSignIn(): Plugin {
  return {
    name: 'school-directory:pre-painted-sign-in',
    apply: 'build',
    transformIndexHtml(html) {
      const empty = '<div id="root"></div>';
      if (!html.includes(empty)) throw new Error('pre-painted-sign-in: index.html has no empty #root');
      return html.replace(empty, `<div id="root">${prePaintedSignInMarkup()}</div>`);
    },
  };
}
