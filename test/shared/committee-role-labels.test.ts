import { describe, expect, it } from 'vitest';
import { ambiguousTokens, resolveCode, ROLE_LABELS } from '@shared/rules/import-values';
import { COMMITTEE_ROLES } from '@shared/schemas/committee-roles';

/** The coordinator's French label spelled out, and a file with the former label still imported (issue 30). */
describe('committee role labels', () => {
  it('says « Coordonnateur ou coordonnatrice »', () => {
    expect(COMMITTEE_ROLES.coordinator.label.fr).toBe('Coordonnateur ou coordonnatrice');
  });

  it('imports the new label, the former « Coordonnateur(trice) », the English one and the code', () => {
    for (const cell of ['Coordonnateur ou coordonnatrice', 'Coordonnateur(trice)', 'coordonnateur (trice)', 'Coordinator', 'coordinator']) {
      expect(resolveCode(ROLE_LABELS, cell)).toBe('coordinator');
    }
    expect(ambiguousTokens(ROLE_LABELS)).toEqual([]);
  });
});
