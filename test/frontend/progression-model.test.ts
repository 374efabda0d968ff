import { describe, expect, it } from 'vitest';
import type { ApplyResponse, ProgressionReview, WorkspaceClass, WorkspaceParentDecision } from '@shared/contracts/progression-api';
import type { Level } from '@shared/schemas/common';
import { ApiError as ProgressionApiError } from '../../frontend/src/lib/api/api-client';
import { driveApply, MAX_LOCK_WAITS } from '../../frontend/src/features/progression/model/apply-driver';
import {
  emptyNewStudent,
  fieldError,
  toRequest,
  validateNewStudent,
  valuesFromStaged,
  type NewStudentValues,
} from '../../frontend/src/features/progression/model/new-student-form';
import { parentChoices, parentNameOf } from '../../frontend/src/features/progression/model/parents';
import { buildReviewSummary, classLabel, placement } from '../../frontend/src/features/progression/model/review-summary';
import { commonCandidates, decisionReason, decisionRequest, matchesText } from '../../frontend/src/features/progression/model/students';

/** The progression wizard's pure logic: review summary, new-student form, parent picker, apply driver. */

const id = (n: number) => `01JABCDEFGHJKMNPQRSTVWXY${String(n).padStart(2, '0')}`;
const levels: Level[] = [1, 2, 3, 4].map((n) => ({
  code: `G${n}`,
  order: n,
  label: { fr: `${n === 1 ? '1re' : `${n}e`} année`, en: `Grade ${n}` },
  shortLabel: { fr: n === 1 ? '1re' : `${n}e`, en: String(n) },
}));
const classes: WorkspaceClass[] = [
  { id: id(1), code: 'A', name: 'Classe A', levels: ['G1', 'G2'] },
  { id: id(2), code: 'B', name: 'Classe B', levels: ['G3', 'G4'] },
];
const labels = { levels, classes, lang: 'fr' as const };
const summary = {
  id: id(90),
  fromYear: '2025-2026',
  toYear: '2026-2027',
  phase: 'review' as const,
  createdAt: '2026-06-01T12:00:00.000Z',
  counts: {
    totalStudents: 4, autoProgression: 1, needsAssignment: 1, graduating: 1, assigned: 1,
    missingAssignments: 0, departing: 1, newStudents: 1, newParents: 1, parentsToRemove: 1,
  },
};

