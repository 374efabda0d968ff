import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * Font faces the app's screens use, per family: `<weight>` or `<weight> italic`. Cloudscape's global styles
 * declare eight Open Sans faces; its components (docs/decisions/speed-fonts-as-files-a-first-page-without-zod-lean.md, "Fonts as files") use 400 and 700, and the
 * registration form shows one italic word. The other faces are dropped: a browser would then synthesise them.
 * A family that is not listed keeps all its faces.
 */
const USED_FACES: Record<string, string[]> = {
  'Open Sans': ['400', '400 italic', '700'],
};

const DATA_URL = /url\((["']?)data:font\/(woff2|woff);base64,([^"')]+)\1\)/;

function declaration(body: string, name: string): string | undefined {
  return new RegExp(`(?:^|;)\\s*${name}\\s*:\\s*([^;]+)`).exec(body)?.[1]?.trim().replace(/^["']|["']$/g, '');
}

function isUsed(family: string, weight: string, style: string): boolean {
  const used = USED_FACES[family];
  if (!used) return true;
  return used.includes(style === 'italic' ? `${weight} italic` : weight);
}

/**
 * Fonts as files, never base64 in CSS: every `@font-face` whose source is a data URL (Cloudscape's global styles
 * inline theirs) gets its font written as a file of its own next to the CSS, `font-display: swap` (text shows at
 * once in a fallback font), and faces no screen uses are removed. The browser then downloads a face only when
 * text needs it, in parallel with the scripts, and caches it apart from the CSS.
 */
export function fontFiles(): Plugin {
  return {
    name: 'school-directory:font-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const emitted = new Map<string, string>();
      for (const asset of Object.values(bundle)) {
        if (asset.type !== 'asset' || !asset.fileName.endsWith('.css')) continue;
        const css = typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
        asset.source = css.replace(/@font-face\s*\{([^}]*)\}/g, (block, body: string) => {
          const data = DATA_URL.exec(body);
          if (!data) return block;
          const family = declaration(body, 'font-family') ?? 'font';
          const weight = declaration(body, 'font-weight') ?? '400';
          const style = declaration(body, 'font-style') ?? 'normal';
          if (!isUsed(family, weight, style)) return '';
          const [whole, , format, base64] = data;
          let fileName = emitted.get(base64!);
          if (!fileName) {
            const slug = `${family.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${weight}${style === 'italic' ? '-italic' : ''}`;
            const ref = this.emitFile({ type: 'asset', name: `${slug}.${format}`, source: Buffer.from(base64!, 'base64') });
            fileName = this.getFileName(ref);
            emitted.set(base64!, fileName);
          }
          const url = path.posix.relative(path.posix.dirname(asset.fileName), fileName);
          const swap = declaration(body, 'font-display') ? '' : ';font-display:swap';
          return `@font-face{${body.replace(whole, `url(${url})`)}${swap}}`;
        });
      }
    },
  };
}

/**
 * The bytes of one face of a family from a stylesheet whose `@font-face` sources are data URLs (Cloudscape's
 * global styles): the printable directory embeds the app's own Open Sans (docs/decisions/printable-directory-a-pdf-built-in-the-browser.md, "Printable directory").
 */
export function fontFaceBytes(css: string, family: string, weight: string, style = 'normal'): Uint8Array {
  for (const [, body] of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const data = DATA_URL.exec(body!);
    if (!data || declaration(body!, 'font-family') !== family) continue;
    if ((declaration(body!, 'font-weight') ?? '400') !== weight || (declaration(body!, 'font-style') ?? 'normal') !== style) continue;
    return new Uint8Array(Buffer.from(data[3]!, 'base64'));
  }
  throw new Error(`no ${family} ${weight} ${style} face in the stylesheet`);
}

/** Cloudscape's global stylesheet, where the app's fonts come from. */
export const CLOUDSCAPE_STYLES = createRequire(import.meta.url).resolve('@cloudscape-design/global-styles/index.css');

/** Open Sans regular and bold, as the app ships them (WOFF2). */
export function printFontBytes(): { regular: Uint8Array; bold: Uint8Array } {
  const css = readFileSync(CLOUDSCAPE_STYLES, 'utf8');
  return { regular: fontFaceBytes(css, 'Open Sans', '400'), bold: fontFaceBytes(css, 'Open Sans', '700') };
}

export const PRINT_FONTS_MODULE = 'virtual:print-fonts';

/**
 * `virtual:print-fonts`: the URLs of the regular and bold Open Sans faces, for the printable directory's lazy
 * chunk. A build emits them as files (the same bytes as the ones fontFiles() writes for the CSS, so Rollup keeps
 * one file each and the browser usually has them cached); the dev server inlines them as data URLs.
 */
export function printFonts(): Plugin {
  const resolved = `\0${PRINT_FONTS_MODULE}`;
  let build = false;
  return {
    name: 'school-directory:print-fonts',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId: (id) => (id === PRINT_FONTS_MODULE ? resolved : undefined),
    load(id) {
      if (id !== resolved) return undefined;
      const fonts = printFontBytes();
      const url = (name: string, bytes: Uint8Array) => {
        if (!build) return JSON.stringify(`data:font/woff2;base64,${Buffer.from(bytes).toString('base64')}`);
        const ref = this.emitFile({ type: 'asset', name, source: bytes });
        return `import.meta.ROLLUP_FILE_URL_${ref}`;
      };
      return [
        `export const regular = ${url('open-sans-400.woff2', fonts.regular)};`,
        `export const bold = ${url('open-sans-700.woff2', fonts.bold)};`,
      ].join('\n');
    },
  };
}
