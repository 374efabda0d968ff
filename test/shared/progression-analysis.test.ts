import { describe, expect, it } from 'vitest';
import { analyseSchool, classesHosting, countAnalysis, mergeAnalysis, nextLevelCode } from '../../lambdas/progression/analysis';
import { parentDecisions } from '../../lambdas/progression/decisions';
import { blockers, buildModel, liveCounts } from '../../lambdas/progression/model';
import { reviewView, workspaceView } from '../../lambdas/progression/views';
import { generateSchool } from '../../local/demo/generate-school';
import type { Progression, StagedStudentChange } from '@shared/schemas/progression';
import { AT, id, LEVELS, newStudent, PROGRESSION_ID, schoolClass, staging, student, tinySchool } from './progression-fixture';

/**
 * The progression's analysis, parent decisions, blockers and views (lambdas/progression/*): pure rules, no AWS,
 * so they run in the unit project.
 */

const rows = (school = tinySchool()): StagedStudentChange[] =>
  analyseSchool(school).map((analysis) => ({ progressionId: PROGRESSION_ID, ...analysis }));
const row = (list: StagedStudentChange[], label: string) => list.find((r) => r.studentId === id(label))!;
const header: Progression = {
  id: PROGRESSION_ID, fromYear: '2025-2026', toYear: '2026-2027', phase: 'review', totalStudents: 6, autoProgression: 2,
  needsAssignment: 2, graduating: 2, newStudents: 0, departing: 0, createdBy: 'sub', createdAt: AT, version: 1,
};

describe('analysis', () => {
  it('keeps the class when it hosts the next grade, needs a class otherwise, graduates at the graduating level', () => {
    const analysed = rows();
    expect(row(analysed, 's1')).toMatchObject({ outcome: 'stays', currentLevel: 'G1', newLevel: 'G2' });
    expect(row(analysed, 's2')).toMatchObject({ outcome: 'needsAssignment', newLevel: 'G3' });
    expect(row(analysed, 's6')).toMatchObject({ outcome: 'needsAssignment', newLevel: 'G5' });
    expect(row(analysed, 's4')).toMatchObject({ outcome: 'stays', newLevel: 'G6' });
    expect(row(analysed, 's3')).toMatchObject({ outcome: 'graduates' });
    expect(row(analysed, 's3')).not.toHaveProperty('newLevel');
    expect(countAnalysis(analysed)).toEqual({ totalStudents: 6, autoProgression: 2, needsAssignment: 2, graduating: 2 });
  });

  it('counts the demo school by grade: first grades of a pair stay, second grades move, grade 6 graduates', () => {
    const school = generateSchool({ families: 60 });
    const byLevel = (level: string) => school.students.filter((s) => s.level === level).length;
    expect(countAnalysis(analyseSchool(school))).toEqual({
      totalStudents: school.students.length,
      autoProgression: byLevel('G1') + byLevel('G3') + byLevel('G5'),
      needsAssignment: byLevel('G2') + byLevel('G4'),
      graduating: byLevel('G6'),
    });
  });

  it('with single-grade classes everyone needs a class except graduates', () => {
    const school = tinySchool();
    school.classes = LEVELS.map((level) => schoolClass(level.code.toLowerCase(), [level.code]));
    school.students = [student('x1', 'G1', 'g1'), student('x2', 'G3', 'g3'), student('x3', 'G6', 'g6')];
    expect(analyseSchool(school).map((r) => r.outcome)).toEqual(['needsAssignment', 'needsAssignment', 'graduates']);
  });

  it('reads levels and the graduating level from the settings (maternelle, another graduating level, unknown codes)', () => {
    const kindergarten = { code: 'K', order: 0, label: { fr: 'Maternelle', en: 'Kindergarten' }, shortLabel: { fr: 'M', en: 'K' } };
    const withK = { levels: [...LEVELS, kindergarten], graduatingLevel: 'G6' };
    expect(nextLevelCode(withK, 'K')).toEqual({ graduates: false, newLevel: 'G1' });
    expect(nextLevelCode({ levels: LEVELS, graduatingLevel: 'G4' }, 'G4')).toEqual({ graduates: true });
    expect(nextLevelCode({ levels: LEVELS, graduatingLevel: 'G4' }, 'G5')).toEqual({ graduates: true });
    expect(nextLevelCode(withK, 'G9')).toEqual({ graduates: false });
  });

  it('offers the classes that host a level, in class-code order', () => {
    const school = tinySchool();
    expect(classesHosting([...school.classes].reverse(), 'G2')).toEqual([id('a'), id('b')]);
    expect(classesHosting(school.classes, undefined)).toEqual([]);
  });

  it('a re-run keeps valid choices, drops an assignment that no longer fits, and writes only what changed', () => {
    const school = tinySchool();
    const before = rows(school).map((r) =>
      r.studentId === id('s2') ? { ...r, assignedClassId: id('c') } : r.studentId === id('s1') ? { ...r, departing: { reason: 'Déménagement' } } : r,
    );
    const classesById = new Map(school.classes.map((c) => [c.id, c]));
    expect(mergeAnalysis(PROGRESSION_ID, before, analyseSchool(school), classesById)).toEqual({ put: [], remove: [] });

    school.students = school.students.filter((s) => s.id !== id('s6')).map((s) => (s.id === id('s2') ? { ...s, level: 'G1' } : s));
    const merged = mergeAnalysis(PROGRESSION_ID, before, analyseSchool(school), classesById);
    expect(merged.remove).toEqual([id('s6')]);
    expect(merged.put).toEqual([{ progressionId: PROGRESSION_ID, studentId: id('s2'), currentClassId: id('a'), currentLevel: 'G1', newLevel: 'G2', outcome: 'stays' }]);
  });
});

