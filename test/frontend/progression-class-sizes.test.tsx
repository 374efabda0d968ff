// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ProgressionReview, ProgressionWorkspace, WorkspaceStudent } from '@shared/contracts/progression-api';
import { ReviewStep } from '../../frontend/src/features/progression/components/review-step';
import { nextYearClassSizes } from '../../frontend/src/features/progression/model/class-sizes';
import { createI18n } from '../../frontend/src/i18n/i18n';

/**
 * The review step's next-year classes (docs/progression.md, "Review"): each class's size as the plan stands, and a
 * warning when one has far more than the average. A trial placed a whole grade in one class (52 students beside
 * classes of 9 to 12) and applied without a word from the screen.
 */
afterEach(cleanup);

const levels = [1, 2, 3].map((n) => ({ code: `G${n}`, order: n, label: { fr: `${n}e année`, en: `Grade ${n}` }, shortLabel: { fr: `${n}e`, en: String(n) } }));
const classes = ['A', 'B', 'C'].map((code, i) => ({ id: `c-${code}`, code, name: `Classe ${code}`, levels: [`G${i + 1}`] }));
let n = 0;
const student = (targetClassId: string | undefined, over: Partial<WorkspaceStudent> = {}): WorkspaceStudent => ({
  studentId: `s-${++n}`, firstName: 'Élève', lastName: `Nom${n}`, currentLevel: 'G1', currentClassId: 'c-A', newLevel: 'G2',
  outcome: 'stays', candidateClassIds: [], ...(targetClassId ? { targetClassId } : {}), parentIds: [], ...over,
});
const many = (count: number, classId: string) => Array.from({ length: count }, () => student(classId));
const workspace = (students: WorkspaceStudent[], newInB = 0) =>
  ({
    levels, classes, students,
    newStudents: Array.from({ length: newInB }, (_, i) => ({ studentId: `n-${i}`, student: { firstName: 'Nouvel', lastName: `Élève${i}`, level: 'G2', classId: 'c-B' } })),
  }) as unknown as ProgressionWorkspace;

describe('next year class sizes', () => {
  it('counts who stays or is placed and the new students; graduates, departures and students without a class are not counted', () => {
    const sizes = nextYearClassSizes(
      workspace([...many(10, 'c-A'), student('c-A', { outcome: 'graduates' }), student('c-A', { departing: {} }), student(undefined), ...many(8, 'c-B')], 2),
    );
    expect(sizes.classes.map((c) => [c.classId, c.students])).toEqual([['c-A', 10], ['c-B', 10], ['c-C', 0]]);
    expect(sizes.average).toBe(10);
    expect(sizes.classes.some((c) => c.crowded)).toBe(false);
  });

  it('marks a class with half again the average and five more students; not a small difference in a small school', () => {
    const crowded = nextYearClassSizes(workspace([...many(40, 'c-A'), ...many(10, 'c-B'), ...many(12, 'c-C')]));
    expect(crowded.classes.filter((c) => c.crowded).map((c) => c.classId)).toEqual(['c-A']);
    const small = nextYearClassSizes(workspace([...many(6, 'c-A'), ...many(2, 'c-B'), ...many(2, 'c-C')]));
    expect(small.classes.some((c) => c.crowded)).toBe(false);
  });
});

const review = {
  progression: { toYear: '2026-2027', counts: {} }, blockers: [], ready: true,
  moves: [], missingAssignments: [], arrivals: [], departures: [], graduations: [], parentsRemoved: [], parentsKept: [], newParents: [], classChanges: [], studentsWithoutParent: [],
} as unknown as ProgressionReview;

describe('the review step', () => {
  it.each([
    ['fr', "Classes l'an prochain", /^Beaucoup plus d'élèves que la moyenne \(20,7\)\s:\s/, 'Corriger', 'Classe B (2e année)\u00a0: 10 élèves'],
    ['en', "Next year's classes", /^Far more students than the average \(20\.7\): /, 'Fix it', 'Classe B (Grade 2): 10 students'],
  ] as const)('lists next year\'s classes and warns of a crowded one, with the way back to step 2 (%s)', (lang, title, warning, fix, line) => {
    const goneTo: string[] = [];
    render(
      <I18nextProvider i18n={createI18n(lang)}>
        <ReviewStep workspace={workspace([...many(40, 'c-A'), ...many(10, 'c-B'), ...many(12, 'c-C')])} review={review} loading={false} error={null} onRetry={() => undefined} onGoTo={(step) => goneTo.push(step)} />
      </I18nextProvider>,
    );
    screen.getByRole('heading', { name: new RegExp(`^${title}`) });
    expect(document.body.textContent).toContain(line);
    const alert = screen.getByText(warning);
    expect(alert.textContent).toMatch(/Classe A/);
    expect(alert.textContent).toMatch(/40/);
    fireEvent.click(screen.getAllByRole('button', { name: fix }).at(-1)!);
    expect(goneTo).toEqual(['assignments']);
  });

  it.each([
    ['fr', "2 fiches ont changé depuis l'analyse.", /Relisez-le \(«\s?Relire le bottin\s?», au premier écran\)/, /pas encore de classe/],
    ['en', '2 records changed since the analysis.', /Use “Look at the directory again” \(on the first screen\)/, /no class for next year/],
  ] as const)('says a stale analysis as records changed, and names the button that reads the directory again (%s)', (lang, changed, button, fixWords) => {
    const goneTo: string[] = [];
    const stale = { ...review, ready: false, blockers: [{ code: 'ANALYSIS_STALE', ids: ['s1', 's2'] }] } as unknown as ProgressionReview;
    render(
      <I18nextProvider i18n={createI18n(lang)}>
        <ReviewStep workspace={workspace(many(3, 'c-A'))} review={stale} loading={false} error={null} onRetry={() => undefined} onGoTo={(step) => goneTo.push(step)} />
      </I18nextProvider>,
    );
    screen.getByText(changed);
    expect(document.body.textContent).toMatch(button);
    expect(document.body.textContent).not.toMatch(fixWords);
  });

  it.each([
    ['fr', "83 élèves n'ont pas encore de classe pour l'an prochain.", '1 nouveau parent a une adresse courriel déjà utilisée par un autre parent.'],
    ['en', '83 students have no class for next year yet.', '1 new parent has an email address another parent already uses.'],
  ] as const)('says what stops the apply in words of the school, not « items » (%s)', (lang, missing, duplicate) => {
    const blocked = {
      ...review,
      ready: false,
      blockers: [
        { code: 'ASSIGNMENTS_MISSING', ids: Array.from({ length: 83 }, (_, i) => `s${i}`) },
        { code: 'DUPLICATE_EMAIL', ids: ['p1'] },
      ],
    } as unknown as ProgressionReview;
    render(
      <I18nextProvider i18n={createI18n(lang)}>
        <ReviewStep workspace={workspace(many(3, 'c-A'))} review={blocked} loading={false} error={null} onRetry={() => undefined} onGoTo={() => undefined} />
      </I18nextProvider>,
    );
    screen.getByText(missing);
    screen.getByText(duplicate);
  });
});
