import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { STRING_GROUP_NAMES, selectStrings, type StringPart } from '../src/i18n/string-groups';

/** `…/i18n/fr.json?strings=admin`: one part of a translation file (frontend/src/i18n/string-groups.ts). */
const PART_ID = /^(.*\/frontend\/src\/i18n\/(?:fr|en)\.json)\?strings=([\w-]+)$/;

/**
 * Splits fr.json and en.json into the parts frontend/src/i18n/string-groups.ts defines, at build time only: the
 * first part is on every visitor's first page, a group loads with the screens that use it (docs/frontend.md,
 * "First page"). Without this plugin (Vitest, the dev server) each part is the whole file, which is correct, only
 * larger. The part is handed to Vite's JSON plugin as JSON text, exactly like the file itself.
 */
export function stringGroups(): Plugin {
  const parts: readonly string[] = ['first', ...STRING_GROUP_NAMES];
  return {
    name: 'school-directory:string-groups',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const match = PART_ID.exec(id);
      if (!match) return null;
      const [, file, part] = match as unknown as [string, string, string];
      if (!parts.includes(part)) this.error(`${id}: unknown strings part "${part}" (frontend/src/i18n/string-groups.ts)`);
      this.addWatchFile(file);
      const strings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      return JSON.stringify(selectStrings(strings, part as StringPart));
    },
  };
}
