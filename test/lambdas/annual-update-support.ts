import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { edgeHeaders } from '../support/edge-headers';
import { ulid } from 'ulid';
import { createSesMailer, type Mailer } from '../../lambdas/common/mailer';
import { bulkWriteDirectory } from '../../lambdas/directory/directory-repository';
import type { SendDeps } from '../../lambdas/annual-update/send-deps';
import { generateSchool, type DemoSchool } from '../../local/demo/generate-school';
import { readMailbox, type StoredEmail } from '../../local/ses';
import type { StackInfo } from '../../local/stack-info';
import { claimsFor } from './auth-support';
import { grantRole } from '../../lambdas/registry/admin-roles';
import { handler as annualUpdateHandler } from '../../lambdas/annual-update/index';
import { continueSendJob, startSendJob } from '../../lambdas/annual-update/send-job-service';
import type { ParentForm } from '@shared/rules/parent-form';
import type { Parent } from '@shared/schemas/parent';

/** Helpers for the annual-update tests (not a test file: vitest only collects *.test.ts). */

export interface SmallSchool extends DemoSchool {
  /** Registered as an admin's email in this table (the caller of in-process admin routes). */
  adminEmail: string;
  reachable: DemoSchool['parents'];
  unreachableIds: string[];
}

/**
 * A six-family school in the current table, with a unique email per parent (so each test counts its own mail
 * in the shared SES emulator) and one parent without an email (unreachable).
 */
export async function seedSmallSchool(label: string, options: { uniqueStaffEmails?: boolean } = {}): Promise<SmallSchool> {
  const run = ulid().toLowerCase();
  const school = generateSchool({ seed: 11, families: 6 });
  school.parents = school.parents.map((parent, i) => ({ ...parent, email: `${label}-${i}-${run}@test.example` }));
  // Staff update links (docs/annual-update.md, "Staff"): each test reads its own staff mail in the shared emulator.
  if (options.uniqueStaffEmails) {
    school.staff = school.staff.map((member, i) => (member.email ? { ...member, email: `${label}-staff-${i}-${run}@test.example` } : member));
  }
  const { email: _email, ...withoutEmail } = school.parents[school.parents.length - 1]!;
  school.parents[school.parents.length - 1] = withoutEmail;
  await bulkWriteDirectory(school);
  // The first parent is the school's administrator: the admin routes check a role in the table, not the token.
  await grantRole({ email: school.parents[0]!.email! }, { kind: 'system', id: 'test' });
  return {
    ...school,
    adminEmail: school.parents[0]!.email!,
    reachable: school.parents.filter((p) => p.email),
    unreachableIds: school.parents.filter((p) => !p.email).map((p) => p.id),
  };
}

/** Every email the SES emulator holds for one address. */
export async function mailTo(stack: StackInfo, address: string): Promise<StoredEmail[]> {
  return (await readMailbox(stack.mailboxUrl)).filter((m) => m.destination.to.includes(address));
}

/** The update-link token in an email (the path segment after /update/). */
export function tokenIn(email: StoredEmail): string {
  const match = /\/update\/([A-Za-z0-9_-]{43})/.exec(email.body.text ?? email.body.html ?? '');
  if (!match) throw new Error('no update link in the email');
  return match[1]!;
}

export function realMailer(stack: StackInfo): Mailer {
  return createSesMailer({ sender: stack.lambdaEnv.SENDER_EMAIL!, endpoint: stack.mailboxUrl });
}

/** Send settings for tests: the real SES emulator, a fast rate, short leases so a "dead" worker lapses quickly. */
export function testSendDeps(stack: StackInfo, overrides: Partial<SendDeps> = {}): SendDeps {
  return {
    mailer: realMailer(stack),
    now: () => new Date(),
    ratePerSecond: 100,
    budgetMs: 6_000,
    maxPerCall: 100,
    leaseMs: 30_000,
    maxAttempts: 3,
    linkTtlDays: 30,
    baseUrl: stack.appUrl,
    ...overrides,
  };
}

type LambdaHandler = (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;

/** Calls a context handler in-process with the event API Gateway would build; returns status and parsed body. */
export async function invoke(
  handler: LambdaHandler,
  options: {
    method: string;
    resource: string;
    pathParameters?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
    rawBody?: string;
    claims?: Record<string, string>;
  },
): Promise<{ status: number; body: unknown }> {
  const event = {
    resource: options.resource,
    path: options.resource,
    httpMethod: options.method,
    headers: { 'content-type': 'application/json', ...edgeHeaders() },
    multiValueHeaders: {},
    queryStringParameters: options.query ?? null,
    multiValueQueryStringParameters: null,
    pathParameters: options.pathParameters ?? null,
    stageVariables: null,
    body: options.rawBody ?? (options.body === undefined ? null : JSON.stringify(options.body)),
    isBase64Encoded: false,
    requestContext: {
      requestId: ulid(),
      stage: 'test',
      resourcePath: options.resource,
      httpMethod: options.method,
      identity: { sourceIp: '192.0.2.10' },
      authorizer: options.claims ? { claims: options.claims } : null,
    },
  } as unknown as APIGatewayProxyEvent;
  const response = await handler(event);
  return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as unknown) : undefined };
}

/** Claims of an administrator: the group is only the frontend's mirror; the role comes from seedSmallSchool. */
export const adminClaims = (email: string) => claimsFor(email, { groups: ['admins'] });

/** A promise plus its resolver, to let a test wait for a point inside running code. */
export function signal<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** The parent form's fields as the UI sends them back, with `changes` (the email is not editable). */
export const formAnswer = (form: ParentForm, changes: Record<string, unknown> = {}) => {
  const { id: _id, email: _email, ...fields } = form.parent;
  return { ...fields, ...changes };
};

/** A campaign with review on, started by the school's administrator, and `parent`'s emailed link. */
export async function reviewedCampaignLink(stack: StackInfo, school: SmallSchool, schoolYear: string, parent: Parent) {
  const started = await invoke(annualUpdateHandler, {
    method: 'POST',
    resource: '/api/admin/annual-update/campaigns',
    body: { schoolYear, confirmation: 'confirm', review: true },
    claims: adminClaims(school.adminEmail),
  });
  if (started.status !== 201) throw new Error(`campaign not started: ${JSON.stringify(started.body)}`);
  const campaignId = (started.body as { campaign: { id: string } }).campaign.id;
  const job = await startSendJob(campaignId, { mode: 'selected', parentIds: [parent.id] }, 'admin-1', { now: () => new Date() });
  await continueSendJob(campaignId, job.jobId, testSendDeps(stack));
  return { campaignId, token: tokenIn((await mailTo(stack, parent.email!))[0]!) };
}
