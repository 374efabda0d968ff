import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@shared/contracts/error-codes';
import fr from '../../frontend/src/i18n/fr.json';
import en from '../../frontend/src/i18n/en.json';

/**
 * The error catalogue (shared/contracts/error-codes.ts) against the sentences the screens show (`errors.<code>`, through
 * useErrorText and the campaign page): every code the server can return has its own sentence in French and in
 * English, not a screen's generic fallback and not another code's words, and each sentence says what to do (an
 * imperative: « Rechargez », « Communiquez » / "Reload", "Contact"...). A code without one shows a generic or wrong
 * sentence: starting a school year whose campaign exists once read « Ces renseignements ont été modifiés
 * entre-temps », which no reload could fix.
 */
type Dictionary = Record<string, unknown>;
const LANGUAGES: [string, Dictionary][] = [
  ['fr', fr],
  ['en', en],
];

/** Every string of a dictionary, by dotted key. */
function flatten(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
  return [];
}

/** The screens' fallbacks when a code has no sentence of its own (`*.generic`, `*.failed`, `*.loadFailed`...). */
function genericSentences(dictionary: Dictionary): Set<string> {
  return new Set(
    flatten(dictionary)
      .filter(([key]) => !key.startsWith('errors.') && /\.(generic|failed|loadFailed|submitFailed|saveFailed|unknown)$/.test(key))
      .map(([, text]) => text),
  );
}

/** French vous-imperatives end in -ez (« Rechargez », « Communiquez-vous »); « vous avez » is no instruction. */
const FRENCH_INSTRUCTION = /(?<!vous )(?<![\p{L}'])[\p{L}]+ez(?![\p{L}])/u;
const ENGLISH_INSTRUCTION =
  /\b(reload|try|sign in|sign out|check|contact|wait|choose|close|assign|run|appoint|reopen|ask|write|link|use|move|verify|correct|shorten|follow|type|start|enter|select)\b/i;

describe('the error catalogue (shared/contracts/error-codes.ts)', () => {
  it.each(LANGUAGES)('gives every code its own sentence in %s, not a generic one', (_lang, dictionary) => {
    const sentences = (dictionary.errors ?? {}) as Record<string, string>;
    const generic = genericSentences(dictionary);
    const problems: string[] = [];
    const seen = new Map<string, string>();
    for (const code of ERROR_CODES) {
      const text = sentences[code];
      if (!text?.trim()) {
        problems.push(`${code}: no sentence (the screen falls back to its generic message)`);
        continue;
      }
      if (generic.has(text)) problems.push(`${code}: the generic sentence "${text}"`);
      const other = seen.get(text);
      if (other) problems.push(`${code}: the same words as ${other}`);
      seen.set(text, code);
    }
    expect(problems).toEqual([]);
  });

  it.each(LANGUAGES)('says what to do for every code in %s', (lang, dictionary) => {
    const sentences = (dictionary.errors ?? {}) as Record<string, string>;
    const instruction = lang === 'fr' ? FRENCH_INSTRUCTION : ENGLISH_INSTRUCTION;
    const silent = ERROR_CODES.filter((code) => sentences[code] !== undefined && !instruction.test(sentences[code]));
    expect(silent, 'sentences that only state the problem').toEqual([]);
  });

  it('has no sentence for a code the server cannot return', () => {
    for (const [, dictionary] of LANGUAGES) {
      const extra = Object.keys((dictionary.errors ?? {}) as object).filter((code) => !(ERROR_CODES as readonly string[]).includes(code));
      expect(extra).toEqual([]);
    }
  });
});