describe('parent decisions', () => {
  it('removes a sole parent of a graduate, keeps a parent with a child who stays', () => {
    const school = tinySchool();
    const views = parentDecisions({ students: rows(school), families: school.families, newStudents: [], overrides: [] });
    expect(views.map((v) => [v.parentId, v.status])).toEqual([
      [id('p1'), 'remove'],
      [id('p2'), 'keep'],
    ]);
    expect(views[1]).toMatchObject({ leavingChildIds: [id('s5')], remainingChildIds: [id('s4')], overridden: false });
  });

  it('counts departures as leaving, new students as remaining, and lets the admin override', () => {
    const school = tinySchool();
    const staged = rows(school).map((r) => (r.studentId === id('s4') ? { ...r, departing: {} } : r));
    const p1NewChild = newStudent('n1', { parent1: { mode: 'existing', parentId: id('p1') } });
    const views = parentDecisions({
      students: staged,
      families: school.families,
      newStudents: [p1NewChild],
      overrides: [{ parentId: id('p1'), status: 'remove' }, { parentId: id('p2'), status: 'keep' }],
    });
    const p1 = views.find((v) => v.parentId === id('p1'))!;
    const p2 = views.find((v) => v.parentId === id('p2'))!;
    expect(p1).toMatchObject({ status: 'keep', defaultStatus: 'keep', lockedByNewStudent: true, overridden: false, newStudentIds: [id('n1')] });
    expect(p2).toMatchObject({ status: 'keep', defaultStatus: 'remove', overridden: true, leavingChildIds: [id('s4'), id('s5')] });
  });
});

