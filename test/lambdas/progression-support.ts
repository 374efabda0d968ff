import { DeleteTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUsersCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { ulid } from 'ulid';
import { afterAll, beforeAll, vi } from 'vitest';
import { batchWriteAll, putRequests } from '../../lambdas/common/batch';
import { resetDocumentClient } from '../../lambdas/common/dynamo';
import { analyseSchool } from '../../lambdas/progression/analysis';
import { seedDemoSchool } from '../../local/demo/seed';
import type { DemoSchool } from '../../local/demo/generate-school';
import { dynamoClient, ensureTable } from '../../local/dynamodb';
import type { StackInfo } from '../../local/stack-info';
import { useStack } from '../support/stack';
import { stackCognito } from './auth-support';
import { scanAll } from './directory-support';
import { DIRECTORY_SNAPSHOT_TYPE, DIRECTORY_VERSION_TYPE } from '../../lambdas/common/directory-version';

/**
 * Progression tests change a whole school: each test file works in tables of its own in the stack's DynamoDB
 * Local (never the shared demo table), seeded with a small demo school, and in a Cognito pool of its own.
 * Not a test file: vitest only collects *.test.ts.
 */

export interface ProgressionFixture {
  stack: StackInfo;
  admin: DynamoDBClient;
  cognito: CognitoIdentityProviderClient;
  /** The seeded school, as generated (the table holds exactly this before the test changes it). */
  school: DemoSchool;
  table: string;
  /** Points the repositories at another table (created if needed). */
  useTable(name: string): Promise<void>;
  /** Deletes a table this fixture created. */
  dropTable(name: string): Promise<void>;
}

export const DEMO_PASSWORD_FOR_TESTS = 'Progression2026';

export function useProgressionSchool(label: string, families: number): ProgressionFixture {
  const created: string[] = [];
  const fixture = {} as ProgressionFixture;
  beforeAll(async () => {
    fixture.stack = useStack();
    fixture.admin = dynamoClient(fixture.stack.dynamoEndpoint, fixture.stack.region);
    fixture.cognito = stackCognito(fixture.stack);
    fixture.useTable = async (name: string) => {
      if (!created.includes(name)) {
        await ensureTable(fixture.admin, name);
        created.push(name);
      }
      vi.stubEnv('TABLE_NAME', name);
      resetDocumentClient();
    };
    fixture.dropTable = async (name: string) => {
      await fixture.admin.send(new DeleteTableCommand({ TableName: name }));
      created.splice(created.indexOf(name), 1);
    };
    fixture.table = `${label}-${ulid().toLowerCase()}`;
    await fixture.useTable(fixture.table);
    fixture.school = (await seedDemoSchool({ families })).school;
  });
  afterAll(async () => {
    for (const name of created) await fixture.admin.send(new DeleteTableCommand({ TableName: name }));
    fixture.admin.destroy();
    fixture.cognito.destroy();
    vi.unstubAllEnvs();
    resetDocumentClient();
  });
  return fixture;
}

/** Copies items into a fresh table and points the repositories at it. */
export async function cloneInto(fixture: ProgressionFixture, items: Record<string, unknown>[], label: string): Promise<string> {
  const name = `${label}-${ulid().toLowerCase()}`;
  await fixture.useTable(name);
  await batchWriteAll(putRequests(items), { concurrency: 8 });
  return name;
}

const DERIVED = new Set([DIRECTORY_VERSION_TYPE, DIRECTORY_SNAPSHOT_TYPE]);

/**
 * Every item of the current table, sorted by key, except the directory's version and snapshot: derived items
 * (lambdas/common/directory-version.ts) whose counters count write attempts, so a run resumed after a kill bumps
 * them more often than an uninterrupted one for the same data.
 */
export async function snapshotTable(): Promise<Record<string, unknown>[]> {
  return (await scanAll()).filter((item) => !DERIVED.has(String(item.type)));
}

/** A user pool of the test's own in cognito-local, with a client for password sign-in. */
export async function createPool(cognito: CognitoIdentityProviderClient): Promise<{ userPoolId: string; clientId: string }> {
  const pool = await cognito.send(new CreateUserPoolCommand({ PoolName: `progression-${ulid()}`, UsernameAttributes: ['email'] }));
  const userPoolId = pool.UserPool!.Id!;
  const client = await cognito.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'progression-tests',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  return { userPoolId, clientId: client.UserPoolClient!.ClientId! };
}

export async function createAccount(cognito: CognitoIdentityProviderClient, userPoolId: string, email: string): Promise<void> {
  await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await cognito.send(
    new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: DEMO_PASSWORD_FOR_TESTS, Permanent: true }),
  );
}

/** Emails of the pool's accounts, sorted. */
export async function accountEmails(cognito: CognitoIdentityProviderClient, userPoolId: string): Promise<string[]> {
  const users = await cognito.send(new ListUsersCommand({ UserPoolId: userPoolId }));
  return (users.Users ?? [])
    .map((user) => user.Attributes?.find((a) => a.Name === 'email')?.Value ?? '')
    .sort();
}

/** The first class hosting each staying student's new level: an assignment for every student who needs one. */
export function firstCandidates(school: DemoSchool): { studentId: string; classId: string }[] {
  return analyseSchool(school)
    .filter((row) => row.outcome === 'needsAssignment')
    .map((row) => ({
      studentId: row.studentId,
      classId: school.classes
        .filter((c) => c.levels.includes(row.newLevel!))
        .sort((a, b) => a.code.localeCompare(b.code))[0]!.id,
    }));
}