describe('review summary', () => {
  const review: ProgressionReview = {
    progression: summary,
    ready: true,
    blockers: [],
    moves: [
      { studentId: id(10), firstName: 'Zoé', lastName: 'Tremblay', fromLevel: 'G2', toLevel: 'G3', fromClassId: id(1), toClassId: id(2), changesClass: true },
      { studentId: id(11), firstName: 'Éric', lastName: 'Côté', fromLevel: 'G1', toLevel: 'G2', fromClassId: id(1), toClassId: id(1), changesClass: false },
      { studentId: id(12), firstName: 'Anne', lastName: 'Côté', fromLevel: 'G3', toLevel: 'G4', fromClassId: id(2), toClassId: id(2), changesClass: false },
    ],
    missingAssignments: [],
    arrivals: [
      {
        newStudentId: id(20), firstName: 'Léa', lastName: 'Roy', level: 'G1', classId: id(1),
        parents: [
          { parentId: id(30), firstName: 'Marc', lastName: 'Roy', mode: 'new' },
          { parentId: id(31), firstName: 'Julie', lastName: 'Roy', mode: 'existing' },
        ],
      },
    ],
    departures: [{ studentId: id(13), firstName: 'Paul', lastName: 'Gagnon', level: 'G2', classId: id(1), reason: 'Déménagement' }],
    graduations: [{ studentId: id(14), firstName: 'Rose', lastName: 'Bélanger', level: 'G4', classId: id(2) }],
    parentsRemoved: [{ parentId: id(32), firstName: 'Luc', lastName: 'Bélanger', hasEmail: false, overridden: true }],
    parentsKept: [{ parentId: id(33), firstName: 'Sara', lastName: 'Gagnon', overridden: false, lockedByNewStudent: true }],
    newParents: [{ parentId: id(30), firstName: 'Marc', lastName: 'Roy', email: 'marc@exemple.ca' }],
    classChanges: [
      { classId: id(2), studentRepresentativesRemoved: [id(14)], parentRepresentativesRemoved: [id(32)] },
      { classId: id(1), studentRepresentativesRemoved: [], parentRepresentativesRemoved: [] },
    ],
    studentsWithoutParent: [id(12)],
  };

  it('lists every change in reading order, people by last then first name, with from and to', () => {
    const sections = buildReviewSummary(review, labels);
    expect(sections.map((s) => s.key)).toEqual([
      'missingAssignments', 'changeClass', 'stayInClass', 'arrivals', 'newParents', 'departures',
      'graduations', 'parentsRemoved', 'parentsKept', 'representatives', 'withoutParent',
    ]);
    const by = Object.fromEntries(sections.map((s) => [s.key, s.items]));
    expect(by.missingAssignments).toEqual([]);
    expect(by.changeClass).toEqual([
      { id: id(10), name: 'Zoé Tremblay', from: '2e année · Classe A (1re-2e)', to: '3e année · Classe B (3e-4e)', tags: [] },
    ]);
    expect(by.stayInClass!.map((i) => i.name)).toEqual(['Anne Côté', 'Éric Côté']);
    expect(by.arrivals![0]).toMatchObject({
      name: 'Léa Roy',
      to: '1re année · Classe A (1re-2e)',
      parents: [{ name: 'Marc Roy', tag: 'newParent' }, { name: 'Julie Roy', tag: 'existingParent' }],
    });
    expect(by.newParents![0]).toMatchObject({ name: 'Marc Roy', email: 'marc@exemple.ca', tags: [] });
    expect(by.departures![0]).toMatchObject({ name: 'Paul Gagnon', reason: 'Déménagement', from: '2e année · Classe A (1re-2e)' });
    expect(by.graduations![0]).toMatchObject({ name: 'Rose Bélanger', from: '4e année · Classe B (3e-4e)' });
    expect(by.parentsRemoved![0]!.tags).toEqual(['overridden', 'noEmail']);
    expect(by.parentsKept![0]!.tags).toEqual(['lockedByNewStudent']);
    // Only classes that lose someone; the count of representatives removed.
    expect(by.representatives).toEqual([{ id: id(2), name: 'Classe B (3e-4e)', count: 2, tags: [] }]);
    expect(by.withoutParent).toEqual([{ id: id(12), name: 'Anne Côté', tags: [] }]);
  });

  it('labels in English, and never shows an id for a class that is gone', () => {
    expect(placement({ ...labels, lang: 'en' }, 'G3', id(2))).toBe('Grade 3 · Classe B (3-4)');
    expect(classLabel(labels, id(99))).toBe('—');
    expect(placement(labels, 'G2', undefined)).toBe('2e année');
  });
});

