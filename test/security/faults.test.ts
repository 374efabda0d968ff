import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ulid } from 'ulid';
import { handler as recoveryHandler } from '../../lambdas/account-recovery/index';
import { hashRecoveryToken, putRecoveryToken } from '../../lambdas/account-recovery/recovery-repository';
import { handler as adminHandler } from '../../lambdas/admin/index';
import { handler as annualUpdateHandler } from '../../lambdas/annual-update/index';
import { writeParticipants } from '../../lambdas/annual-update/campaign-repository';
import { handler as authHandler } from '../../lambdas/auth/index';
import { handler as directoryHandler } from '../../lambdas/directory/index';
import { documentClient, resetDocumentClient, tableName } from '../../lambdas/common/dynamo';
import { keys } from '../../lambdas/common/keys';
import { handler as privacyHandler } from '../../lambdas/privacy/index';
import { handler as messagesHandler } from '../../lambdas/messages/index';
import { updateMessageState } from '../../lambdas/messages/message-repository';
import { hashUnsubscribeToken } from '../../lambdas/messages/send-service';
import type { Message } from '@shared/contracts/messages-api';
import { handler as progressionHandler } from '../../lambdas/progression/index';
import { ROUTES, routeKey } from '../../lambdas/routes';
import { getEntity, readDirectory } from '../../lambdas/directory/directory-repository';
import { entityItem } from '../../lambdas/directory/directory-items';
import { pendingChangeItem } from '../../lambdas/annual-update/review-repository';
import { generateSchool } from '../../local/demo/generate-school';
import type * as z from 'zod';
import {
  ClassUpdateSchema,
  CommitteeInputSchema,
  CommitteeUpdateSchema,
  ParentUpdateSchema,
  StaffInputSchema,
  StaffUpdateSchema,
  StudentInputSchema,
  StudentUpdateSchema,
} from '@shared/contracts/admin-api';
import type { ProgressionWorkspace } from '@shared/contracts/progression-api';
import { settingsFormOf, type SettingsResponse } from '@shared/contracts/school-settings-api';
import { grantRole } from '../../lambdas/registry/admin-roles';
import { adminClaims, invoke, mailTo, seedSmallSchool, tokenIn, type SmallSchool } from '../lambdas/annual-update-support';
import { adminClaims as registeredAdminClaims, csvFilesOf, withExtraTable, withoutMeta } from '../lambdas/admin-support';
import { claimsFor } from '../lambdas/auth-support';
import { useDirectoryTable } from '../lambdas/directory-support';
import { useStack } from '../support/stack';
import { tableDigest } from '../support/table-digest';
import { sesThrottleProxy, throttleWrites, type Throttle } from './faults-support';

/**
 * DynamoDB and SES throttling injected under the real handlers (in-process, against the stack's DynamoDB Local
 * and SES emulator, in a table of this file's own seeded with a small school): every write the AWS SDK sends
 * fails with ProvisionedThroughputExceededException, inside the SDK's retry loop. Every POST/PUT/DELETE route
 * of lambdas/routes.ts has an entry in FAULTS (a test fails otherwise): either a write path, which must retry a
 * bounded number of times, then answer 503 SERVICE_UNAVAILABLE (the UI says "try again in a moment") and leave
 * the table exactly as it was; or a reason why the route does not write. Paths that write more than once are
 * also cut after their first write: they must then be resumable and idempotent (same end state as an
 * unthrottled run, no duplicate record, no email sent twice).
 */
const stack = useStack();
useDirectoryTable('faults');

/** lambdas/common/dynamo.ts: attempts per write call, the first included. */
const MAX_ATTEMPTS = 4;

