// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { ProgressionSummary } from '@shared/contracts/progression-api';
import { StartPanel } from '../../frontend/src/features/progression/components/start-panel';
import { renderWithAnswers } from './render-screen';

/**
 * Right after an apply, the progression page offers to prepare the next year at once: a trial's volunteer was one
 * click from moving every student up twice. The start says when the last one was applied and when the next belongs.
 */
afterEach(cleanup);

const COUNTS = {
  totalStudents: 120, autoProgression: 80, needsAssignment: 20, graduating: 20, assigned: 20,
  missingAssignments: 0, departing: 0, newStudents: 0, newParents: 0, parentsToRemove: 0,
};
const applied = (daysAgo: number): ProgressionSummary => ({
  id: '01JABCDEFGHJKMNPQRSTVWXYZ1', fromYear: '2026-2027', toYear: '2027-2028', phase: 'completed',
  createdAt: new Date(Date.now() - (daysAgo + 1) * 86_400_000).toISOString(),
  appliedAt: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
  counts: COUNTS,
}) as ProgressionSummary;

const start = (locale: 'fr' | 'en', completed: ProgressionSummary | null) =>
  renderWithAnswers(<StartPanel schoolYear="2027-2028" completed={completed} busy={false} onStart={() => undefined} />, { locale, answers: [] });

describe('preparing the next year right after an apply', () => {
  it.each([
    ['fr', /^Les élèves viennent de passer à 2027.2028 \(progression appliquée le .+\)\. Ne préparez 2028.2029 qu'à la fin de l'année scolaire 2027.2028/],
    ['en', /^The students have just moved to 2027.2028 \(progression applied on .+\)\. Prepare 2028.2029 only at the end of the 2027.2028 school year/],
  ] as const)('%s: warns, with the day it was applied', (locale, warning) => {
    start(locale, applied(1));
    expect(screen.getByText(warning)).toBeTruthy();
  });

  it('says nothing months later (the spring is when the next one is prepared), nor before any apply', () => {
    const { container } = start('fr', applied(200));
    expect(container.textContent).not.toContain('viennent de passer');
    cleanup();
    expect(start('fr', null).container.textContent).not.toContain('viennent de passer');
  });
});
