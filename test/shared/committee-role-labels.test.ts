import { describe, expect, it } from 'vitest';
import { ambiguousTokens, resolveCode, ROLE_LABELS } from '@shared/rules/import-values';
import { COMMITTEE_ROLES } from '@shared/schemas/committee-roles';

/** The French labels spelled out (no « (trice) », « (ère) »), and a file with a former label still imported. */
describe('committee role labels', () => {
  it('says « Coordonnateur ou coordonnatrice », « Trésorier ou trésorière », « Administrateur ou administratrice »', () => {
    expect(COMMITTEE_ROLES.coordinator.label.fr).toBe('Coordonnateur ou coordonnatrice');
    expect(COMMITTEE_ROLES.treasurer.label.fr).toBe('Trésorier ou trésorière');
    expect(COMMITTEE_ROLES.director.label.fr).toBe('Administrateur ou administratrice');
    expect(Object.values(COMMITTEE_ROLES).filter((role) => /\((trice|ère)\)/.test(role.label.fr))).toEqual([]);
  });

  it('imports the former « Trésorier(ère) » and « Administrateur(trice) »', () => {
    expect(resolveCode(ROLE_LABELS, 'Trésorier(ère)')).toBe('treasurer');
    expect(resolveCode(ROLE_LABELS, 'Administrateur(trice)')).toBe('director');
    expect(resolveCode(ROLE_LABELS, 'Trésorier ou trésorière')).toBe('treasurer');
  });

  it('imports the new label, the former « Coordonnateur(trice) », the English one and the code', () => {
    for (const cell of ['Coordonnateur ou coordonnatrice', 'Coordonnateur(trice)', 'coordonnateur (trice)', 'Coordinator', 'coordinator']) {
      expect(resolveCode(ROLE_LABELS, cell)).toBe('coordinator');
    }
    expect(ambiguousTokens(ROLE_LABELS)).toEqual([]);
  });
});