describe('new-student form', () => {
  const filled = (): NewStudentValues => {
    const values = emptyNewStudent();
    return {
      ...values,
      firstName: 'Léa',
      lastName: "D'Amours",
      level: 'G1',
      classId: id(1),
      parent1: { ...values.parent1, firstName: 'Marc', lastName: "D'Amours", email: ' Marc@Exemple.CA ', phone: '(514) 555-1234' },
    };
  };

  it('marks every required field of an empty form, and nothing else', () => {
    const result = validateNewStudent(emptyNewStudent());
    expect(result).toEqual({
      ok: false,
      errors: {
        'student.firstName': 'required',
        'student.lastName': 'required',
        'student.level': 'required',
        'student.classId': 'required',
        'parent1.firstName': 'required',
        'parent1.lastName': 'required',
      },
    });
  });

  it('accepts a complete form and sends only what was typed', () => {
    const result = validateNewStudent(filled());
    expect(result.ok).toBe(true);
    expect(toRequest(filled())).toEqual({
      student: { firstName: 'Léa', lastName: "D'Amours", level: 'G1', classId: id(1) },
      parent1: {
        mode: 'new',
        parent: {
          firstName: 'Marc', lastName: "D'Amours", email: ' Marc@Exemple.CA ', phone: '(514) 555-1234',
          // No participation: the administrator did not choose for the parent, who starts private on the server.
          interests: [], skills: '', preferredLanguage: 'fr',
        },
      },
    });
  });

  it('checks phone, postal code, email formats and a half-typed address', () => {
    const values = filled();
    values.parent1 = { ...values.parent1, phone: '555-12', email: 'pas-un-courriel', street: '12 rue des Érables', postalCode: 'H2X1Y' };
    const result = validateNewStudent(values);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual({
      'parent1.phone': 'invalidPhone',
      'parent1.email': 'invalidEmail',
      'parent1.city': 'required',
      'parent1.postalCode': 'invalidPostalCode',
    });
  });

  it('requires the chosen parent in existing mode, a different second parent, and maps server answers', () => {
    const values = filled();
    values.parent1 = { ...values.parent1, mode: 'existing', parentId: '' };
    expect(validateNewStudent(values)).toEqual({ ok: false, errors: { 'parent1.parentId': 'required' } });
    values.parent1.parentId = id(40);
    values.hasParent2 = true;
    values.parent2 = { ...values.parent2, mode: 'existing', parentId: id(40) };
    expect(validateNewStudent(values)).toEqual({ ok: false, errors: { 'parent2.parentId': 'sameParent' } });
    expect(fieldError('parent1.parent.email', 'registered_parent', filled())).toEqual(['parent1.email', 'duplicateEmail']);
    expect(fieldError('student.classId', 'class_does_not_host_level', filled())).toEqual(['student.classId', 'classLevel']);
    expect(fieldError('parent2', 'same_parent', filled())).toEqual(['parent2.parentId', 'sameParent']);
    expect(fieldError('parents.x', 'needed_by_new_student', filled())).toBeUndefined();
  });

  it('reloads a staged student for editing, keeping the new parent id and formatting the phone', () => {
    const values = valuesFromStaged({
      newStudentId: id(50),
      student: { firstName: 'Léa', lastName: 'Roy', level: 'G1', classId: id(1) },
      parent1: {
        mode: 'new',
        parentId: id(51),
        parent: { firstName: 'Marc', lastName: 'Roy', phone: '5145551234', interests: ['music'], skills: 'Guitare', participation: 'limited', preferredLanguage: 'en' },
      },
      parent2: { mode: 'existing', parentId: id(52) },
    });
    expect(values.parent1).toMatchObject({ mode: 'new', parentId: id(51), phone: '514 555-1234', interests: ['music'], participation: 'limited' });
    expect(values).toMatchObject({ hasParent2: true, parent2: { mode: 'existing', parentId: id(52) } });
    expect(toRequest(values).parent1).toMatchObject({ mode: 'new', parentId: id(51), parent: { skills: 'Guitare' } });
  });
});

