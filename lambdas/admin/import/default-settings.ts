import type { Level } from '@shared/schemas/common';
import type { SchoolSettings } from '@shared/schemas/settings';

const ORDINALS_FR = ['1re', '2e', '3e', '4e', '5e', '6e'];

/**
 * Settings for a table that has none (a new deployment loaded from CSV files): a Québec primary school, grades 1
 * to 6 (codes G1 to G6, which the level columns also accept as `1re année` or `Grade 1`), two grades per class,
 * and the school year under way on `now` (it turns in August). Administrators adjust them afterwards.
 */
export function defaultSettings(now: Date, schoolName = 'École'): SchoolSettings {
  const levels: Level[] = ORDINALS_FR.map((ordinal, i) => ({
    code: `G${i + 1}`,
    order: i + 1,
    label: { fr: `${ordinal} année`, en: `Grade ${i + 1}` },
    shortLabel: { fr: ordinal, en: String(i + 1) },
  }));
  const year = now.getUTCMonth() >= 7 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  return {
    schoolName,
    schoolYear: `${year}-${year + 1}`,
    contact: {},
    levels,
    graduatingLevel: 'G6',
    classStructure: 'multiGrade',
    version: 1,
    updatedAt: now.toISOString(),
  };
}