describe('blockers, counts and views', () => {
  it('blocks on missing assignments, then on stale rows and duplicate emails', () => {
    const school = tinySchool();
    const analysed = rows(school);
    expect(blockers(buildModel(school, staging(analysed)))).toEqual([{ code: 'ASSIGNMENTS_MISSING', ids: [id('s2'), id('s6')].sort() }]);

    const assigned = analysed.map((r) => ({ ...r, ...(r.outcome === 'needsAssignment' ? { assignedClassId: r.studentId === id('s2') ? id('c') : id('b') } : {}) }));
    // s6 was given class B, which does not host G5: still missing.
    expect(blockers(buildModel(school, staging(assigned)))).toEqual([{ code: 'ASSIGNMENTS_MISSING', ids: [id('s6')] }]);

    const fixed = assigned.map((r) => (r.studentId === id('s6') ? { ...r, assignedClassId: id('d') } : r));
    const edited = { ...school, students: school.students.map((s) => (s.id === id('s1') ? { ...s, level: 'G2' } : s)) };
    const twins = [
      newStudent('n1', { parent1: { mode: 'new', parentId: id('np1'), parent: { ...newParentFields, email: 'nouveau@test.example' } } }),
      newStudent('n2', { parent1: { mode: 'new', parentId: id('np2'), parent: { ...newParentFields, email: 'nouveau@test.example' } } }),
      newStudent('n3', { parent1: { mode: 'new', parentId: id('np3'), parent: { ...newParentFields, email: 'famille.deux@test.example' } } }),
    ];
    expect(blockers(buildModel(edited, staging(fixed, { newStudents: twins })))).toEqual([
      { code: 'ANALYSIS_STALE', ids: [id('s1')] },
      { code: 'DUPLICATE_EMAIL', ids: [id('np1'), id('np2'), id('np3')] },
    ]);
    expect(blockers(buildModel(school, staging(fixed)))).toEqual([]);
  });

  it('the review lists every change, and the counts agree with it', () => {
    const school = tinySchool();
    const staged = rows(school).map((r) => {
      if (r.studentId === id('s2')) return { ...r, assignedClassId: id('c') };
      if (r.studentId === id('s6')) return { ...r, departing: { reason: 'Déménagement' } };
      return r;
    });
    const arrivals = [
      newStudent('n1', {
        parent1: { mode: 'new', parentId: id('np1'), parent: { ...newParentFields, email: 'nouveau@test.example' } },
        parent2: { mode: 'existing', parentId: id('p3') },
      }),
      newStudent('n2', { parent1: { mode: 'existing', parentId: id('np1') } }, 'G3', 'c'),
    ];
    const model = buildModel(school, staging(staged, { newStudents: arrivals }));
    const review = reviewView(header, model);

    expect(review.ready).toBe(true);
    expect(review.moves.map((m) => [m.studentId, m.toClassId, m.changesClass])).toEqual(
      expect.arrayContaining([[id('s1'), id('a'), false], [id('s2'), id('c'), true], [id('s4'), id('d'), false]]),
    );
    expect(review.moves).toHaveLength(3);
    expect(review.departures).toEqual([expect.objectContaining({ studentId: id('s6'), reason: 'Déménagement' })]);
    expect(review.graduations.map((g) => g.studentId).sort()).toEqual([id('s3'), id('s5')].sort());
    expect(review.arrivals.find((a) => a.newStudentId === id('n2'))!.parents).toEqual([
      { parentId: id('np1'), mode: 'new', firstName: 'Nouvelle', lastName: 'Parente' },
    ]);
    expect(review.parentsRemoved.map((p) => p.parentId).sort()).toEqual([id('p1'), id('p4')].sort());
    expect(review.parentsKept.map((p) => p.parentId)).toEqual([id('p2')]);
    expect(review.newParents).toEqual([{ parentId: id('np1'), firstName: 'Nouvelle', lastName: 'Parente', email: 'nouveau@test.example' }]);
    expect(review.classChanges).toEqual([
      { classId: id('d'), studentRepresentativesRemoved: [id('s3')], parentRepresentativesRemoved: [id('p1')] },
    ]);
    expect(liveCounts(model)).toEqual({
      totalStudents: 6, autoProgression: 2, needsAssignment: 2, graduating: 2, assigned: 1, missingAssignments: 0,
      departing: 1, newStudents: 2, newParents: 1, parentsToRemove: 2,
    });
  });

  it('warns about a staying student left without any parent', () => {
    const school = tinySchool();
    const staged = rows(school).map((r) => (r.outcome === 'needsAssignment' ? { ...r, assignedClassId: r.studentId === id('s2') ? id('c') : id('d') } : r));
    const review = reviewView(header, buildModel(school, staging(staged, { decisions: [{ progressionId: PROGRESSION_ID, parentId: id('p2'), status: 'remove' }] })));
    expect(review.studentsWithoutParent).toEqual([id('s4')]);
  });

  it('the workspace offers candidate classes, shows where each student goes, and names the parents', () => {
    const school = tinySchool();
    const view = workspaceView(header, buildModel(school, staging(rows(school))));
    const s2 = view.students.find((s) => s.studentId === id('s2'))!;
    expect(s2).toMatchObject({ candidateClassIds: [id('c')], firstName: 'Élève s2', parentIds: [id('p3')] });
    expect(s2).not.toHaveProperty('targetClassId');
    expect(view.students.find((s) => s.studentId === id('s1'))!.targetClassId).toBe(id('a'));
    expect(view.parentDecisions.map((p) => [p.firstName, p.status, p.hasEmail])).toEqual([
      ['Parent p1', 'remove', true],
      ['Parent p2', 'keep', true],
    ]);
    expect(view.classes.map((c) => c.code)).toEqual(['A', 'B', 'C', 'D']);
    expect(view.progression.counts.missingAssignments).toBe(2);
  });
});

const newParentFields = {
  firstName: 'Nouvelle',
  lastName: 'Parente',
  interests: [],
  skills: '',
  participation: 'full' as const,
  preferredLanguage: 'fr' as const,
};
