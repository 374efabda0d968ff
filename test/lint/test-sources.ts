import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The test sources, read for the checks on how test files share a module cache (vitest.config.ts). */
export const ROOT = path.resolve(__dirname, '../..');

/** Every file under `dir` (relative to the repository), recursively. */
export function files(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    if (statSync(path.join(ROOT, relative)).isDirectory()) return files(relative);
    return [relative];
  });
}

export const text = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The file and the files under test/ it imports (relative imports, followed once). */
export function withTestImports(file: string): string[] {
  const imports = [...text(file).matchAll(/from '(\.[^']+)'|import\('(\.[^']+)'\)/g)].map((match) => match[1] ?? match[2]);
  const local = imports
    .map((specifier) => path.normalize(path.join(path.dirname(file), specifier!)))
    .filter((resolved) => resolved.startsWith('test/'))
    .flatMap((resolved) => ['', '.ts', '.tsx'].map((ext) => resolved + ext))
    .filter((candidate) => {
      try {
        return statSync(path.join(ROOT, candidate)).isFile();
      } catch {
        return false;
      }
    });
  return [file, ...local];
}
