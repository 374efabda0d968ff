import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Font faces the app's screens use, per family: `<weight>` or `<weight> italic`. Cloudscape's global styles
 * declare eight Open Sans faces; its components (docs/decisions.md, "Fonts as files") use 400 and 700, and the
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
