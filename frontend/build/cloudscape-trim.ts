import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const APP_LAYOUT_INTERNAL = '\0school-directory:app-layout-internal';
const PARSER = '@formatjs/icu-messageformat-parser';
const FORMATTER = '/@cloudscape-design/components/i18n/utils/i18n-formatter.js';
/** Where the formatter builds an IntlMessageFormat for a message it found (`message`) and has not cached. */
const FORMATTER_ANCHOR = 'intlMessageFormat = new IntlMessageFormat(message, this._locale);';
/** A precompiled message made only of literals (type 0 in formatjs's AST) is its text. */
/** Button's tooltip (shown only for a button disabled with a reason, which this app never uses) and its import. */
const BUTTON = '/@cloudscape-design/components/button/internal.js';
const BUTTON_TOOLTIP_IMPORT = "import Tooltip from '../tooltip/internal.js';";
const BUTTON_TOOLTIP_USE = 'React.createElement(Tooltip, {';
const LAZY_BUTTON_TOOLTIP = `const LoadedTooltip = React.lazy(() => import('../tooltip/internal.js'));
const Tooltip = (props) => React.createElement(React.Suspense, { fallback: null }, React.createElement(LoadedTooltip, props));`;
const LITERAL_FAST_PATH = `if (Array.isArray(message) && message.every((part) => part.type === 0)) {
  const text = message.map((part) => part.value).join('');
  return customHandler ? customHandler(() => text) : text;
}`;

/** Cloudscape's check that its style sheet loaded, run by every component it renders. */
const STYLES_CHECK = '/@cloudscape-design/components/internal/hooks/use-base-component/styles-check.js';
const STYLES_CHECK_ANCHORS = ['export function useMissingStylesCheck(elementRef)', 'awsui-missing-css-asset', 'export const __testResetCheckedDocs'];
const NO_STYLES_CHECK = `export const __testResetCheckedDocs = () => undefined;
export function useMissingStylesCheck() {}
`;

/** Cloudscape's check that a link's URL is not `javascript:`, run at every render of every link and button with an href. */
const SAFE_URL = '/@cloudscape-design/components/internal/utils/check-safe-url.js';
const SAFE_URL_ANCHOR = `    let parsedUrl;
    try {
        parsedUrl = new URL(url);
    }`;
/** No scheme without a colon: `new URL` would throw (and the check return) for such a URL. */
const SAFE_URL_FAST_PATH = `    if (url.indexOf(':') === -1) {
        return;
    }
`;

/**
 * The toolkit's one MutationObserver for every component's colour mode, density and reduced-motion checks: it
 * watched every attribute of every element of the page, so each search result's new link or label ran all of
 * them (a `matchMedia` and a walk up the tree per mounted component). Those checks read class names only.
 */
const VISUAL_MODE = '/@cloudscape-design/component-toolkit/mjs/internal/visual-mode/index.js';
const VISUAL_MODE_OBSERVE = 'observer.observe(document.body, { attributes: true, subtree: true });';
const VISUAL_MODE_OBSERVE_CLASSES = "observer.observe(document.body, { attributes: true, attributeFilter: ['class'], subtree: true });";
const VISUAL_MODE_DETECTORS = ['node.classList.contains(', 'safeMatchMedia(element, '];

/** The module that replaces app-layout/internal.js: the visual-refresh layout only (by file: the package exports no deep paths). */
const appLayoutInternal = (refreshed: string) => `
import React from 'react';
import RefreshedAppLayout from ${JSON.stringify(refreshed)};
export const AppLayoutInternal = React.forwardRef((props, ref) => React.createElement(RefreshedAppLayout, { ref, ...props }));
`;

/**
 * Code that Cloudscape bundles but this app can never run, left out at build time (docs/decisions/first-page-at-250-kb-what-left-it-what-stays.md, "First
 * page at 250 KB"). Each substitution checks its assumption and fails the build if a Cloudscape upgrade changed it.
 *
 * - AppLayout ships three layouts and picks one at run time (app-layout/internal.js): "classic", for builds
 *   without visual refresh; "visual refresh"; and the "toolbar" variant, behind a global feature flag this app
 *   never sets. The package is built with ALWAYS_VISUAL_REFRESH, so only the second ever renders: app-layout
 *   gets an internal module that renders it directly, which leaves the two others (with the toolbar's
 *   drag-and-drop library and their style sheets) out of the bundle.
 * - Cloudscape's I18nProvider formats its messages with intl-messageformat, whose ICU parser is needed only for
 *   messages given as text. Cloudscape's message files are precompiled (ASTs) and the app gives it no others
 *   (its own strings go through i18next), so the parser is swapped for formatjs's own `no-parser` build, as
 *   formatjs documents for precompiled messages; an uncompiled message would throw, loudly.
 * - Its formatter (i18n/utils/i18n-formatter.js) builds an IntlMessageFormat for every label a component asks
 *   for, even a plain one (a single literal: most labels, all of those the sign-in page asks for). The first one
 *   resolves its locale through `Intl`, whose start-up costs a phone about a quarter of a second of CPU before
 *   the sign-in form shows (docs/frontend.md, "Critical path on a phone"). A label made only of literals is
 *   returned as its text, which is exactly what IntlMessageFormat would return for it; any other still goes
 *   through IntlMessageFormat.
 * - Button imports its Tooltip, and with it Popover (about 17 KB of the first page's script), for one case: a
 *   button disabled with a reason (`disabledReason`), which this app never uses. The Tooltip is loaded when such
 *   a button first shows it, so it still works if one is ever added; the first page no longer carries it.
 */
