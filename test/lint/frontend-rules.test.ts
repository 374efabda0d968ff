import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rules that keep the frontend's layers and its short functions (eslint.config.js,
 * docs/frontend.md), run through ESLint's own API on small sources at virtual paths in frontend/src.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const longFunction = (lines: number) =>
  `export function tooLong(): number {\n  let total = 0;\n${'  total += 1;\n'.repeat(lines)}  return total;\n}\n`;

describe('frontend lint rules', () => {
  it('fails when a feature imports another feature', async () => {
    const code = "import { thing } from '../../staff/model/thing';\nexport const used = thing;\n";
    expect(await ruleIds(code, 'frontend/src/features/parents/components/list.ts')).toContain('local/frontend-layers');
  });

  it('fails when shared components or lib import a feature, even dynamically', async () => {
    const component = "import { thing } from '../../features/staff/model/thing';\nexport const used = thing;\n";
    expect(await ruleIds(component, 'frontend/src/components/directory/list.ts')).toContain('local/frontend-layers');
    const lib = "export const load = () => import('../features/staff/pages/staff-page');\n";
    expect(await ruleIds(lib, 'frontend/src/lib/loader.ts')).toContain('local/frontend-layers');
  });

  it('fails on a function over 80 lines', async () => {
    expect(await ruleIds(longFunction(80), 'frontend/src/lib/long.ts')).toContain('max-lines-per-function');
  });

  it('has no exception to the function length anywhere in frontend/src', async () => {
    const config = (await eslint.calculateConfigForFile('frontend/src/features/auth/pages/sign-in-form.tsx')) as {
      rules: Record<string, unknown>;
    };
    expect(config.rules['max-lines-per-function']).toEqual([2, { max: 80, skipBlankLines: true, skipComments: true }]);
    expect(await ruleIds(longFunction(80), 'frontend/src/features/progression/pages/school-progression-page.tsx')).toContain(
      'max-lines-per-function',
    );
  });

  it('passes a clean file: its own feature, lib, components, and app composing features', async () => {
    const feature = [
      "import { own } from '../model/own';",
      "import { useLanguage } from '../../../lib/use-language';",
      "import { EmptyState } from '../../../components/directory/empty-state';",
      'export const used = [own, useLanguage, EmptyState];',
      '',
    ].join('\n');
    expect(await ruleIds(feature, 'frontend/src/features/parents/components/list.ts')).toEqual([]);
    const app = "export const load = () => import('../features/staff/pages/staff-page');\n";
    expect(await ruleIds(app, 'frontend/src/app/routes-extra.ts')).toEqual([]);
    expect(await ruleIds(longFunction(70), 'frontend/src/lib/short.ts')).toEqual([]);
  });
});

/** Every source file under a folder, recursively. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe('frontend comments', () => {
  const files = sourceFiles('frontend/src').map((file) => ({ file, text: readFileSync(file, 'utf8') }));

  it('cite no document outside the repository', () => {
    const outside = /\bspec\b|§\d|ARCHITECTURE|product-spec|STYLE\.md|DOMAIN\.md|issue #?\d/i;
    const found = files.flatMap(({ file, text }) =>
      text.split('\n').flatMap((line, index) => (outside.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('cite docs/ files that exist', () => {
    const cited = new Set(files.flatMap(({ text }) => [...text.matchAll(/docs\/[\w-]+\.md/g)].map((match) => match[0])));
    expect(cited.size).toBeGreaterThan(0);
    expect([...cited].filter((doc) => !existsSync(doc))).toEqual([]);
  });
});
