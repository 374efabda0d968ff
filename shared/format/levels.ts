import type { Language, Level } from '../schemas/common';

/**
 * Level labels come from the school settings, never from code: a school may add maternelle or rename a level.
 * A code the settings do not know is shown as is, so a stale code is visible instead of blank.
 */
export function sortLevels(levels: readonly Level[]): Level[] {
  return [...levels].sort((a, b) => a.order - b.order);
}

export function levelLabel(levels: readonly Level[], code: string, lang: Language): string {
  return levels.find((level) => level.code === code)?.label[lang] ?? code;
}

/**
 * Short label of the levels a class hosts, in level order: `1re-2e` (fr) / `1-2` (en) for a multi-grade class,
 * the full label (`1re année`) for a single level.
 */
export function levelsLabel(levels: readonly Level[], codes: readonly string[], lang: Language): string {
  const known = sortLevels(levels).filter((level) => codes.includes(level.code));
  const unknown = codes.filter((code) => !levels.some((level) => level.code === code));
  if (known.length === 1 && unknown.length === 0) return known[0]!.label[lang];
  return [...known.map((level) => level.shortLabel[lang]), ...unknown].join('-');
}

/** The level after `code`, or undefined for the last level (the one that graduates) and unknown codes. */
export function nextLevel(levels: readonly Level[], code: string): Level | undefined {
  const sorted = sortLevels(levels);
  const index = sorted.findIndex((level) => level.code === code);
  return index < 0 ? undefined : sorted[index + 1];
}