export function cloudscapeTrim(): Plugin {
  let refreshed: string | undefined;
  return {
    name: 'school-directory:cloudscape-trim',
    apply: 'build',
    // Before Vite's own resolver, which would otherwise resolve these imports first.
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer) return null;
      const from = importer.replace(/[?#].*$/, '');
      if (source === PARSER && from.includes('/node_modules/intl-messageformat/')) {
        const noParser = await this.resolve(`${PARSER}/lib/no-parser.js`, importer, { skipSelf: true });
        if (!noParser) this.error(`${PARSER} has no lib/no-parser.js: review frontend/build/cloudscape-trim.ts`);
        return noParser;
      }
      if (source !== './internal' || !from.endsWith('/@cloudscape-design/components/app-layout/index.js')) return null;
      if (!refreshed) {
        const root = path.dirname(path.dirname(from));
        const environment = readFileSync(path.join(root, 'internal/environment.js'), 'utf8');
        const internal = readFileSync(path.join(root, 'app-layout/internal.js'), 'utf8');
        if (!/ALWAYS_VISUAL_REFRESH = true/.test(environment) || !/useAppLayoutFlagEnabled/.test(internal)) {
          this.error('Cloudscape AppLayout changed: review frontend/build/cloudscape-trim.ts');
        }
        refreshed = path.join(root, 'app-layout/visual-refresh/index.js');
        if (!existsSync(refreshed)) this.error('Cloudscape AppLayout has no visual-refresh/index.js: review frontend/build/cloudscape-trim.ts');
      }
      return APP_LAYOUT_INTERNAL;
    },
    load(id) {
      return id === APP_LAYOUT_INTERNAL && refreshed ? appLayoutInternal(refreshed) : null;
    },
    transform(code, id) {
      const file = id.replace(/[?#].*$/, '');
      if (file.endsWith(SAFE_URL)) {
        if (code.split(SAFE_URL_ANCHOR).length !== 2) this.error(`Cloudscape's ${SAFE_URL} changed: review frontend/build/cloudscape-trim.ts`);
        return { code: code.replace(SAFE_URL_ANCHOR, `${SAFE_URL_FAST_PATH}${SAFE_URL_ANCHOR}`), map: null };
      }
      if (file.endsWith(VISUAL_MODE)) {
        // Every walk up the tree tests class names and nothing else (a new detector reading another attribute fails the build).
        const walks = code.split('findUpUntil(').length - 1;
        const classWalks = [...code.matchAll(/findUpUntil\(\w+, \w+ => (\w+\.classList\.contains\('[\w-]+'\)( \|\| )?)+\)/g)].length;
        if (code.split(VISUAL_MODE_OBSERVE).length !== 2 || !VISUAL_MODE_DETECTORS.every((anchor) => code.includes(anchor)) || walks !== 3 || classWalks !== walks) {
          this.error(`Cloudscape's ${VISUAL_MODE} changed: review frontend/build/cloudscape-trim.ts`);
        }
        return { code: code.replace(VISUAL_MODE_OBSERVE, VISUAL_MODE_OBSERVE_CLASSES), map: null };
      }
      if (file.endsWith(STYLES_CHECK)) {
        if (!STYLES_CHECK_ANCHORS.every((anchor) => code.includes(anchor))) {
          this.error(`Cloudscape's ${STYLES_CHECK} changed: review frontend/build/cloudscape-trim.ts`);
        }
        return { code: NO_STYLES_CHECK, map: null };
      }
      if (file.endsWith(BUTTON)) {
        if (!code.includes(BUTTON_TOOLTIP_IMPORT) || code.split(BUTTON_TOOLTIP_USE).length !== 2 || !code.includes("import React,")) {
          this.error(`Cloudscape's ${BUTTON} changed: review frontend/build/cloudscape-trim.ts`);
        }
        return { code: code.replace(BUTTON_TOOLTIP_IMPORT, LAZY_BUTTON_TOOLTIP), map: null };
      }
      if (!file.endsWith(FORMATTER)) return null;
      if (!code.includes(FORMATTER_ANCHOR)) this.error(`Cloudscape's ${FORMATTER} changed: review frontend/build/cloudscape-trim.ts`);
      return { code: code.replace(FORMATTER_ANCHOR, `${LITERAL_FAST_PATH}\n${FORMATTER_ANCHOR}`), map: null };
    },
  };
}
