import { describe, expect, it } from 'vitest';
import { isValid } from 'ulid';
import { analyseSchool } from '../../lambdas/progression/analysis';
import { backupParts, readBackupPart } from '../../lambdas/progression/backup';
import { Expression } from '../../lambdas/common/expression';
import { stableUlid } from '../../lambdas/progression/db';
import { buildModel } from '../../lambdas/progression/model';
import { resolveNewStudent, type NewStudentContext } from '../../lambdas/progression/new-student-rules';
import { buildPlan, PlanStepSchema, STEP_KINDS, type PlanStep } from '../../lambdas/progression/plan';
import { AppError } from '../../lambdas/common/errors';
import { NewStudentRequestSchema, type NewStudentRequest } from '@shared/contracts/progression-api';
import { AT, id, newStudent, PROGRESSION_ID, staging, tinySchool } from './progression-fixture';
import { PRIVATE_BY_DEFAULT } from '@shared/rules/visibility';

/** The apply plan, the new-student rules and the apply's small helpers (pure, unit project). */

const plan = (extra: Parameters<typeof staging>[1] = {}, edit: (rows: ReturnType<typeof stagedRows>) => ReturnType<typeof stagedRows> = (r) => r) => {
  const school = tinySchool();
  return buildPlan(buildModel(school, staging(edit(stagedRows()), extra)), { stamp: AT, fromYear: '2025-2026', toYear: '2026-2027' });
};
const stagedRows = () =>
  analyseSchool(tinySchool()).map((a) => ({
    progressionId: PROGRESSION_ID,
    ...a,
    ...(a.studentId === id('s2') ? { assignedClassId: id('c') } : {}),
    ...(a.studentId === id('s6') ? { assignedClassId: id('d') } : {}),
  }));
const ofKind = <K extends PlanStep['kind']>(steps: PlanStep[], kind: K) => steps.filter((s): s is Extract<PlanStep, { kind: K }> => s.kind === kind);

