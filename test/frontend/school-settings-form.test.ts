import { describe, expect, it } from 'vitest';
import { formOfSettings, graduatingLevelOptions } from '../../frontend/src/features/admin-settings/model/settings-form';
import { defaultSettings } from '../../lambdas/admin/import/default-settings';
import type { SettingsLevelInput } from '@shared/contracts/school-settings-api';

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
});
