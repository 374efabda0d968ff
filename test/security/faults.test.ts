import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handler as adminHandler } from '../../lambdas/admin/index';
import { handler as annualUpdateHandler } from '../../lambdas/annual-update/index';
import { handler as authHandler } from '../../lambdas/auth/index';
import { documentClient, resetDocumentClient } from '../../lambdas/common/dynamo';
import { handler as progressionHandler } from '../../lambdas/progression/index';
import type { ParentForm } from '../../shared/parent-form';
import { invoke, adminClaims } from '../lambdas/annual-update-support';
import { claimsFor } from '../lambdas/auth-support';
import { useStack } from '../support/stack';
import { tableDigest } from '../support/table-digest';

/**
 * DynamoDB throttling injected under the real handlers (in-process, against the stack's DynamoDB Local): every
 * write the AWS SDK sends fails with ProvisionedThroughputExceededException, inside the SDK's retry loop. Each
 * write path must retry a bounded number of times (the client's maxAttempts), then answer 503
 * SERVICE_UNAVAILABLE (which the UI explains as "try again in a moment"), and leave the table exactly as it was.
 * SES throttling on the send path (retried, bounded, never a duplicate email) is proven in
 * test/lambdas/annual-update-send.test.ts.
 */
const stack = useStack();
const WRITES = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'TransactWriteItemsCommand',
  'BatchWriteItemCommand',
  'PutCommand',
  'UpdateCommand',
  'DeleteCommand',
  'TransactWriteCommand',
  'BatchWriteCommand',
]);
const MAX_ATTEMPTS = 4; // lambdas/common/dynamo.ts
const INJECTOR = 'test-inject-throttling';

let writeAttempts = 0;

/** From now on every write the document client sends is throttled, on every attempt the SDK makes. */
function throttleEveryWrite(): void {
  writeAttempts = 0;
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      if (WRITES.has(String(context.commandName))) {
        writeAttempts++;
        throw Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
          name: 'ProvisionedThroughputExceededException',
          $fault: 'client',
          $metadata: { httpStatusCode: 400 },
        });
      }
      return next(args);
    },
    { step: 'deserialize', name: INJECTOR, override: true },
  );
}

afterEach(() => {
  documentClient().middlewareStack.remove(INJECTOR);
});

type Handler = (event: APIGatewayProxyEvent) => Promise<APIGatewayProxyResult>;
interface WritePath {
  name: string;
  handler: Handler;
  call: () => Parameters<typeof invoke>[1];
}

const admin = () => stack.demoAccounts.find((a) => a.role === 'admin')!.email;
const parent = () => stack.demoAccounts.find((a) => a.role === 'parent')!.email;
let someParent: { id: string; firstName: string; lastName: string; email?: string; version: number } & Record<string, unknown>;
/** The parent as the admin form would send it back: every editable field, so a save changes only what it says. */
const PARENT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'interests', 'skills', 'participation', 'preferredLanguage'];
const editable = (changes: Record<string, unknown>, version: number) => ({
  ...Object.fromEntries(PARENT_FIELDS.filter((k) => someParent[k] !== undefined).map((k) => [k, someParent[k]])),
  ...changes,
  version,
});
let ownForm: ParentForm;

beforeAll(async () => {
  resetDocumentClient();
  const directory = await invoke(adminHandler, {
    method: 'GET',
    resource: '/api/admin/directory',
    claims: adminClaims(admin()),
  });
  someParent = (directory.body as { parents: (typeof someParent)[] }).parents.find((p) => p.email)!;
  const form = await invoke(annualUpdateHandler, {
    method: 'GET',
    resource: '/api/profile/form',
    claims: claimsFor(parent()),
  });
  ownForm = (form.body as { form: ParentForm }).form;
});

const PATHS: WritePath[] = [
  {
    name: 'admin edit of a parent (PUT /api/admin/parents/{id})',
    handler: adminHandler,
    call: () => ({
      method: 'PUT',
      resource: '/api/admin/parents/{id}',
      pathParameters: { id: someParent.id },
      body: editable({ firstName: 'Throttled' }, someParent.version),
      claims: adminClaims(admin()),
    }),
  },
  {
    name: 'admin creation of a parent (POST /api/admin/parents)',
    handler: adminHandler,
    call: () => ({
      method: 'POST',
      resource: '/api/admin/parents',
      body: { firstName: 'Nouvelle', lastName: 'Personne', email: 'throttled-new@test.example' },
      claims: adminClaims(admin()),
    }),
  },
  {
    name: 'My Profile save (PUT /api/profile)',
    handler: annualUpdateHandler,
    call: () => ({
      method: 'PUT',
      resource: '/api/profile',
      body: {
        data: {
          version: ownForm.parent.version,
          firstName: ownForm.parent.firstName,
          lastName: ownForm.parent.lastName,
          phone: '5145550199',
          participation: ownForm.parent.participation,
          preferredLanguage: ownForm.parent.preferredLanguage,
        },
      },
      claims: claimsFor(parent()),
    }),
  },
  {
    name: 'campaign start (POST /api/admin/annual-update/campaigns)',
    handler: annualUpdateHandler,
    call: () => ({
      method: 'POST',
      resource: '/api/admin/annual-update/campaigns',
      body: { schoolYear: '2060-2061', confirmation: 'confirm' },
      claims: adminClaims(admin()),
    }),
  },
  {
    name: 'progression start (POST /api/admin/progression)',
    handler: progressionHandler,
    call: () => ({ method: 'POST', resource: '/api/admin/progression', claims: adminClaims(admin()) }),
  },
  {
    name: 'email check rate limit (POST /api/validateEmailV2)',
    handler: authHandler,
    call: () => ({ method: 'POST', resource: '/api/validateEmailV2', body: { email: parent() } }),
  },
];

describe('DynamoDB throttling on every write path', () => {
  it.each(PATHS)('$name: bounded retries, then 503 SERVICE_UNAVAILABLE, nothing written', async ({ handler, call }) => {
    const before = await tableDigest();
    throttleEveryWrite();
    const response = await invoke(handler, call());
    documentClient().middlewareStack.remove(INJECTOR);

    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: { code: 'SERVICE_UNAVAILABLE' } });
    // The SDK retried the first write, and no more than its bound; nothing was attempted after giving up.
    expect(writeAttempts).toBe(MAX_ATTEMPTS);
    expect(await tableDigest()).toBe(before);
  });

  it('works again at once when the throttling stops', async () => {
    const response = await invoke(adminHandler, PATHS[0]!.call());
    expect(response.status).toBe(200);
    // Put the parent back as it was (the edit above changed the first name).
    const record = (response.body as { record: { version: number } }).record;
    const restored = await invoke(adminHandler, {
      method: 'PUT',
      resource: '/api/admin/parents/{id}',
      pathParameters: { id: someParent.id },
      body: editable({}, record.version),
      claims: adminClaims(admin()),
    });
    expect(restored.status).toBe(200);
  });
});