describe('apply plan', () => {
  it('orders steps by kind and ends with finish', () => {
    const steps = plan();
    const order = steps.map((s) => STEP_KINDS.indexOf(s.kind));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(steps.at(-1)).toEqual({ kind: 'finish', fromYear: '2025-2026', toYear: '2026-2027' });
    for (const step of steps) expect(PlanStepSchema.parse(step)).toEqual(step);
  });

  it('moves every staying student, removes graduates and sole parents, cleans representatives, removes accounts', () => {
    const steps = plan();
    expect(ofKind(steps, 'moveStudent').map((s) => [s.studentId, s.level, s.classId, s.changesClass])).toEqual(
      [
        [id('s1'), 'G2', id('a'), false],
        [id('s2'), 'G3', id('c'), true],
        [id('s4'), 'G6', id('d'), false],
        [id('s6'), 'G5', id('d'), true],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(ofKind(steps, 'removeStudent')).toEqual([
      { kind: 'removeStudent', studentId: id('s3'), reason: 'graduated', parentIds: [id('p1')] },
      { kind: 'removeStudent', studentId: id('s5'), reason: 'graduated', parentIds: [id('p2')] },
    ]);
    expect(ofKind(steps, 'removeParent')).toEqual([{ kind: 'removeParent', parentId: id('p1'), studentIds: [id('s3')], committeeIds: [id('cm1')] }]);
    expect(ofKind(steps, 'updateClass')).toEqual([{ kind: 'updateClass', classId: id('d'), removeStudentIds: [id('s3')], removeParentIds: [id('p1')] }]);
    // p1's email is shared with p5, who stays: the account is kept.
    expect(ofKind(steps, 'removeAccount')).toEqual([]);
  });

  it('removes the account of a removed parent whose email nobody else keeps, and records departures', () => {
    const steps = plan({}, (rows) => rows.map((r) => (r.studentId === id('s1') || r.studentId === id('s2') ? { ...r, departing: { reason: 'Déménagement' } } : r)));
    expect(ofKind(steps, 'removeStudent').filter((s) => s.reason === 'departed').map((s) => s.studentId)).toEqual([id('s1'), id('s2')]);
    expect(ofKind(steps, 'removeParent').map((s) => s.parentId)).toEqual([id('p1'), id('p3'), id('p5')]);
    expect(ofKind(steps, 'removeAccount')).toEqual([
      { kind: 'removeAccount', email: 'famille.trois@test.example', parentIds: [id('p3')] },
      { kind: 'removeAccount', email: 'famille.un@test.example', parentIds: [id('p1'), id('p5')] },
    ]);
  });

  it('creates new parents before the new students linked to them, with the apply stamp', () => {
    const np = { mode: 'new' as const, parentId: id('np1'), parent: { firstName: 'Léa', lastName: "D'Amours", email: 'lea@test.example', phone: '5145550199', interests: ['music' as const], skills: 'Chant', participation: 'nameOnly' as const, preferredLanguage: 'fr' as const } };
    const steps = plan({ newStudents: [newStudent('n1', { parent1: np, parent2: { mode: 'existing', parentId: id('p2') } })] });
    const [createParent] = ofKind(steps, 'createParent');
    expect(createParent!.parent).toMatchObject({ id: id('np1'), version: 1, createdAt: AT, participation: 'nameOnly', interests: [], skills: '' });
    expect(createParent!.parent).not.toHaveProperty('phone');
    expect(ofKind(steps, 'createStudent')).toEqual([
      { kind: 'createStudent', student: expect.objectContaining({ id: id('n1'), level: 'G1', classId: id('b'), createdAt: AT }), parentIds: [id('np1'), id('p2')].sort() },
    ]);
    expect(steps.findIndex((s) => s.kind === 'createParent')).toBeLessThan(steps.findIndex((s) => s.kind === 'createStudent'));
  });

  it('is deterministic: the same data gives the same plan', () => {
    expect(plan()).toEqual(plan());
  });
});

describe('new-student rules', () => {
  const school = tinySchool();
  const ctx = (extra: Partial<NewStudentContext> = {}): NewStudentContext => {
    let n = 0;
    return {
      settings: school.settings,
      classesById: new Map(school.classes.map((c) => [c.id, c])),
      parents: school.parents,
      others: [],
      newId: () => id(`gen${++n}`),
      ...extra,
    };
  };
  const request = (input: NewStudentRequest) => NewStudentRequestSchema.parse(input);
  const newParent = (email?: string) => ({ mode: 'new' as const, parent: { firstName: 'Zoé', lastName: 'Côté', ...(email ? { email } : {}), phone: '(514) 555-0142' } });
  const base = { student: { firstName: 'Noé', lastName: 'Côté', level: 'G3', classId: id('c') } };
  const codeOf = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      return [(error as AppError).code, (error as AppError).fields];
    }
    return undefined;
  };

  it('accepts an existing parent and a new one, normalising what was typed', () => {
    const resolved = resolveNewStudent(request({ ...base, parent1: { mode: 'existing', parentId: id('p3') }, parent2: newParent(' Zoe@Test.Example ') }), ctx());
    expect(resolved).toEqual({
      newStudentId: id('gen2'),
      student: base.student,
      parent1: { mode: 'existing', parentId: id('p3') },
      parent2: { mode: 'new', parentId: id('gen1'), parent: expect.objectContaining({ email: 'zoe@test.example', phone: '5145550142', participation: 'limited', audiences: PRIVATE_BY_DEFAULT, preferredLanguage: 'fr' }) },
    });
  });

  it('refuses a class that does not host the level, an unknown parent, the same parent twice', () => {
    expect(codeOf(() => resolveNewStudent(request({ ...base, student: { ...base.student, classId: id('a') }, parent1: newParent() }), ctx()))).toEqual([
      'VALIDATION_FAILED',
      [{ path: 'student.classId', issue: 'class_does_not_host_level' }],
    ]);
    expect(codeOf(() => resolveNewStudent(request({ ...base, parent1: { mode: 'existing', parentId: id('zz') } }), ctx()))?.[1]).toEqual([
      { path: 'parent1.parentId', issue: 'unknown_parent' },
    ]);
    const twice = { mode: 'existing' as const, parentId: id('p3') };
    expect(codeOf(() => resolveNewStudent(request({ ...base, parent1: twice, parent2: twice }), ctx()))?.[1]).toEqual([{ path: 'parent2', issue: 'same_parent' }]);
  });

  it('de-duplicates new parents by email against the directory and the other new students', () => {
    expect(codeOf(() => resolveNewStudent(request({ ...base, parent1: newParent('famille.deux@test.example') }), ctx()))).toEqual([
      'DUPLICATE_EMAIL',
      [{ path: 'parent1.parent.email', issue: 'registered_parent' }],
    ]);
    const sibling = newStudent('n1', { parent1: { mode: 'new', parentId: id('np1'), parent: { firstName: 'Zoé', lastName: 'Côté', email: 'zoe@test.example', interests: [], skills: '', participation: 'full', preferredLanguage: 'fr' } } });
    expect(codeOf(() => resolveNewStudent(request({ ...base, parent1: newParent('zoe@test.example') }), ctx({ others: [sibling] })))).toEqual([
      'DUPLICATE_EMAIL',
      [{ path: 'parent1.parent.email', issue: 'staged_parent' }],
    ]);
    // The way to add a sibling: name the staged new parent.
    expect(resolveNewStudent(request({ ...base, parent1: { mode: 'existing', parentId: id('np1') } }), ctx({ others: [sibling] })).parent1).toEqual({
      mode: 'existing',
      parentId: id('np1'),
    });
  });

  it('keeps ids on edit and refuses to drop a new parent another new student needs', () => {
    const first = newStudent('n1', { parent1: { mode: 'new', parentId: id('np1'), parent: { firstName: 'Zoé', lastName: 'Côté', interests: [], skills: '', participation: 'full', preferredLanguage: 'fr' } } });
    const sibling = newStudent('n2', { parent1: { mode: 'existing', parentId: id('np1') } });
    const kept = resolveNewStudent(request({ ...base, parent1: { ...newParent(), parentId: id('np1') } }), ctx({ previous: first, others: [sibling] }));
    expect(kept).toMatchObject({ newStudentId: id('n1'), parent1: { mode: 'new', parentId: id('np1') } });
    expect(codeOf(() => resolveNewStudent(request({ ...base, parent1: { mode: 'existing', parentId: id('p3') } }), ctx({ previous: first, others: [sibling] })))).toEqual([
      'CONFLICT',
      [{ path: `parents.${id('np1')}`, issue: 'needed_by_new_student' }],
    ]);
  });
});

