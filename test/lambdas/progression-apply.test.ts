import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { removeAccountsByEmail } from '../../lambdas/common/cognito';
import { handler } from '../../lambdas/progression/index';
import { DEMO_ACCOUNTS } from '../../local/demo/generate-school';
import type { ApiErrorBody } from '@shared/contracts/error-codes';
import { apiEvent, claimsFor } from './auth-support';
import { AppError } from '../../lambdas/common/errors';
import { getEntity, getSettings, readDirectory } from '../../lambdas/directory/directory-repository';
import { queryAllWith } from '../../lambdas/progression/db';
import { runApply } from '../../lambdas/progression/apply-service';
import { backupManifest, backupPart } from '../../lambdas/progression/backup-service';
import { lookupParent, saveNewStudent } from '../../lambdas/progression/new-student-service';
import {
  cancel,
  currentProgression,
  getReview,
  setAssignments,
  setDepartures,
  setParentDecisions,
  startProgression,
} from '../../lambdas/progression/staging-service';
import { findRegisteredPeople } from '../../lambdas/registry/registry-repository';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../../lambdas/common/dynamo';
import { updateSettings } from '../../lambdas/admin/settings/settings-service';
import { settingsItem } from '../../lambdas/directory/public';
import { settingsFormOf } from '@shared/contracts/school-settings-api';
import { formatIssueMessage } from '@shared/rules/import-issues';
import {
  DeparturesRequestSchema,
  NewStudentRequestSchema,
  type NewStudentRequest,
  type ProgressionReview,
  type ProgressionWorkspace,
} from '@shared/contracts/progression-api';
import { TABLE_INDEXES } from '@shared/schemas/table-schema';
import { PRIVATE_BY_DEFAULT } from '@shared/rules/visibility';
import { listConsent } from '../../lambdas/directory/consent-repository';
import {
  accountEmails,
  createAccount,
  createPool,
  DEMO_PASSWORD_FOR_TESTS,
  firstCandidates,
  snapshotTable,
  useProgressionSchool,
} from './progression-support';

/**
 * The whole progression on a small demo school in a table of its own, through the services the handlers call:
 * analysis, staging with its refusals, review, a chunked apply, and the state it leaves. The steps share one
 * progression, so they run in order.
 */

const fx = useProgressionSchool('progression-apply', 14);
const ADMIN = 'admin-sub';
let pool: { userPoolId: string; clientId: string };
let accounts: { removeAccountsByEmail: (email: string) => Promise<number> };
let workspace: ProgressionWorkspace;
let review: ProgressionReview;
let before: Record<string, unknown>[];

async function codeOf(promise: Promise<unknown>): Promise<[string, AppError['fields']] | undefined> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return [error.code, error.fields];
    throw error;
  }
  return undefined;
}

/** Requests as the handlers hand them to the services: parsed (and normalised) by their schemas. */
const newStudentRequest = (input: NewStudentRequest) => NewStudentRequestSchema.parse(input);

const childrenOf = (parentId: string) => fx.school.families.filter((l) => l.parentId === parentId).map((l) => l.studentId);
const parentsOf = (studentId: string) => fx.school.families.filter((l) => l.studentId === studentId).map((l) => l.parentId);

beforeAll(async () => {
  pool = await createPool(fx.cognito);
  accounts = { removeAccountsByEmail: (email) => removeAccountsByEmail(email, { client: fx.cognito, userPoolId: pool.userPoolId }) };
  const emails = new Set(fx.school.parents.map((p) => p.email).filter((e): e is string => !!e));
  for (const email of emails) await createAccount(fx.cognito, pool.userPoolId, email);
});

