import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@shared/contracts/error-codes';
import { INCIDENT_COLUMNS } from '@shared/contracts/privacy-incidents-api';
import en from '../../frontend/src/i18n/en.json';
import fr from '../../frontend/src/i18n/fr.json';

type Tree = { [key: string]: unknown };

/** Every leaf of a nested translation file as `a.b.c` -> value. */
function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of leaves(value as Tree, path)) out.set(k, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

function keyDifferences(a: Tree, b: Tree): { onlyInA: string[]; onlyInB: string[] } {
  const ka = new Set(leaves(a).keys());
  const kb = new Set(leaves(b).keys());
  return { onlyInA: [...ka].filter((k) => !kb.has(k)), onlyInB: [...kb].filter((k) => !ka.has(k)) };
}

function badValues(tree: Tree): string[] {
  return [...leaves(tree)].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
}

/**
 * Keys written twice in one object of a JSON text (JSON.parse keeps the last silently, so an edit to the first copy
 * would change nothing on screen). A small scanner over strings and braces: each object has its own key set.
 */
function duplicateKeys(text: string): string[] {
  const scopes: Set<string>[] = [];
  const found: string[] = [];
  const token = /"((?:[^"\\]|\\.)*)"(\s*:)?|[{}[\]]/g;
  for (const match of text.matchAll(token)) {
    if (match[0] === '{') scopes.push(new Set());
    else if (match[0] === '}') scopes.pop();
    else if (match[2] && scopes.length > 0) {
      const scope = scopes[scopes.length - 1]!;
      const key = match[1]!;
      if (scope.has(key)) found.push(key);
      scope.add(key);
    }
  }
  return found;
}

// `{name, de}`: the value with a format (French "de" elided before the name, frontend/src/i18n/i18n.ts).
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)(?:, ?\w+)?\}/g)].map((m) => m[1]).sort();

describe('translation files', () => {
  it('the comparison itself notices a missing key on either side and an empty value', () => {
    expect(keyDifferences({ a: { b: 'x', c: 'y' } }, { a: { b: 'x' } })).toEqual({ onlyInA: ['a.c'], onlyInB: [] });
    expect(keyDifferences({ a: 'x' }, { a: 'x', d: { e: 'z' } })).toEqual({ onlyInA: [], onlyInB: ['d.e'] });
    expect(badValues({ a: { b: ' ' }, c: 'ok', d: 3 })).toEqual(['a.b', 'd']);
  });

  it('no key is written twice in one object of either file', () => {
    expect(duplicateKeys('{"a": {"b": "x", "b": "y"}, "c": {"b": "z"}, "d": "{\\"e\\": 1}"}')).toEqual(['b']);
    for (const file of ['fr', 'en']) {
      expect(duplicateKeys(readFileSync(`frontend/src/i18n/${file}.json`, 'utf8')), file).toEqual([]);
    }
  });

  it('fr.json and en.json have exactly the same keys', () => {
    expect(keyDifferences(fr, en)).toEqual({ onlyInA: [], onlyInB: [] });
  });

  it('no translation is empty or anything but text', () => {
    expect(badValues(fr)).toEqual([]);
    expect(badValues(en)).toEqual([]);
  });

  it('each key uses the same {placeholders} in both languages', () => {
    const enLeaves = leaves(en);
    const mismatched = [...leaves(fr)]
      .filter(([key, value]) => {
        const other = enLeaves.get(key);
        return typeof value === 'string' && typeof other === 'string' && placeholders(value).join() !== placeholders(other).join();
      })
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it('every API error code has a message (errors.<CODE>)', () => {
    const keys = new Set(leaves(fr).keys());
    expect(ERROR_CODES.filter((code) => !keys.has(`errors.${code}`))).toEqual([]);
  });

  it('French text uses Québec vocabulary: courriel, not e-mail', () => {
    const offending = [...leaves(fr)]
      .filter(([, v]) => typeof v === 'string' && /e-?mail/i.test(v.replace(/\{\w+\}/g, '')))
      .map(([k]) => k);
    expect(offending).toEqual([]);
  });

  it("English says Law 25's 'serious harm' (préjudice sérieux), never 'injury'", () => {
    const offending = [...leaves(en)].filter(([, v]) => typeof v === 'string' && /injur/i.test(v)).map(([k]) => k);
    expect(offending).toEqual([]);
    expect(INCIDENT_COLUMNS.filter((column) => /injur/i.test(column.en))).toEqual([]);
  });

  it("French names the directory with one word everywhere: 'bottin', never 'répertoire'", () => {
    const offending = [...leaves(fr)].filter(([, v]) => typeof v === 'string' && /répertoire/i.test(v)).map(([k]) => k);
    expect(offending).toEqual([]);
  });
});
