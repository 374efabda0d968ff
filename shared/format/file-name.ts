import { normalizeSearchText } from '../rules/search';

/**
 * A name for a downloaded file (`marie-eve-o-brien-cote`, `boeuf`): lowercase ASCII letters and digits joined by
 * hyphens, so every system keeps it; accents dropped and « œ » written « oe » (a trial's « Dubœuf » became
 * `dub-uf`), anything else a separator. Empty when nothing is left.
 */
export function fileNameSlug(text: string): string {
  return normalizeSearchText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