describe('school progression, start to finish', () => {
  it('analyses every student: counts match the data, and only one progression can be open', async () => {
    workspace = await startProgression(ADMIN);
    const byLevel = (level: string) => fx.school.students.filter((s) => s.level === level).length;

    expect(workspace.progression).toMatchObject({ phase: 'review', fromYear: '2025-2026', toYear: '2026-2027' });
    expect(workspace.progression.counts).toMatchObject({
      totalStudents: fx.school.students.length,
      autoProgression: byLevel('G1') + byLevel('G3') + byLevel('G5'),
      needsAssignment: byLevel('G2') + byLevel('G4'),
      graduating: byLevel('G6'),
      missingAssignments: byLevel('G2') + byLevel('G4'),
    });
    expect(workspace.students).toHaveLength(fx.school.students.length);
    expect(await codeOf(startProgression(ADMIN))).toEqual(['CONFLICT', undefined]);
    expect((await currentProgression()).progression?.id).toBe(workspace.progression.id);
  });

  it('refuses assignments to classes that do not host the new level, and departures of graduates', async () => {
    const id = workspace.progression.id;
    const needing = workspace.students.find((s) => s.outcome === 'needsAssignment')!;
    const wrongClass = workspace.classes.find((c) => !c.levels.includes(needing.newLevel!))!;
    const graduate = workspace.students.find((s) => s.outcome === 'graduates')!;

    expect(await codeOf(setAssignments(id, { assignments: [{ studentId: needing.studentId, classId: wrongClass.id }] }))).toEqual([
      'VALIDATION_FAILED',
      [{ path: 'assignments.0.classId', issue: 'class_does_not_host_level' }],
    ]);
    expect(await codeOf(setDepartures(id, { departures: [{ studentId: graduate.studentId, departing: true }] }))).toEqual([
      'VALIDATION_FAILED',
      [{ path: 'departures.0.studentId', issue: 'graduating' }],
    ]);
  });

  it('refuses to apply while assignments are missing: 409 listing them, and nothing changes', async () => {
    const id = workspace.progression.id;
    const missing = workspace.students.filter((s) => s.outcome === 'needsAssignment').map((s) => `students.${s.studentId}`).sort();
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!.email;
    const response = await handler({
      ...apiEvent({ method: 'POST', resource: '/api/admin/progression/{progressionId}/apply', body: JSON.stringify({ confirm: 'confirm' }), claims: claimsFor(admin, { groups: ['admins'] }) }),
      pathParameters: { progressionId: id },
    });

    expect(response.statusCode).toBe(409);
    const body = JSON.parse(response.body) as ApiErrorBody;
    expect(body.error.code).toBe('ASSIGNMENTS_MISSING');
    expect(body.error.fields!.map((f) => f.path).sort()).toEqual(missing);
    expect(body.error.fields!.every((f) => f.issue === 'missing_assignment')).toBe(true);
    expect((await currentProgression()).progression).toMatchObject({ phase: 'review' });
    expect((await readDirectory()).students).toHaveLength(fx.school.students.length);
  });

  it('stages assignments, departures, new students and a parent override; the review shows all of it', async () => {
    const id = workspace.progression.id;
    await setAssignments(id, { assignments: firstCandidates(fx.school) });

    // Departures: a staying only child (their parents then leave too) and one more staying student.
    const staying = workspace.students.filter((s) => s.outcome !== 'graduates');
    const onlyChild = staying.find((s) => parentsOf(s.studentId).every((p) => childrenOf(p).length === 1))!;
    const other = staying.find((s) => s.studentId !== onlyChild.studentId && !parentsOf(s.studentId).some((p) => parentsOf(onlyChild.studentId).includes(p)))!;
    workspace = await setDepartures(id, DeparturesRequestSchema.parse({
      departures: [
        { studentId: onlyChild.studentId, departing: true, reason: 'Déménagement à Québec' },
        { studentId: other.studentId, departing: true, reason: '  ' },
      ],
    }));

    // A parent whose children all graduate is removed by default; naming them for a new student keeps them.
    const graduateParent = workspace.parentDecisions.find((p) => p.status === 'remove' && p.leavingChildIds.every((c) => workspace.students.find((s) => s.studentId === c)?.outcome === 'graduates'))!;
    const firstClass = workspace.classes.find((c) => c.levels.includes('G1'))!;
    const newParent = { firstName: 'Anne-Sophie', lastName: "L'Écuyer", email: ' Nouvelle.Parente@Test.Example ', phone: '514 555-0199' };
    workspace = await saveNewStudent(id, undefined, newStudentRequest({
      student: { firstName: 'Éloïse', lastName: "L'Écuyer", level: 'G1', classId: firstClass.id },
      parent1: { mode: 'new', parent: newParent },
    }));
    const newParentId = workspace.newStudents[0]!.parent1.parentId;
    expect(await codeOf(saveNewStudent(id, undefined, newStudentRequest({
      student: { firstName: 'Jules', lastName: "L'Écuyer", level: 'G1', classId: firstClass.id },
      parent1: { mode: 'new', parent: { ...newParent, firstName: 'Autre' } },
    })))).toEqual(['DUPLICATE_EMAIL', [{ path: 'parent1.parent.email', issue: 'staged_parent' }]]);
    expect((await lookupParent(id, 'nouvelle.parente@test.example')).matches).toEqual([
      expect.objectContaining({ parentId: newParentId, source: 'newStudent' }),
    ]);
    workspace = await saveNewStudent(id, undefined, newStudentRequest({
      student: { firstName: 'Jules', lastName: 'Bérubé', level: 'G3', classId: workspace.classes.find((c) => c.levels.includes('G3'))!.id },
      parent1: { mode: 'existing', parentId: graduateParent.parentId },
      parent2: { mode: 'existing', parentId: newParentId },
    }));
    expect(workspace.parentDecisions.find((p) => p.parentId === graduateParent.parentId)).toMatchObject({ status: 'keep', lockedByNewStudent: true });

    // The admin keeps one parent the default would remove.
    const toKeep = workspace.parentDecisions.find((p) => p.status === 'remove' && !parentsOf(onlyChild.studentId).includes(p.parentId))!;
    workspace = await setParentDecisions(id, { decisions: [{ parentId: toKeep.parentId, status: 'keep' }] });
    expect(workspace.parentDecisions.find((p) => p.parentId === toKeep.parentId)).toMatchObject({ status: 'keep', overridden: true });

    review = await getReview(id);
    expect(review.ready).toBe(true);
    expect(review.departures.map((d) => [d.studentId, d.reason])).toEqual(
      expect.arrayContaining([[onlyChild.studentId, 'Déménagement à Québec'], [other.studentId, undefined]]),
    );
    expect(review.graduations).toHaveLength(workspace.progression.counts.graduating);
    expect(review.moves).toHaveLength(fx.school.students.length - review.graduations.length - 2);
    expect(review.arrivals.map((a) => a.parents.map((p) => p.mode))).toEqual(expect.arrayContaining([['new'], ['existing', 'new']]));
    expect(review.newParents).toEqual([{ parentId: newParentId, firstName: 'Anne-Sophie', lastName: "L'Écuyer", email: 'nouvelle.parente@test.example' }]);
    expect(review.parentsRemoved.map((p) => p.parentId)).toEqual(expect.arrayContaining(parentsOf(onlyChild.studentId)));
    expect(review.parentsKept.map((p) => p.parentId)).toEqual(expect.arrayContaining([toKeep.parentId, graduateParent.parentId]));
  });

  it('applies in chunks after taking a backup, and leaves every student where the review said', async () => {
    const id = workspace.progression.id;
    before = await snapshotTable();
    const removedEmails = review.parentsRemoved.map((p) => fx.school.parents.find((x) => x.id === p.parentId)!.email).filter((e): e is string => !!e);
    const removedWithAccount = removedEmails.find((email) => fx.school.parents.filter((p) => p.email === email).length === 1)!;
    const session = await fx.cognito.send(
      new InitiateAuthCommand({ ClientId: pool.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: removedWithAccount, PASSWORD: DEMO_PASSWORD_FOR_TESTS } }),
    );

    const percents: number[] = [];
    let outcome = await runApply(id, ADMIN, 'start', { accounts, maxSteps: 7 });
    while (!outcome.done) {
      percents.push(Math.floor((outcome.progression.apply!.cursor / outcome.progression.apply!.totalSteps) * 100));
      outcome = await runApply(id, ADMIN, 'continue', { accounts, maxSteps: 7 });
    }
    expect(percents.length).toBeGreaterThan(3);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(outcome.progression).toMatchObject({ phase: 'completed', apply: { stage: 'done' } });

    const after = await readDirectory();
    const students = new Map(after.students.map((s) => [s.id, s]));
    for (const move of review.moves) expect(students.get(move.studentId)).toMatchObject({ level: move.toLevel, classId: move.toClassId });
    for (const gone of [...review.graduations, ...review.departures]) expect(students.has(gone.studentId)).toBe(false);
    const arrivals = review.arrivals.map((a) => students.get(a.newStudentId));
    expect(arrivals.map((s) => s?.firstName)).toEqual(expect.arrayContaining(['Éloïse', 'Jules']));
    expect(after.students).toHaveLength(review.moves.length + review.arrivals.length);

    const parents = new Set(after.parents.map((p) => p.id));
    for (const removed of review.parentsRemoved) expect(parents.has(removed.parentId)).toBe(false);
    for (const kept of review.parentsKept) expect(parents.has(kept.parentId)).toBe(true);
    const linked = new Set(after.families.flatMap((l) => [l.parentId, l.studentId]));
    for (const removed of review.parentsRemoved) expect(linked.has(removed.parentId)).toBe(false);
    expect(after.memberships.filter((m) => review.parentsRemoved.some((p) => p.parentId === m.personId))).toEqual([]);

    // Removed parents can no longer sign up, their account and sessions are gone; the new parent can register.
    expect(await findRegisteredPeople(removedWithAccount)).toEqual([]);
    expect(await accountEmails(fx.cognito, pool.userPoolId)).not.toContain(removedWithAccount);
    await expect(
      fx.cognito.send(new InitiateAuthCommand({ ClientId: pool.clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: session.AuthenticationResult!.RefreshToken! } })),
    ).rejects.toThrow();
    const newParentId = review.newParents[0]!.parentId;
    expect(await findRegisteredPeople('nouvelle.parente@test.example')).toEqual([
      { personType: 'PARENT', personId: newParentId, email: 'nouvelle.parente@test.example', displayName: "Anne-Sophie L'Écuyer" },
    ]);
    // No choice on file: the new family starts private (docs/decisions/privacy-by-default-name-and-email-for-others-nothing.md, "Privacy by default").
    expect(await getEntity('PARENT', newParentId)).toMatchObject({
      phone: '5145550199',
      participation: 'limited',
      audiences: PRIVATE_BY_DEFAULT,
    });
    expect(await listConsent(newParentId)).toEqual([expect.objectContaining({ by: 'progression', channel: 'progression' })]);
    expect((await getSettings())?.schoolYear).toBe('2026-2027');
    expect((await currentProgression()).progression!.counts).toMatchObject({
      departing: 2,
      newStudents: 2,
      newParents: 1,
      missingAssignments: 0,
      parentsToRemove: review.parentsRemoved.length,
    });
  });

  it('audits every change and keeps a downloadable export of the data as it was', async () => {
    const id = workspace.progression.id;
    const moved = review.moves[0]!.studentId;
    const entries = await queryAllWith(documentClient(), {
      IndexName: TABLE_INDEXES.byPerson.name,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `AUDIT#STUDENT#${moved}` },
    });
    expect(entries).toEqual([expect.objectContaining({ action: 'progression.studentMove', actor: { kind: 'user', id: ADMIN } })]);
    const month = (await currentProgression()).progression!.apply!.startedAt.slice(0, 7);
    const audit = await queryAllWith(documentClient(), { KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `AUDIT#${month}` } });
    const actions = audit.map((entry) => entry.action as string);
    expect(actions.filter((a) => a === 'progression.studentMove')).toHaveLength(review.moves.length);
    expect(actions.filter((a) => a === 'progression.studentGraduate')).toHaveLength(review.graduations.length);
    expect(actions.filter((a) => a === 'progression.studentDepart')).toHaveLength(review.departures.length);
    expect(actions.filter((a) => a === 'progression.parentRemove')).toHaveLength(review.parentsRemoved.length);
    expect(actions.filter((a) => a === 'progression.studentAdd')).toHaveLength(2);
    expect(actions).toEqual(expect.arrayContaining(['progression.backup', 'progression.parentAdd', 'progression.accountRemove', 'progression.apply']));
    expect(JSON.stringify(audit)).not.toContain('@');

    const manifest = await backupManifest(id);
    const parts = await Promise.all(Array.from({ length: manifest.parts }, (_, part) => backupPart(id, part)));
    const exported = parts.flatMap((part) => part.items);
    const expected = before.filter((item) => item.pk === 'DIRECTORY' || (item.pk === 'SCHOOL' && item.sk === 'SETTINGS'));
    const key = (item: Record<string, unknown>) => `${String(item.pk)} ${String(item.sk)}`;
    expect(manifest.items).toBe(expected.length);
    expect([...exported].sort((a, b) => key(a).localeCompare(key(b)))).toEqual(expected);
  });

  it('records each backup part an administrator downloads, with the item count and no content', async () => {
    const id = workspace.progression.id;
    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!.email;
    const claims = claimsFor(admin, { groups: ['admins'] });
    const response = await handler({
      ...apiEvent({ method: 'GET', resource: '/api/admin/progression/{progressionId}/backup/{part}', claims }),
      pathParameters: { progressionId: id, part: '0' },
    });
    expect(response.statusCode).toBe(200);
    const { items } = JSON.parse(response.body) as { items: unknown[] };
    const audit = await queryAllWith(documentClient(), {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': `AUDIT#PROGRESSION#${id}` },
    });
    const downloads = audit.filter((entry) => entry.action === 'progression.backupDownload');
    expect(downloads).toEqual([expect.objectContaining({ actor: { kind: 'user', id: claims.sub }, count: items.length })]);
    expect(JSON.stringify(downloads)).not.toContain('@');
  });

  it('frees its locks: nothing more to apply, and next year can start', async () => {
    const done = await runApply(workspace.progression.id, ADMIN, 'continue', { accounts });
    expect(done.done).toBe(true);
    const next = await startProgression(ADMIN);
    expect(next.progression).toMatchObject({ fromYear: '2026-2027', toYear: '2027-2028', phase: 'review' });
    expect((await cancel(next.progression.id)).progression).toMatchObject({ phase: 'cancelled' });
  });

  it('never moves one year up twice: the settings keep the year it moved to, refuse a year before it, and a start on such a year is refused', async () => {
    const settings = (await getSettings())!;
    expect(settings).toMatchObject({ schoolYear: '2026-2027', progressedTo: '2026-2027' });
    // The settings screen (a trial set « 2025-2026 » back after the move, then started the same year's move again).
    const form = { ...settingsFormOf(settings), version: settings.version, schoolYear: '2025-2026' };
    const refused = await updateSettings(form, { kind: 'user', id: ADMIN });
    expect(refused).toEqual({ ok: false, issues: [{ path: 'schoolYear', code: 'SCHOOL_YEAR_BEFORE_PROGRESSION', params: { value: '2025-2026', year: '2026-2027' } }] });
    expect(formatIssueMessage('SCHOOL_YEAR_BEFORE_PROGRESSION', { value: '2025-2026', year: '2026-2027' }, 'fr')).toBe(
      "L'année scolaire ne peut pas revenir à «\u00a02025-2026\u00a0»\u00a0: la progression vers 2026-2027 a déjà été appliquée, et les élèves passeraient une deuxième fois au niveau suivant.",
    );
    expect((await updateSettings({ ...form, schoolYear: '2027-2028' }, { kind: 'user', id: ADMIN })).ok).toBe(true);
    // A year set back some other way (data from before this rule): the progression's start refuses it too.
    const current = (await getSettings())!;
    await documentClient().send(new PutCommand({ TableName: tableName(), Item: settingsItem({ ...current, schoolYear: '2025-2026' }) }));
    expect(await codeOf(startProgression(ADMIN))).toEqual(['PROGRESSION_YEAR_DONE', undefined]);
    await documentClient().send(new PutCommand({ TableName: tableName(), Item: settingsItem({ ...current, schoolYear: '2026-2027' }) }));
  });
});
