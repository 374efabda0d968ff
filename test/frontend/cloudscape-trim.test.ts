import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cloudscapeTrim } from '../../frontend/build/cloudscape-trim';

/** What frontend/build/cloudscape-trim.ts changes in Cloudscape's modules, run on the installed Cloudscape. */
const require = createRequire(import.meta.url);
const library = path.dirname(require.resolve('@cloudscape-design/components/package.json'));
const scratch = mkdtempSync(path.join(os.tmpdir(), 'cloudscape-trim-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Transform = (code: string, id: string) => { code: string } | null;
const transform = cloudscapeTrim().transform as unknown as Transform;
const errors: string[] = [];
const context = { error: (message: string) => errors.push(message) };

/** The module as the build gives it, written where it can be imported (its imports resolved from where it lives). */
async function trimmed<T>(relative: string): Promise<T> {
  const file = path.join(library, relative);
  const result = transform.call(context, readFileSync(file, 'utf8'), file);
  expect(errors).toEqual([]);
  // The build changes this module (a transform that returned it untouched would make the checks below vacuous).
  expect(result?.code).toBeDefined();
  // Without its source map comment: the map stays next to the original.
  let code = result!.code.replace(/\/\/# sourceMappingURL=.*$/m, '');
  const fromLibrary = createRequire(file);
  code = code.replace(/from '([^']+)'/g, (_, specifier: string) => {
    const target = specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : fromLibrary.resolve(specifier);
    return `from '${pathToFileURL(target).href}'`;
  });
  const out = path.join(scratch, relative.replaceAll('/', '_'));
  writeFileSync(out, code);
  return (await import(/* @vite-ignore */ pathToFileURL(out).href)) as T;
}

describe("Cloudscape's modules as the build trims them", () => {
  it('still refuses javascript: URLs, and returns at once for the app\'s relative links', async () => {
    const { checkSafeUrl } = await trimmed<{ checkSafeUrl: (component: string, url?: string) => void }>('internal/utils/check-safe-url.js');
    for (const url of ['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', '\u0001javascript:void(1)']) {
      expect(() => checkSafeUrl('Link', url), JSON.stringify(url)).toThrow(/javascript: URL was blocked/);
    }
    for (const url of ['/parents', 'parents?q=a', '#main', 'https://ecole.example.org/', 'mailto:a@b.ca', 'tel:+15145551234', 'javascript:void(0)', undefined]) {
      expect(() => checkSafeUrl('Link', url), JSON.stringify(url)).not.toThrow();
    }
  });
});

describe("the toolkit's colour-mode observer", () => {
  // The toolkit as Cloudscape's components import it (a dependency of theirs, not of the app).
  const fromComponents = createRequire(path.join(library, 'package.json'));
  const file = path.join(path.dirname(fromComponents.resolve('@cloudscape-design/component-toolkit/package.json')), 'mjs/internal/visual-mode/index.js');
  const source = readFileSync(file, 'utf8');
  const run = (code: string) => {
    errors.length = 0;
    const result = transform.call(context, code, file);
    return { code: result?.code, errors: [...errors] };
  };
  afterAll(() => {
    errors.length = 0;
  });

  it('watches class names only, the one attribute its dark-mode, density and reduced-motion checks read', () => {
    const { code, errors: found } = run(source);
    expect(found).toEqual([]);
    expect(code!.split("attributeFilter: ['class']")).toHaveLength(2);
    expect(code).not.toContain('{ attributes: true, subtree: true }');
  });

  it('fails the build when a check reads anything but a class name, or the observer changed', () => {
    const readsAttribute = source.replace("node.classList.contains('awsui-dark-mode')", "node.getAttribute('data-theme') === 'dark'");
    expect(readsAttribute).not.toBe(source);
    expect(run(readsAttribute).errors).toHaveLength(1);
    const observesMore = source.replace('{ attributes: true, subtree: true }', '{ attributes: true, childList: true, subtree: true }');
    expect(run(observesMore).errors).toHaveLength(1);
  });
});
