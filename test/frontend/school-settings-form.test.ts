import { describe, expect, it } from 'vitest';
import { formOfSettings, graduatingLevelOptions, levelUses, usesOfRow } from '../../frontend/src/features/admin-settings/model/settings-form';
import { defaultSettings } from '../../lambdas/admin/import/default-settings';
import { IssueCollector, type ImportTable } from '../../lambdas/admin/import/issues';
import { readSchoolSettings } from '../../lambdas/admin/import/school-settings';
import {
  LEVEL_FIELDS_ON_FORM,
  SCHOOL_FIELDS_ON_FORM,
  settingsFormOf,
  type SettingsLevelInput,
  type SettingsUpdate,
} from '@shared/contracts/school-settings-api';
import { checkSettingsForm } from '@shared/rules/school-settings-form';
import { SCHOOL_NAME_MAX_LENGTH } from '@shared/schemas/settings';

/** The school settings screen's form (frontend/src/features/admin-settings/model/settings-form.ts). */
describe('the school settings form', () => {
  const levels: SettingsLevelInput[] = [
    { levelCode: 'g5', levelFr: '5e année', levelEn: 'Grade 5', shortFr: '5e', shortEn: '5' },
    { levelCode: 'G6', levelFr: '6e année', levelEn: 'Grade 6', shortFr: '6e', shortEn: '6' },
    { levelCode: 'X1', levelFr: 'Classe d’accueil', levelEn: '', shortFr: 'Acc.', shortEn: '' },
    { levelCode: ' ', levelFr: '', levelEn: '', shortFr: '', shortEn: '' },
  ];

  it("names the graduating level's choices in the reader's language, French only where English is missing", () => {
    expect(graduatingLevelOptions(levels, 'The last level of the list', 'en')).toEqual([
      { value: '', label: 'The last level of the list' },
      { value: 'G5', label: 'G5 · Grade 5' },
      { value: 'G6', label: 'G6 · Grade 6' },
      { value: 'X1', label: 'X1 · Classe d’accueil' },
    ]);
    expect(graduatingLevelOptions(levels, 'Le dernier niveau', 'fr').map((o) => o.label)).toEqual([
      'Le dernier niveau',
      'G5 · 5e année',
      'G6 · 6e année',
      'X1 · Classe d’accueil',
    ]);
  });

  it('starts from the stored settings with the phone as it is shown everywhere, not its digits', () => {
    const settings = defaultSettings(new Date('2026-08-01T12:00:00Z'), 'École des Érables');
    const stored = { ...settings, contact: { ...settings.contact, phone: '5145550100' } };
    const form = formOfSettings(stored, 3);
    expect(form.phone).toBe('514 555-0100');
    expect(form.version).toBe(3);
    expect(formOfSettings({ ...settings, contact: {} }, 0).phone).toBe('');
  });

  /** The form as the school file, the way the server reads it (lambdas/admin/settings/settings-service.ts). */
  const importIssues = (form: Omit<SettingsUpdate, 'version'>) => {
    const fields = [...SCHOOL_FIELDS_ON_FORM, ...LEVEL_FIELDS_ON_FORM];
    const columns = new Map(fields.map((field, i) => [field, { column: i + 1, header: field }]));
    const rows = form.levels.map((level, i) => ({
      line: i + 1,
      values: { ...Object.fromEntries(LEVEL_FIELDS_ON_FORM.map((f) => [f, level[f].trim()])), ...(i === 0 ? Object.fromEntries(SCHOOL_FIELDS_ON_FORM.map((f) => [f, form[f].trim()])) : {}) },
    }));
    const table: ImportTable = { file: 'settings', entity: 'school', columns, rows };
    const issues = new IssueCollector();
    readSchoolSettings(table, undefined, '2026-09-01T12:00:00.000Z', issues);
    return issues.errors.map((i) => `${i.field && LEVEL_FIELDS_ON_FORM.includes(i.field as never) ? `levels.${i.line - 1}.` : ''}${i.field}:${i.code}:${JSON.stringify(i.params ?? {})}`).sort();
  };
  const checkIssues = (form: Omit<SettingsUpdate, 'version'>) => checkSettingsForm(form).map((i) => `${i.path}:${i.code}:${JSON.stringify(i.params ?? {})}`).sort();

  it('counts the classes and the students holding each level apart, as the server counts their sum', () => {
    const directory = {
      classes: [{ levels: ['G5', 'G6'] }, { levels: ['G6', 'G6'] }],
      students: [{ level: 'G6' }, { level: 'X1' }, { level: 'X1' }],
    } as unknown as Parameters<typeof levelUses>[0];
    const uses = levelUses(directory);
    expect(Object.fromEntries(uses)).toEqual({ G5: { classes: 1, students: 0 }, G6: { classes: 2, students: 1 }, X1: { classes: 0, students: 2 } });
    // Row by row (codes as typed: trimmed, upper-cased); the empty row, and a code another row repeats, can go.
    expect(levels.map((_, index) => usesOfRow(levels, index, uses))).toEqual([{ classes: 1, students: 0 }, { classes: 2, students: 1 }, { classes: 0, students: 2 }, undefined]);
    expect(usesOfRow([...levels, { ...levels[1]!, levelCode: 'g6 ' }], 1, uses)).toBeUndefined();
  });

  it("checks the form's cells as the school file's reader does: same codes, same limits, same parameters", () => {
    const good = settingsFormOf(defaultSettings(new Date('2026-09-01T12:00:00Z'), 'École des Érables'));
    expect(checkSettingsForm(good)).toEqual([]);
    const bad: Omit<SettingsUpdate, 'version'>[] = [
      { ...good, schoolName: ' ', phone: '514-ECOLE-00', schoolYear: '2025' },
      { ...good, schoolName: 'É'.repeat(SCHOOL_NAME_MAX_LENGTH + 1), email: 'pas-un-courriel', street: 'x'.repeat(201), postalCode: 'H2X' },
      { ...good, city: 'Montréal' },
      { ...good, levels: good.levels.map((level, i) => (i === 1 ? { ...level, levelCode: 'g1', levelEn: '', shortFr: 'x'.repeat(21) } : i === 2 ? { ...level, levelCode: 'g 3!' } : level)) },
    ];
    for (const form of bad) {
      expect(checkIssues(form).length).toBeGreaterThan(0);
      expect(checkIssues(form)).toEqual(importIssues(form));
    }
    // What only the form can get wrong once the cells are right: a graduating level no longer in the list.
    expect(checkIssues({ ...good, graduatingLevel: 'G9' })).toEqual(['graduatingLevel:UNKNOWN_LEVEL:{"value":"G9"}']);
    expect(importIssues({ ...good, graduatingLevel: 'G9' })).toEqual(['graduatingLevel:UNKNOWN_LEVEL:{"value":"G9"}']);
  });
});
