import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateThemeStylesheet } from '@cloudscape-design/components/theming';
import {
  dropUnusedContexts,
  dropUnusedTokens,
  keepIcons,
  keepLabels,
  libraryUse,
} from '../../frontend/build/cloudscape-unused';
import { BRAND_THEMES } from '../../frontend/src/components/theme/brand-themes';
import { THEME_NAMES } from '../../frontend/src/components/theme/theme-preference';

/** What frontend/build/cloudscape-unused.ts leaves out of the build, checked on the installed Cloudscape. */
const library = path.dirname(createRequire(import.meta.url).resolve('@cloudscape-design/components/package.json'));
const use = libraryUse(library, path.resolve('frontend/src'));
const baseTheme = readFileSync(path.join(library, 'internal/base-theme/styles.scoped.css'), 'utf8');
const kept = dropUnusedTokens(dropUnusedContexts(baseTheme), use.tokens).css;
const defined = (css: string) => new Set([...css.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]!));
const read = (css: string) => [...css.matchAll(/var\(\s*(--[\w-]+)/g)].map((m) => m[1]!);

describe('Cloudscape pieces the build leaves out', () => {
  it('keeps every token that a brand theme generated at run time reads (components/theme/apply-theme.ts)', () => {
    const base = defined(kept);
    for (const name of THEME_NAMES) {
      const sheet = generateThemeStylesheet({ theme: BRAND_THEMES[name] });
      const own = defined(sheet);
      expect(read(sheet).filter((token) => !base.has(token) && !own.has(token)), name).toEqual([]);
    }
  });

  it('keeps every token that a kept token reads, and drops a good part of the others', () => {
    const base = defined(kept);
    expect(read(kept).filter((token) => !base.has(token))).toEqual([]);
    expect(base.size).toBeLessThan(defined(baseTheme).size * 0.8);
    expect(kept).not.toContain('awsui-context-content-header');
    expect(kept).toContain('awsui-context-top-navigation');
  });

  it("keeps the labels of the components the app renders, not those of components it never imports", () => {
    const messages = JSON.parse(readFileSync(path.join(library, 'i18n/messages/all.fr.json'), 'utf8'));
    const labels = keepLabels(messages, use.labels)['cloudscape-design-components']!.fr!;
    for (const component of ['app-layout', 'top-navigation', 'flashbar', 'table', 'pagination', 'modal', 'form-field']) {
      expect(labels, component).toHaveProperty([component]);
    }
    expect(labels).not.toHaveProperty(['s3-resource-selector']);
    expect(labels).not.toHaveProperty(['date-range-picker']);
  });

  it("keeps the icons the shell and the app's screens name, and only icons someone names", () => {
    const icons = keepIcons(readFileSync(path.join(library, 'icon/generated/icons.js'), 'utf8'), use.literals);
    expect(icons).toBeDefined();
    for (const name of ['globe', 'settings', 'menu', 'close', 'angle-down', 'caret-down-filled', 'status-positive']) {
      expect(icons!.kept, name).toContain(name);
    }
    expect(icons!.kept).not.toContain('thumbs-up-filled');
  });
});