describe('apply helpers', () => {
  it('backup parts round-trip and split when large', () => {
    const items = Array.from({ length: 3000 }, (_, i) => ({ pk: 'DIRECTORY', sk: `STUDENT#${i}`, note: 'é'.repeat(300), n: i }));
    const parts = backupParts(items);
    expect(parts.parts.length).toBeGreaterThan(1);
    expect(parts.counts.reduce((a, b) => a + b, 0)).toBe(items.length);
    expect(parts.parts.flatMap((part) => readBackupPart(part))).toEqual(items);
    for (const part of parts.parts) expect(part.length).toBeLessThan(350 * 1024);
    expect(backupParts([]).parts.map(readBackupPart)).toEqual([[]]);
  });

  it('stable ULIDs depend only on the stamp and the seed', () => {
    const a = stableUlid(AT, 'progression:1');
    expect(isValid(a)).toBe(true);
    expect(stableUlid(AT, 'progression:1')).toBe(a);
    expect(stableUlid(AT, 'progression:2')).not.toBe(a);
    expect(a.slice(0, 10)).toBe(stableUlid(AT, 'other').slice(0, 10));
  });

  it('expressions use placeholders for every name and value', () => {
    const e = new Expression();
    expect(e.update({ 'apply.cursor': 3, data: 'x', gone: undefined }, { version: 1 })).toBe('SET #n0.#n1 = :v0, #n2 = :v1 ADD #n4 :v2 REMOVE #n3');
    expect(e.attributes()).toEqual({
      ExpressionAttributeNames: { '#n0': 'apply', '#n1': 'cursor', '#n2': 'data', '#n3': 'gone', '#n4': 'version' },
      ExpressionAttributeValues: { ':v0': 3, ':v1': 'x', ':v2': 1 },
    });
  });
});