describe('students and parents helpers', () => {
  it('searches like the directory (accents, case, hyphens)', () => {
    expect(matchesText(['Éloïse Dubé-Martin'], 'eloise dube martin')).toBe(true);
    expect(matchesText(['Éloïse Dubé-Martin'], 'roy')).toBe(false);
  });

  it('offers in bulk only the classes every selected student may join', () => {
    expect(commonCandidates([])).toEqual([]);
    expect(commonCandidates([{ candidateClassIds: ['a', 'b'] }, { candidateClassIds: ['b', 'c'] }])).toEqual(['b']);
  });

  it('explains the suggestion and drops an override that equals it', () => {
    const decision = {
      parentId: id(60), firstName: 'A', lastName: 'B', hasEmail: true, status: 'keep', defaultStatus: 'keep', overridden: false,
      lockedByNewStudent: false, leavingChildIds: [id(61)], remainingChildIds: [id(62)], newStudentIds: [],
    } satisfies WorkspaceParentDecision;
    expect(decisionReason(decision)).toBe('otherChild');
    expect(decisionReason({ ...decision, remainingChildIds: [] })).toBe('noChildLeft');
    expect(decisionReason({ ...decision, newStudentIds: [id(63)] })).toBe('newStudent');
    expect(decisionRequest(decision, 'remove')).toBe('remove');
    expect(decisionRequest({ ...decision, status: 'remove', overridden: true }, 'keep')).toBe('default');
  });

  it('lists directory parents with email and children, then staged new parents, by name', () => {
    const directory = {
      students: [{ firstName: 'Zoé', lastName: 'Roy' }],
      parents: [{ id: id(70), firstName: 'Marc', lastName: 'Roy', email: 'marc@exemple.ca', childIndexes: [0] }],
    } as unknown as Parameters<typeof parentChoices>[0];
    const staged = [{
      newStudentId: id(71),
      student: { firstName: 'Léa', lastName: 'Roy', level: 'G1', classId: id(1) },
      parent1: { mode: 'new' as const, parentId: id(72), parent: { firstName: 'Anne', lastName: 'Roy', interests: [], skills: '', participation: 'full' as const, preferredLanguage: 'fr' as const } },
    }];
    expect(parentChoices(directory, staged, 'Nouveau parent')).toEqual([
      { parentId: id(72), name: 'Anne Roy', description: 'Nouveau parent', tags: [] },
      { parentId: id(70), name: 'Marc Roy', description: 'marc@exemple.ca', tags: ['marc@exemple.ca', 'Zoé Roy'] },
    ]);
    expect(parentNameOf(directory, staged)(id(72))).toBe('Anne Roy');
    expect(parentChoices(null, [], 'x')).toEqual([]);
  });
});

describe('apply driver', () => {
  const answer = (done: boolean, percent: number): ApplyResponse => ({
    progression: { ...summary, phase: done ? 'completed' : 'applying', apply: { stage: done ? 'done' : 'steps', totalSteps: 10, doneSteps: percent / 10, percent, startedAt: summary.createdAt } },
    done,
  });
  const lock = new ProgressionApiError(409, 'CONFLICT', [], 7);
  const lockWait = (error: unknown) => (error instanceof ProgressionApiError && error.code === 'CONFLICT' ? error.retryAfter : undefined);

  it('starts once, continues until done, and waits Retry-After on a held lock', async () => {
    const script: (ApplyResponse | Error)[] = [answer(false, 0), lock, answer(false, 50), answer(true, 100)];
    const calls: boolean[] = [];
    const sleeps: number[] = [];
    const seen: number[] = [];
    const outcome = await driveApply(true, {
      request: async (first) => {
        calls.push(first);
        const next = script.shift()!;
        if (next instanceof Error) throw next;
        return next;
      },
      onProgress: (r) => seen.push(r.progression.apply!.percent),
      lockWait,
      sleep: async (ms) => void sleeps.push(ms),
      stopped: () => false,
    });
    expect(outcome.kind).toBe('done');
    expect(calls).toEqual([true, false, false, false]);
    expect(sleeps).toEqual([7000]);
    expect(seen).toEqual([0, 50, 100]);
  });

  it('stops on another error (to retry later), when the page is left, and after too many lock answers', async () => {
    const failure = new ProgressionApiError(500, 'INTERNAL');
    const base = { onProgress: () => undefined, lockWait, sleep: async () => undefined, stopped: () => false };
    expect(await driveApply(false, { ...base, request: () => Promise.reject(failure) })).toEqual({ kind: 'failed', error: failure });
    expect(await driveApply(false, { ...base, request: () => Promise.resolve(answer(false, 10)), stopped: () => true })).toEqual({ kind: 'stopped' });
    let calls = 0;
    const outcome = await driveApply(false, { ...base, request: () => { calls += 1; return Promise.reject(lock); } });
    expect(outcome).toEqual({ kind: 'failed', error: lock });
    expect(calls).toBe(MAX_LOCK_WAITS + 1);
  });
});