type Handler = (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;
type Call = Parameters<typeof invoke>[1];
interface WritePath {
  handler: Handler;
  call: () => Call;
  /** Sets up what this call needs that would stop an earlier case (run before the "before" digest). */
  prepare?: () => Promise<void>;
}
type Fault = WritePath | { doesNotWrite: string };

let school: SmallSchool;
let admin: Record<string, string>;
let parentEmail: string;
type Rec = { id: string; version: number } & Record<string, unknown>;
let dir: { parents: Rec[]; students: Rec[]; staff: Rec[]; classes: Rec[]; committees: Rec[]; families: { parentId: string; studentId: string }[] };
let emptyClass: Rec;
let campaignId: string;
let token: string;
let staffToken: string;
let jobId: string | undefined;
let progression: ProgressionWorkspace;
let newStudentId: string;
/** The merge the undo case undoes (docs/product-rules.md, "Duplicates"). */
let mergeId = '';
const KEEP_ALL = { name: 'keep', email: 'keep', phone: 'keep', address: 'keep', preferredLanguage: 'keep', privacy: 'keep', profile: 'keep' };
const mergeBody = (keep: Rec, other: Rec) => ({ keepId: keep.id, keepVersion: keep.version, otherId: other.id, otherVersion: other.version, choices: KEEP_ALL });
/** The privacy request the update case works on (docs/privacy.md). */
let privacyRequest: { id: string; version: number } | undefined;
/** The settings form the PUT case sends (docs/data-onboarding.md). */
let settingsBody: Record<string, unknown>;
/** The review decision the throttled case sends (set by its prepare). */
let reviewBody: Record<string, unknown> = {};

const adminCall = (method: string, resource: string, extra: Partial<Call> = {}): Call => ({ method, resource, claims: admin, ...extra });
const progressionCall = (method: string, suffix: string, body?: unknown, extra: Record<string, string> = {}): Call =>
  adminCall(method, `/api/admin/progression/{progressionId}${suffix}`, {
    pathParameters: { progressionId: progression.progression.id, ...extra },
    ...(body === undefined ? {} : { body }),
  });
/**
 * A directory record as a valid edit body: the admin schemas are strict, so the keys they refuse (stored
 * attributes such as timestamps, at any depth) are dropped, as the edit screens do.
 */
function fit(schema: z.ZodType, record: Record<string, unknown>): Record<string, unknown> {
  const body = structuredClone(record);
  for (;;) {
    const result = schema.safeParse(body);
    const unknown = result.success ? [] : result.error.issues.filter((issue) => issue.code === 'unrecognized_keys');
    if (unknown.length === 0) return body;
    for (const issue of unknown) {
      const holder = issue.path.reduce<Record<string, unknown>>(
        (node, key) => node[key as string] as Record<string, unknown>,
        body,
      );
      for (const key of (issue as { keys: string[] }).keys) delete holder[key];
    }
  }
}
const without = (record: Rec, ...fields: string[]) => Object.fromEntries(Object.entries(record).filter(([k]) => !fields.includes(k)));
/** A parent neither the admin nor the My Profile caller, with children (a delete then cascades). */
const someParent = () => dir.parents.find((p) => p.email && p.email !== school.adminEmail && p.email !== parentEmail && dir.families.some((f) => f.parentId === p.id))!;
const otherParent = () => dir.parents.find((p) => p.id !== someParent().id)!;
const parentIdsOf = (studentId: string) => dir.families.filter((f) => f.studentId === studentId).map((f) => f.parentId);

async function ok<T>(call: Promise<{ status: number; body: unknown }>, status = 200): Promise<T> {
  const response = await call;
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return response.body as T;
}

/** One `continue` call of a send job, as the admin screen makes it. */
const continueJob = (id: string): Call =>
  adminCall('POST', '/api/admin/annual-update/campaigns/{campaignId}/send-jobs/{jobId}/continue', { pathParameters: { campaignId, jobId: id } });
/** How many emails each person has received so far. */
const inbox = (people: { email?: string }[]) => Promise.all(people.map(async (p) => (await mailTo(stack, p.email!)).length));

/** Calls continue until the job is done, as the admin screen does. */
async function runJobToEnd(id: string): Promise<void> {
  for (let call = 0; call < 20; call++) {
    const progress = await ok<{ done: boolean }>(
      invoke(annualUpdateHandler, continueJob(id)),
    );
    if (progress.done) return;
  }
  throw new Error('send job not done in 20 calls');
}

async function createJob(parentIds: string[]): Promise<string> {
  const created = await ok<{ jobId: string }>(
    invoke(annualUpdateHandler, adminCall('POST', '/api/admin/annual-update/campaigns/{campaignId}/send-jobs', { pathParameters: { campaignId }, body: { mode: 'selected', parentIds } })),
    201,
  );
  return created.jobId;
}

beforeAll(async () => {
  school = await seedSmallSchool('faults', { uniqueStaffEmails: true });
  admin = adminClaims(school.adminEmail);
  parentEmail = school.reachable[1]!.email!;
  dir = await ok(invoke(adminHandler, adminCall('GET', '/api/admin/directory')));
  // A class without students, so that its delete reaches the write.
  emptyClass = (
    await ok<{ record: Rec }>(
      invoke(adminHandler, adminCall('POST', '/api/admin/classes', { body: { code: 'ZZ1', name: 'Classe vide', levels: dir.classes[0]!.levels } })),
      201,
    )
  ).record;
  // A campaign, and one parent's update link from a send job run to its end.
  const started = await ok<{ campaign: { id: string } }>(
    invoke(annualUpdateHandler, adminCall('POST', '/api/admin/annual-update/campaigns', { body: { schoolYear: '2070-2071', confirmation: 'confirm' } })),
    201,
  );
  campaignId = started.campaign.id;
  const linked = school.reachable[2]!;
  await runJobToEnd(await createJob([linked.id]));
  token = tokenIn((await mailTo(stack, linked.email!)).at(-1)!);
  // A staff member's link too (docs/annual-update.md, "Staff"): one staff participant written here, so the
  // campaign's other send jobs keep the size this file's bounds were measured with.
  const staffLinked = school.staff.find((s) => s.email)!;
  await writeParticipants([{ campaignId, parentId: staffLinked.id, kind: 'staff', emailsSent: 0, optedOut: false, unreachable: false }], []);
  await runJobToEnd(await createJob([staffLinked.id]));
  staffToken = tokenIn((await mailTo(stack, staffLinked.email!)).at(-1)!);
  // A progression in review, every assignment made (so apply reaches its writes), and one new student.
  progression = await ok(invoke(progressionHandler, adminCall('POST', '/api/admin/progression')), 201);
  const assignments = progression.students
    .filter((s) => s.outcome === 'needsAssignment')
    .map((s) => ({ studentId: s.studentId, classId: progression.classes.find((c) => c.levels.includes(s.newLevel!))!.id }));
  if (assignments.length > 0) progression = await ok(invoke(progressionHandler, progressionCall('PUT', '/assignments', { assignments })));
  const classId = progression.classes.find((c) => c.levels.includes('G1'))!.id;
  progression = await ok(
    invoke(progressionHandler, progressionCall('POST', '/new-students', {
      student: { firstName: 'Maëlle', lastName: 'Ouellet', level: 'G1', classId },
      parent1: { mode: 'existing', parentId: dir.parents[0]!.id },
    })),
    201,
  );
  newStudentId = progression.newStudents[0]!.newStudentId;
}, 60_000);

afterEach(() => {
  resetDocumentClient();
});

afterAll(async () => {
  // Leave nothing running: the progression cancelled, the campaign closed (the table is dropped anyway).
  if (progression) await invoke(progressionHandler, progressionCall('POST', '/cancel'));
  if (campaignId) await invoke(annualUpdateHandler, adminCall('POST', '/api/admin/annual-update/campaigns/{campaignId}/close', { pathParameters: { campaignId } }));
});

/** A takeover link (any 43 base64url characters) this file stores itself. */
const RECOVERY_TOKEN = 'r'.repeat(43);

/** A confidentiality incident as the register's form sends it, and the one the edit case changes. */
const INCIDENT = {
  occurredOn: '2026-01-05',
  discoveredOn: '2026-01-06',
  description: 'Liste envoyée au mauvais destinataire',
  personalInformation: 'Noms et courriels',
  peopleCount: 12,
  seriousInjuryRisk: false,
  riskReasoning: 'Destinataire connu',
  commissionNotified: false,
  peopleNotified: false,
};
let incidentId = '';

/** Every POST, PUT and DELETE route, by route key. */
const FAULTS: Record<string, Fault> = {
  // auth
  'POST /api/validateEmailV2': {
    handler: authHandler,
    call: () => ({ method: 'POST', resource: '/api/validateEmailV2', body: { email: parentEmail } }),
  },
  // account recovery: the start counts the caller first; the completion spends the link before touching Cognito.
  'POST /api/account-recovery/start': {
    handler: recoveryHandler,
    call: () => ({ method: 'POST', resource: '/api/account-recovery/start', body: { email: parentEmail, locale: 'fr' } }),
  },
  'POST /api/account-recovery/complete': {
    handler: recoveryHandler,
    prepare: async () => {
      await putRecoveryToken({ tokenHash: hashRecoveryToken(RECOVERY_TOKEN), email: parentEmail, username: parentEmail, expiresAt: Math.floor(Date.now() / 1000) + 3600 });
    },
    call: () => ({ method: 'POST', resource: '/api/account-recovery/complete', body: { token: RECOVERY_TOKEN, password: 'Famille2025' } }),
  },
  // The first-administrator appointment: its one TransactWrite (this table already had a role, so unthrottled it
  // would answer 409; throttled, it must still be a clean 503).
  'POST /api/me/first-admin': {
    handler: authHandler,
    prepare: async () => {
      vi.stubEnv('FIRST_ADMIN_EMAIL', parentEmail);
    },
    call: () => ({ method: 'POST', resource: '/api/me/first-admin', claims: claimsFor(parentEmail) }),
  },
  // annual update
  'POST /api/admin/annual-update/campaigns/{campaignId}/send-jobs': {
    handler: annualUpdateHandler,
    call: () => adminCall('POST', '/api/admin/annual-update/campaigns/{campaignId}/send-jobs', { pathParameters: { campaignId }, body: { mode: 'notSent' } }),
  },
  // With a new deadline: the links carried past it first (the first write alone), then the campaign's transaction.
  'PUT /api/admin/annual-update/campaigns/{campaignId}/reminders': {
    handler: annualUpdateHandler,
    call: () =>
      adminCall('PUT', '/api/admin/annual-update/campaigns/{campaignId}/reminders', { pathParameters: { campaignId }, body: { reminderDays: [], deadline: '2070-12-01' } }),
  },
  'POST /api/admin/annual-update/campaigns/{campaignId}/send-jobs/{jobId}/continue': {
    handler: annualUpdateHandler,
    prepare: async () => {
      jobId = await createJob([school.reachable.at(-1)!.id]);
    },
    call: () => continueJob(jobId!),
  },
  // Paper letters: one TransactWrite per chunk of families (new codes, LETTER items, revoked codes, audit entry).
  'POST /api/admin/annual-update/campaigns/{campaignId}/letters': {
    handler: annualUpdateHandler,
    call: () => adminCall('POST', '/api/admin/annual-update/campaigns/{campaignId}/letters', { pathParameters: { campaignId } }),
  },
  'POST /api/admin/annual-update/campaigns/{campaignId}/close': {
    handler: annualUpdateHandler,
    call: () => adminCall('POST', '/api/admin/annual-update/campaigns/{campaignId}/close', { pathParameters: { campaignId } }),
  },
  // Review before publishing: a held answer put by hand (this file's campaign does not review); the decision is
  // one TransactWrite (the parent, the held answer, the audit).
  'POST /api/admin/annual-update/campaigns/{campaignId}/review/{parentId}': {
    handler: annualUpdateHandler,
    prepare: async () => {
      const held = (await getEntity('PARENT', school.reachable[3]!.id))!;
      const submittedAt = new Date().toISOString();
      reviewBody = { version: held.version, submittedAt, accept: ['phone'] };
      const change = { campaignId, parentId: held.id, baseVersion: held.version, submittedAt, via: 'link' as const };
      await documentClient().send(
        new PutCommand({ TableName: tableName(), Item: pendingChangeItem({ ...change, changes: [{ field: 'phone', new: '5145550199' }] }) }),
      );
    },
    call: () =>
      adminCall('POST', '/api/admin/annual-update/campaigns/{campaignId}/review/{parentId}', {
        pathParameters: { campaignId, parentId: school.reachable[3]!.id },
        body: reviewBody,
      }),
  },
  'POST /api/update/load': { doesNotWrite: 'opening a link only reads (mail scanners open every link)' },
  'POST /api/update/staff/load': { doesNotWrite: "opening a staff member's link only reads, as a parent's" },
  'POST /api/update/staff/submit': {
    handler: annualUpdateHandler,
    call: () => ({ method: 'POST', resource: '/api/update/staff/submit', body: { token: staffToken, data: staffData } }),
  },
  'POST /api/update/submit': {
    handler: annualUpdateHandler,
    call: () => ({ method: 'POST', resource: '/api/update/submit', body: { token, data: submitData } }),
  },
  // The printable directory's audit: one Put of the audit entry.
  'POST /api/directory/pdf-audit': {
    handler: directoryHandler,
    call: () => ({
      method: 'POST',
      resource: '/api/directory/pdf-audit',
      body: { scope: { kind: 'class', classId: dir.classes[0]!.id }, paper: 'a4', lang: 'en' },
      claims: claimsFor(parentEmail),
    }),
  },
  'PUT /api/profile': {
    handler: annualUpdateHandler,
    call: () => ({ method: 'PUT', resource: '/api/profile', body: { data: profileData }, claims: claimsFor(parentEmail) }),
  },
  'POST /api/admin/annual-update/campaigns': {
    handler: annualUpdateHandler,
    // Only one campaign is active at a time: close this file's (the cases that need it are done).
    prepare: async () => {
      await ok(invoke(annualUpdateHandler, adminCall('POST', '/api/admin/annual-update/campaigns/{campaignId}/close', { pathParameters: { campaignId } })));
    },
    call: () => adminCall('POST', '/api/admin/annual-update/campaigns', { body: { schoolYear: '2071-2072', confirmation: 'confirm' } }),
  },
  // Reopening (after the row above closed this file's campaign): the links' expiries one by one, then one
  // TransactWrite (the campaign, the lock, the audit); a refused first write leaves everything as it was.
  'POST /api/admin/annual-update/campaigns/{campaignId}/reopen': {
    handler: annualUpdateHandler,
    call: () => adminCall('POST', '/api/admin/annual-update/campaigns/{campaignId}/reopen', { pathParameters: { campaignId }, body: { deadline: '2070-12-19' } }),
  },
  // privacy requests: filing counts the caller first (its first write); the queue's update is one TransactWrite.
  'POST /api/privacy-requests': {
    handler: privacyHandler,
    call: () => ({ method: 'POST', resource: '/api/privacy-requests', body: { kind: 'access', details: 'Une copie, svp.' }, claims: claimsFor(parentEmail) }),
  },
  'POST /api/update/privacy-request': {
    handler: privacyHandler,
    call: () => ({ method: 'POST', resource: '/api/update/privacy-request', body: { token, kind: 'correction', details: 'Mon adresse a changé.' } }),
  },
  'PUT /api/admin/privacy/requests/{id}': {
    handler: privacyHandler,
    prepare: async () => {
      const filed = { method: 'POST', resource: '/api/privacy-requests', body: { kind: 'complaint', details: 'Plainte.' }, claims: claimsFor(parentEmail) };
      const { id } = await ok<{ id: string }>(invoke(privacyHandler, filed), 201);
      const list = await ok<{ requests: { id: string; version: number }[] }>(invoke(privacyHandler, adminCall('GET', '/api/admin/privacy/requests')));
      privacyRequest = list.requests.find((r) => r.id === id);
    },
    call: () =>
      adminCall('PUT', '/api/admin/privacy/requests/{id}', {
        pathParameters: { id: privacyRequest!.id },
        body: { version: privacyRequest!.version, status: 'inProgress', note: 'Appel au secrétariat.' },
      }),
  },
  // progression
  'POST /api/admin/progression': { handler: progressionHandler, call: () => adminCall('POST', '/api/admin/progression') },
  'POST /api/admin/progression/{progressionId}/analysis': {
    handler: progressionHandler,
    call: () => progressionCall('POST', '/analysis'),
  },
  'PUT /api/admin/progression/{progressionId}/assignments': {
    handler: progressionHandler,
    call: () => {
      const s = progression.students.find((x) => x.outcome === 'needsAssignment')!;
      return progressionCall('PUT', '/assignments', { assignments: [{ studentId: s.studentId, classId: null }] });
    },
  },
  'PUT /api/admin/progression/{progressionId}/departures': {
    handler: progressionHandler,
    call: () => {
      const s = progression.students.find((x) => x.outcome !== 'graduates')!;
      return progressionCall('PUT', '/departures', { departures: [{ studentId: s.studentId, departing: true, reason: 'Déménagement' }] });
    },
  },
  'PUT /api/admin/progression/{progressionId}/parent-decisions': {
    handler: progressionHandler,
    call: () => {
      const d = progression.parentDecisions.find((p) => !p.lockedByNewStudent)!;
      return progressionCall('PUT', '/parent-decisions', { decisions: [{ parentId: d.parentId, status: d.status === 'keep' ? 'remove' : 'keep' }] });
    },
  },
  'POST /api/admin/progression/{progressionId}/new-students': {
    handler: progressionHandler,
    call: () =>
      progressionCall('POST', '/new-students', {
        student: { firstName: 'Jules', lastName: 'Bérubé', level: 'G1', classId: progression.classes.find((c) => c.levels.includes('G1'))!.id },
        parent1: { mode: 'new', parent: { firstName: 'Hélène', lastName: 'Bérubé', email: 'helene.berube@test.example' } },
      }),
  },
  'PUT /api/admin/progression/{progressionId}/new-students/{newStudentId}': {
    handler: progressionHandler,
    call: () =>
      progressionCall(
        'PUT',
        '/new-students/{newStudentId}',
        {
          student: { firstName: 'Maëlle-Rose', lastName: 'Ouellet', level: 'G1', classId: progression.classes.find((c) => c.levels.includes('G1'))!.id },
          parent1: { mode: 'existing', parentId: dir.parents[0]!.id },
        },
        { newStudentId },
      ),
  },
  'DELETE /api/admin/progression/{progressionId}/new-students/{newStudentId}': {
    handler: progressionHandler,
    call: () => progressionCall('DELETE', '/new-students/{newStudentId}', undefined, { newStudentId }),
  },
  'POST /api/admin/progression/{progressionId}/parent-lookup': { doesNotWrite: 'looks parents up by email for the new-student form' },
  'POST /api/admin/progression/{progressionId}/apply': { handler: progressionHandler, call: () => progressionCall('POST', '/apply', { confirm: 'confirm' }) },
  'POST /api/admin/progression/{progressionId}/apply/continue': { handler: progressionHandler, call: () => progressionCall('POST', '/apply/continue') },
  'POST /api/admin/progression/{progressionId}/cancel': { handler: progressionHandler, call: () => progressionCall('POST', '/cancel') },
  // data onboarding and upkeep
  'POST /api/admin/import/dry-run': { doesNotWrite: 'a dry run reports what an import would write' },
  'POST /api/admin/import/apply': {
    handler: adminHandler,
    call: () => adminCall('POST', '/api/admin/import/apply', { body: { files: importFiles() } }),
  },
  'POST /api/admin/parents': {
    handler: adminHandler,
    call: () => adminCall('POST', '/api/admin/parents', { body: { firstName: 'Nouvelle', lastName: 'Personne', email: 'throttled-new@test.example' } }),
  },
  'PUT /api/admin/parents/{id}': {
    handler: adminHandler,
    call: () => adminCall('PUT', '/api/admin/parents/{id}', { pathParameters: { id: someParent().id }, body: fit(ParentUpdateSchema, { ...someParent(), firstName: 'Throttled' }) }),
  },
  'PUT /api/admin/parents/{id}/safety-restriction': {
    handler: adminHandler,
    call: () => adminCall('PUT', '/api/admin/parents/{id}/safety-restriction', { pathParameters: { id: someParent().id }, body: { version: someParent().version, hiddenFrom: [otherParent().id] } }),
  },
  'DELETE /api/admin/parents/{id}': {
    handler: adminHandler,
    call: () => adminCall('DELETE', '/api/admin/parents/{id}', { pathParameters: { id: someParent().id }, body: { version: someParent().version, confirm: 'confirm' } }),
  },
  // Duplicates (docs/product-rules.md): the merge and its undo are each one TransactWrite.
  'POST /api/admin/duplicates/merge': {
    handler: adminHandler,
    call: () => adminCall('POST', '/api/admin/duplicates/merge', { body: mergeBody(otherParent(), someParent()) }),
  },
  'POST /api/admin/duplicates/merges/{id}/undo': {
    handler: adminHandler,
    prepare: async () => {
      const create = (email: string) =>
        ok<{ record: Rec }>(invoke(adminHandler, adminCall('POST', '/api/admin/parents', { body: { firstName: 'Double', lastName: 'Fautif', email } })), 201);
      const [keep, other] = [await create('double-a@test.example'), await create('double-b@test.example')];
      const merged = await ok<{ merge: { id: string } }>(invoke(adminHandler, adminCall('POST', '/api/admin/duplicates/merge', { body: mergeBody(keep.record, other.record) })), 201);
      mergeId = merged.merge.id;
    },
    call: () => adminCall('POST', '/api/admin/duplicates/merges/{id}/undo', { pathParameters: { id: mergeId }, body: {} }),
  },
  'POST /api/admin/students': {
    handler: adminHandler,
    call: () => {
      const s = dir.students[0]!;
      return adminCall('POST', '/api/admin/students', { body: fit(StudentInputSchema, { ...without(s, 'id', 'version'), firstName: 'Nouveau', parentIds: parentIdsOf(s.id) }) });
    },
  },
  'PUT /api/admin/students/{id}': {
    handler: adminHandler,
    call: () => {
      const s = dir.students[0]!;
      return adminCall('PUT', '/api/admin/students/{id}', { pathParameters: { id: s.id }, body: fit(StudentUpdateSchema, { ...s, firstName: 'Throttled', parentIds: parentIdsOf(s.id) }) });
    },
  },
  'DELETE /api/admin/students/{id}': {
    handler: adminHandler,
    call: () => {
      const s = dir.students[0]!;
      return adminCall('DELETE', '/api/admin/students/{id}', { pathParameters: { id: s.id }, body: { version: s.version, confirm: 'confirm', orphanParents: 'delete' } });
    },
  },
  'POST /api/admin/staff': {
    handler: adminHandler,
    call: () => adminCall('POST', '/api/admin/staff', { body: fit(StaffInputSchema, { ...without(dir.staff[0]!, 'id', 'version'), email: 'throttled-staff@test.example' }) }),
  },
  'PUT /api/admin/staff/{id}': {
    handler: adminHandler,
    call: () => adminCall('PUT', '/api/admin/staff/{id}', { pathParameters: { id: dir.staff[0]!.id }, body: fit(StaffUpdateSchema, { ...dir.staff[0]!, firstName: 'Throttled' }) }),
  },
  'DELETE /api/admin/staff/{id}': {
    handler: adminHandler,
    call: () => {
      // A teacher: the delete also takes them off their class.
      const s = dir.staff.find((x) => dir.classes.some((c) => c.teacherId === x.id)) ?? dir.staff[0]!;
      return adminCall('DELETE', '/api/admin/staff/{id}', { pathParameters: { id: s.id }, body: { version: s.version, confirm: 'confirm' } });
    },
  },
  'POST /api/admin/classes': {
    handler: adminHandler,
    call: () => adminCall('POST', '/api/admin/classes', { body: { code: 'ZZ2', name: 'Nouvelle classe', levels: dir.classes[0]!.levels } }),
  },
  'PUT /api/admin/classes/{id}': {
    handler: adminHandler,
    call: () => adminCall('PUT', '/api/admin/classes/{id}', { pathParameters: { id: dir.classes[0]!.id }, body: fit(ClassUpdateSchema, { ...dir.classes[0]!, name: 'Renommée' }) }),
  },
  'DELETE /api/admin/classes/{id}': {
    handler: adminHandler,
    call: () => adminCall('DELETE', '/api/admin/classes/{id}', { pathParameters: { id: emptyClass.id }, body: { version: emptyClass.version, confirm: 'confirm' } }),
  },
  'POST /api/admin/committees': {
    handler: adminHandler,
    call: () => adminCall('POST', '/api/admin/committees', { body: fit(CommitteeInputSchema, without(dir.committees[0]!, 'id', 'version')) }),
  },
  'PUT /api/admin/committees/{id}': {
    handler: adminHandler,
    call: () => adminCall('PUT', '/api/admin/committees/{id}', { pathParameters: { id: dir.committees[0]!.id }, body: fit(CommitteeUpdateSchema, dir.committees[0]!) }),
  },
  'DELETE /api/admin/committees/{id}': {
    handler: adminHandler,
    call: () => {
      const c = dir.committees[0]!;
      return adminCall('DELETE', '/api/admin/committees/{id}', { pathParameters: { id: c.id }, body: { version: c.version, confirm: 'confirm' } });
    },
  },
  // The privacy incident register: one TransactWrite (the incident and its audit entry) per call.
  'POST /api/admin/privacy/incidents': {
    handler: privacyHandler,
    call: () => adminCall('POST', '/api/admin/privacy/incidents', { body: INCIDENT }),
  },
  'PUT /api/admin/privacy/incidents/{incidentId}': {
    handler: privacyHandler,
    prepare: async () => {
      const created = await ok<{ incident: { id: string } }>(invoke(privacyHandler, adminCall('POST', '/api/admin/privacy/incidents', { body: INCIDENT })), 201);
      incidentId = created.incident.id;
    },
    call: () =>
      adminCall('PUT', '/api/admin/privacy/incidents/{incidentId}', { pathParameters: { incidentId }, body: { ...INCIDENT, measures: 'Rappel', version: 1 } }),
  },
  // Retention settings (docs/privacy.md, "Retention"): one TransactWrite (the settings and their audit entry).
  'PUT /api/admin/privacy/retention': {
    handler: privacyHandler,
    call: () =>
      adminCall('PUT', '/api/admin/privacy/retention', { body: { departedMonths: 12, campaignMonths: 24, backupDays: 30, requestMonths: 24, version: 0 } }),
  },
  // School settings (docs/data-onboarding.md, "School settings"): one TransactWrite (the settings and their audit).
  'PUT /api/admin/settings': {
    handler: adminHandler,
    prepare: async () => {
      const { settings, stored } = await ok<SettingsResponse>(invoke(adminHandler, adminCall('GET', '/api/admin/settings')));
      settingsBody = { ...settingsFormOf(settings), version: stored ? settings.version : 0, schoolName: 'École sous la pluie' };
    },
    call: () => adminCall('PUT', '/api/admin/settings', { body: settingsBody }),
  },
  // The handover (docs/operations.md): one TransactWrite (roles, state, audit); the emails only after it.
  'POST /api/admin/roles/handover': {
    handler: adminHandler,
    call: () => adminCall('POST', '/api/admin/roles/handover', { body: { incomingEmail: parentEmail, title: 'Responsable du bottin 2070-2071' } }),
  },
  // Ending a role: one TransactWrite. Another administrator is appointed first, so the end is allowed.
  'POST /api/admin/roles/end': {
    handler: adminHandler,
    prepare: async () => {
      await grantRole({ email: school.reachable[3]!.email! }, { kind: 'system', id: 'test' });
    },
    call: () => adminCall('POST', '/api/admin/roles/end', { body: { email: school.reachable[3]!.email! } }),
  },
  // Messages (docs/messages.md). Writing: the deliveries (one BatchWrite call for this small school), then the
  // message and its audit entry; a refused first write leaves nothing.
  'POST /api/messages': {
    handler: messagesHandler,
    call: () => adminCall('POST', '/api/messages', { body: schoolMessage('faults') }),
  },
  // Sending: each delivery is claimed (UpdateItem) before SES is called: a refused claim sends nothing.
  'POST /api/messages/{id}/continue': {
    handler: messagesHandler,
    prepare: async () => {
      messageId = await newSchoolMessage('continue');
    },
    call: () => adminCall('POST', '/api/messages/{id}/continue', { pathParameters: { id: messageId } }),
  },
  'POST /api/messages/{id}/read': {
    handler: messagesHandler,
    prepare: async () => {
      messageId = await newSchoolMessage('read');
    },
    call: () => ({ method: 'POST', resource: '/api/messages/{id}/read', pathParameters: { id: messageId }, claims: claimsFor(parentEmail) }),
  },
  // The one-click unsubscribe: one TransactWrite (the choice and the parent's consent-log entry).
  'POST /api/messages/unsubscribe': {
    handler: messagesHandler,
    prepare: async () => {
      const item = { ...keys.unsubscribeToken(hashUnsubscribeToken(UNSUBSCRIBE_TOKEN)), personType: 'PARENT', personId: school.reachable[1]!.id, category: 'school', language: 'fr', expiresAt: Math.floor(Date.now() / 1000) + 3600 };
      await documentClient().send(new PutCommand({ TableName: tableName(), Item: item }));
    },
    call: () => ({ method: 'POST', resource: '/api/messages/unsubscribe', query: { token: UNSUBSCRIBE_TOKEN } }),
  },
  'PUT /api/me/message-consents': {
    handler: messagesHandler,
    call: () => ({ method: 'PUT', resource: '/api/me/message-consents', body: { consents: { school: true, class: false, committee: true }, language: 'fr' }, claims: claimsFor(parentEmail) }),
  },
  // Families near me (docs/messages.md): the choice and its consent-log entry in one TransactWrite.
  'PUT /api/me/carpool': {
    handler: messagesHandler,
    call: () => ({ method: 'PUT', resource: '/api/me/carpool', body: { optedIn: true, language: 'fr' }, claims: claimsFor(parentEmail) }),
  },
  // A message to a neighbour: the attempt is recorded (a conditional Put) before SES is called: a refused record sends nothing.
  'POST /api/carpool/messages': {
    handler: messagesHandler,
    prepare: async () => {
      carpoolPair = await neighbours();
    },
    call: () => ({
      method: 'POST',
      resource: '/api/carpool/messages',
      body: { to: carpoolPair[1].id, clientKey: 'faults-carpool-message-0001', subject: 'Covoiturage', body: 'Le matin?', language: 'fr', shareReplyTo: false },
      claims: claimsFor(carpoolPair[0].email!),
    }),
  },
  // The settings (one Put), then their audit entry.
  'PUT /api/admin/messages/settings': {
    handler: messagesHandler,
    call: () => adminCall('PUT', '/api/admin/messages/settings', { body: { classRepresentatives: true, committeeChairs: false, teachers: false, approveRepresentatives: true, withdrawn: [], version: 0 } }),
  },
  // An approval: one TransactWrite (the message's decision, conditional, and its audit entry); then the author's
  // email, claimed by a second write (test/lambdas/messages-decision.test.ts: a repeat sends it once).
  'POST /api/admin/messages/{id}/decision': {
    handler: messagesHandler,
    prepare: async () => {
      messageId = await newSchoolMessage('decision', 'pendingApproval');
    },
    call: () => adminCall('POST', '/api/admin/messages/{id}/decision', { pathParameters: { id: messageId }, body: { approve: true } }),
  },
};

const UNSUBSCRIBE_TOKEN = 'u'.repeat(43);
let carpoolPair: [SmallSchool['parents'][number], SmallSchool['parents'][number]];

/** Two parents of different households given one FSA and opted in to families near me: an author and a neighbour. */
async function neighbours(): Promise<typeof carpoolPair> {
  const childrenOf = (id: string) => dir.families.filter((f) => f.parentId === id).map((f) => f.studentId);
  const [author, ...others] = school.reachable.slice(2);
  const neighbour = others.find((p) => !childrenOf(p.id).some((s) => childrenOf(author!.id).includes(s)))!;
  for (const parent of [author!, neighbour]) {
    const stored = (await getEntity('PARENT', parent.id))!;
    const address = { street: '4521, rue Fabre', city: 'Montréal', postalCode: 'H2X 1Y4' };
    await documentClient().send(new PutCommand({ TableName: tableName(), Item: entityItem('PARENT', { ...stored, address }) }));
    const optIn = { method: 'PUT', resource: '/api/me/carpool', body: { optedIn: true, language: 'fr' }, claims: claimsFor(parent.email!) };
    expect((await invoke(messagesHandler, optIn)).status).toBe(200);
  }
  return [author!, neighbour];
}
let messageId = '';
const schoolMessage = (text: string) => ({ audience: { type: 'school' }, subject: { fr: `Message ${text}` }, body: { fr: `Texte ${text}` }, shareReplyTo: false, clientKey: `faults-${text}-${ulid()}` });

/** A message from this file's administrator to the whole school, stored without sending (or held for approval). */
async function newSchoolMessage(text: string, status?: 'pendingApproval'): Promise<string> {
  const created = await invoke(messagesHandler, adminCall('POST', '/api/messages', { body: schoolMessage(text) }));
  expect(created.status).toBe(201);
  const { message } = created.body as { message: Message };
  if (status) await updateMessageState(message.id, status, message.counts);
  return message.id;
}

let submitData: Record<string, unknown>;
let staffData: Record<string, unknown>;
let profileData: Record<string, unknown>;
beforeAll(async () => {
  const form = await ok<{ parent: Record<string, unknown> }>(invoke(annualUpdateHandler, { method: 'POST', resource: '/api/update/load', body: { token } }));
  submitData = { ...form.parent, id: undefined, email: undefined, phone: '5145550123' };
  const staffForm = await ok<{ staff: Record<string, unknown> }>(invoke(annualUpdateHandler, { method: 'POST', resource: '/api/update/staff/load', body: { token: staffToken } }));
  const s = staffForm.staff;
  staffData = { version: s.version, title: s.title, department: s.department, extension: '4321', showEmail: false, preferredLanguage: s.preferredLanguage };
  const own = await ok<{ form: { parent: Record<string, unknown> } }>(
    invoke(annualUpdateHandler, { method: 'GET', resource: '/api/profile/form', claims: claimsFor(parentEmail) }),
  );
  const p = own.form.parent;
  profileData = { version: p.version, firstName: p.firstName, lastName: p.lastName, phone: '5145550199', participation: p.participation, preferredLanguage: p.preferredLanguage };
});

/** A small school's files with one more family than the table holds: the import has something to write. */
const importSchool = generateSchool({ seed: 5, families: 3 });
const importFiles = () => csvFilesOf(importSchool, importSchool.settings, 'fr');

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE']);
const isWritePath = (fault: Fault): fault is WritePath => 'handler' in fault;
const writePaths = Object.entries(FAULTS)
  .filter((entry): entry is [string, WritePath] => isWritePath(entry[1]))
  .map(([route, path]) => ({ route, ...path }));

describe('the fault table', () => {
  it('has an entry for every POST, PUT and DELETE route, and only for routes', () => {
    const writeRoutes = ROUTES.filter((r) => WRITE_METHODS.has(r.method)).map(routeKey).sort();
    expect(writeRoutes.filter((key) => !(key in FAULTS)), 'routes without a fault entry').toEqual([]);
    expect(Object.keys(FAULTS).filter((key) => !writeRoutes.includes(key)), 'entries that are no write route').toEqual([]);
    for (const fault of Object.values(FAULTS)) if (!isWritePath(fault)) expect(fault.doesNotWrite.length).toBeGreaterThan(10);
  });

  it('does not write on the routes said not to', async () => {
    const before = await tableDigest();
    const throttle = await throttleWrites();
    const calls: [Handler, Call][] = [
      [annualUpdateHandler, { method: 'POST', resource: '/api/update/load', body: { token } }],
      [annualUpdateHandler, { method: 'POST', resource: '/api/update/staff/load', body: { token: staffToken } }],
      [progressionHandler, progressionCall('POST', '/parent-lookup', { email: parentEmail })],
      [adminHandler, adminCall('POST', '/api/admin/import/dry-run', { body: { files: importFiles() } })],
    ];
    for (const [handler, call] of calls) expect((await invoke(handler, call)).status, call.resource).toBe(200);
    throttle.stop();
    expect(throttle.attempts).toBe(0);
    expect(await tableDigest()).toBe(before);
  });
});

/** Lets the send job's lease lapse now, as it does 30 s after a worker that could not release it. */
async function lapseLease(id: string): Promise<void> {
  await documentClient().send(
    new UpdateCommand({ TableName: tableName(), Key: keys.sendJob(campaignId, id), UpdateExpression: 'SET leaseUntil = :past', ExpressionAttributeValues: { ':past': 1 } }),
  );
}

describe('cut short after the first write, then repeated', () => {
  let throttle: Throttle | undefined;
  afterEach(() => throttle?.stop());

  it('a send job chunk: 503, then the repeated call sends each email exactly once', async () => {
    const targets = [school.reachable[3]!, school.reachable[4]!];
    const before = await inbox(targets);
    const id = await createJob(targets.map((p) => p.id));
    throttle = await throttleWrites(1);
    const cut = await invoke(annualUpdateHandler, continueJob(id));
    throttle.stop();
    expect(cut).toEqual({ status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE' } } });
    // The throttled worker could not release its lease either: the next call finds the job busy until it lapses.
    await lapseLease(id);
    await runJobToEnd(id);

    const after = await inbox(targets);
    expect(after.map((n, i) => n - before[i]!)).toEqual([1, 1]);
  });

  it('a send job under SES throttling: the refused emails are retried on the next call, none sent twice', async () => {
    const targets = [school.reachable[0]!, school.reachable[1]!];
    const before = await inbox(targets);
    const ses = await sesThrottleProxy();
    try {
      const id = await createJob(targets.map((p) => p.id));
      ses.on = true;
      const refused = await ok<{ retrying: number; sent: number; done: boolean }>(
        invoke(annualUpdateHandler, continueJob(id)),
      );
      expect(refused).toMatchObject({ retrying: 2, sent: 0, done: false });
      expect(ses.refused).toBe(2);
      ses.on = false;
      await runJobToEnd(id);
    } finally {
      await ses.close();
    }
    const after = await inbox(targets);
    expect(after.map((n, i) => n - before[i]!)).toEqual([1, 1]);
  });

  it('an import: the repeated call completes it, and the directory equals an unthrottled import', async () => {
    const files = importFiles();
    const importAll = async (claims: Record<string, string>) => {
      for (let call = 0; call < 10; call++) {
        const result = await ok<{ progress: { complete: boolean } }>(invoke(adminHandler, { method: 'POST', resource: '/api/admin/import/apply', body: { files }, claims }));
        if (result.progress.complete) return;
      }
      throw new Error('import not complete in 10 calls');
    };
    const directoryOf = async () => {
      const d = await readDirectory();
      return Object.fromEntries(Object.entries(d).map(([kind, records]) => [kind, Array.isArray(records) ? withoutMeta(records as Rec[]) : records]));
    };
    const expected = await withExtraTable('faults-import-clean', async () => {
      await importAll(await registeredAdminClaims());
      return directoryOf();
    });
    const actual = await withExtraTable('faults-import-cut', async () => {
      const claims = await registeredAdminClaims();
      throttle = await throttleWrites(1);
      const cut = await invoke(adminHandler, { method: 'POST', resource: '/api/admin/import/apply', body: { files }, claims });
      throttle.stop();
      expect(cut).toEqual({ status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE' } } });
      await importAll(claims);
      return directoryOf();
    });
    // The admin each table registered for the calls differs: compare the imported school only.
    const strip = (d: Record<string, unknown[]>) => ({ ...d, staff: (d.staff as Rec[]).filter((s) => s.lastName !== 'Admin Test') });
    expect(strip(actual as Record<string, unknown[]>)).toEqual(strip(expected as Record<string, unknown[]>));
  });
});

describe('DynamoDB throttling on every write path', () => {
  it.each(writePaths)('$route: bounded retries, then 503 SERVICE_UNAVAILABLE, nothing written', async ({ handler, call, prepare }) => {
    await prepare?.();
    const before = await tableDigest();
    const throttle = await throttleWrites();
    const response = await invoke(handler, call());
    throttle.stop();

    expect(response).toEqual({ status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE' } } });
    // The SDK retried the first write, and no more than its bound; nothing was attempted after giving up.
    expect(throttle.attempts).toBe(MAX_ATTEMPTS);
    expect(await tableDigest()).toBe(before);
  });
});
