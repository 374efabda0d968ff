import { normalizeSearchText, parseSearchQuery } from '@shared/rules/search';

/** A half-open range `[start, end)` of UTF-16 positions in the displayed text. */
export type Range = readonly [number, number];

interface Normalized {
  /** The text as search sees it (shared/rules/search.ts): lowercase, no accents, separators as single spaces. */
  text: string;
  /** For each character of `text`, the range of the original character it came from. */
  from: number[];
  to: number[];
  /** The same without its spaces, and where each of its characters came from. */
  compact: { text: string; from: number[]; to: number[] };
}

/** Each character's normalised form, computed once: names reuse the same few dozen characters. */
const normalizedChars = new Map<string, string>();
function normalizeChar(char: string): string {
  let normalized = normalizedChars.get(char);
  if (normalized === undefined) {
    normalized = normalizeSearchText(char);
    normalizedChars.set(char, normalized);
  }
  return normalized;
}

/**
 * Normalised forms of the texts on screen, kept between keystrokes: a search list re-renders the same names
 * with every new query, and only the matching itself depends on the query. Bounded: emptied when it grows.
 */
const normalizedTexts = new Map<string, Normalized>();
const MAX_CACHED_TEXTS = 5_000;

function normalizeWithOrigins(text: string): Normalized {
  let normalized = normalizedTexts.get(text);
  if (!normalized) {
    if (normalizedTexts.size >= MAX_CACHED_TEXTS) normalizedTexts.clear();
    normalized = computeNormalized(text);
    normalizedTexts.set(text, normalized);
  }
  return normalized;
}

/** Normalises character by character, remembering where each normalised character came from. */
function computeNormalized(text: string): Normalized {
  let out = '';
  const from: number[] = [];
  const to: number[] = [];
  let pendingSpace = false;
  for (let i = 0; i < text.length; ) {
    const char = String.fromCodePoint(text.codePointAt(i)!);
    const end = i + char.length;
    const normalized = normalizeChar(char);
    if (normalized === '') {
      pendingSpace = out.length > 0;
    } else {
      if (pendingSpace) {
        out += ' ';
        from.push(i);
        to.push(i);
        pendingSpace = false;
      }
      // Per UTF-16 unit, like the string positions `indexOf` returns (a letter outside the BMP takes two).
      for (let k = 0; k < normalized.length; k++) {
        out += normalized[k];
        from.push(i);
        to.push(end);
      }
    }
    i = end;
  }
  const kept = [...out.matchAll(/[^ ]/g)].map((m) => m.index);
  const compact = { text: kept.map((k) => out[k]).join(''), from: kept.map((k) => from[k]!), to: kept.map((k) => to[k]!) };
  return { text: out, from, to, compact };
}

function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  if (needle === '') return found;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) found.push(at);
  return found;
}

function merge(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/**
 * Where a query matches a displayed text, with the same forgiveness as the search itself: each query word
 * wherever it occurs (François for "francois", Côté for "COTE"), and the query without separators across
 * hyphens, apostrophes and spaces (D'Amours for "damours", Dubé-Martin for "dube-mar"). Positions refer to
 * the original text, so accents and apostrophes stay as written inside the highlight.
 */
export function matchRanges(text: string, query: string): Range[] {
  const parsed = parseSearchQuery(query);
  if (parsed.words.length === 0 || text === '') return [];
  const normalized = normalizeWithOrigins(text);
  const ranges: Range[] = [];
  const add = (start: number, length: number, from: number[], to: number[]) => {
    ranges.push([from[start]!, to[start + length - 1]!]);
  };
  for (const word of parsed.words) {
    // A one-letter word (the « d » of « D'Amours ») only where a word starts: anywhere, it lit every d on the card
    // (« Children: », « Édouard »; a trial). The whole query without its separators still finds « D'Amours ».
    // Anywhere still when no word starts with it, so every record the search keeps shows why.
    const found = occurrences(normalized.text, word);
    const atStarts = word.length === 1 ? found.filter((at) => at === 0 || normalized.text[at - 1] === ' ') : [];
    for (const at of atStarts.length > 0 ? atStarts : found) add(at, word.length, normalized.from, normalized.to);
  }
  // The text without its spaces, for queries typed without the name's separators. Overlaps with the word
  // matches are merged below.
  const { compact } = normalized;
  for (const at of occurrences(compact.text, parsed.compact)) add(at, parsed.compact.length, compact.from, compact.to);
  return merge(ranges);
}
