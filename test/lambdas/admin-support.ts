import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { ulid } from 'ulid';
import { handler as adminHandler } from '../../lambdas/admin/index';
import { exportCsvFiles } from '../../lambdas/admin/export-service';
import { handler as authHandler } from '../../lambdas/auth/index';
import { resetDocumentClient } from '../../lambdas/common/dynamo';
import { DIRECTORY_SNAPSHOT_TYPE, DIRECTORY_VERSION_TYPE } from '../../lambdas/common/directory-version';
import type { DirectoryData } from '../../lambdas/directory/directory-items';
import { grantRole } from '../../lambdas/registry/admin-roles';
import { findRegisteredPeople } from '../../lambdas/registry/registry-repository';
import type { ImportFile } from '@shared/contracts/import-api';
import type { Language } from '@shared/schemas/common';
import type { SchoolSettings } from '@shared/schemas/settings';
import { dynamoClient, ensureTable } from '../../local/dynamodb';
import { useStack } from '../support/stack';
import { apiEvent, claimsFor, registerPerson, uniqueEmail, uniqueIp } from './auth-support';
import { scanAll } from './directory-support';

/** Helpers of the admin tests (not a test file: vitest only collects *.test.ts). */

/**
 * An administrator of the current table: registered (createHandler requires it) and holding an administrator
 * role from today, with the ID-token claims API Gateway would hand the function (the group is only a mirror).
 */
export async function adminClaims(): Promise<Record<string, string>> {
  const email = uniqueEmail('admin');
  await registerPerson(email, 'STAFF', 'Admin Test');
  await grantRole({ email }, { kind: 'system', id: 'test' });
  return claimsFor(email, { groups: ['admins'] });
}

export interface CallOptions {
  body?: unknown;
  claims?: Record<string, string>;
  id?: string;
  query?: Record<string, string>;
}

export interface CallResult {
  status: number;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
}

/** Calls an admin route in process, as API Gateway would after the Cognito authoriser. */
export async function callAdmin(method: string, resource: string, options: CallOptions = {}): Promise<CallResult> {
  const event = {
    ...apiEvent({
      method,
      resource,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      claims: options.claims,
    }),
    pathParameters: options.id ? { id: options.id } : null,
    queryStringParameters: options.query ?? null,
  };
  const response = (await adminHandler(event)) as APIGatewayProxyResult;
  return { status: response.statusCode, json: response.body ? JSON.parse(response.body) : undefined };
}

/** CSV files of a dataset as the export writes them, ready to import. */
export function csvFilesOf(data: DirectoryData, settings: SchoolSettings | undefined, lang: Language): ImportFile[] {
  return exportCsvFiles(data, settings, lang).map(({ name, text }) => ({ name, text }));
}

/** What validateEmailV2 answers for an email (each call from its own address, away from the rate limit). */
export async function isAuthorised(email: string): Promise<boolean> {
  const response = await authHandler(
    apiEvent({ method: 'POST', resource: '/api/validateEmailV2', body: JSON.stringify({ email }), sourceIp: uniqueIp() }),
  );
  return (JSON.parse(response.body) as { authorized: boolean }).authorized;
}

/** The person ids the registry holds for an email. */
export async function registeredIds(email: string): Promise<string[]> {
  return (await findRegisteredPeople(email)).map((person) => person.personId).sort();
}

const SET_ASIDE = new Set(['AUDIT', 'RATE_LIMIT', DIRECTORY_VERSION_TYPE, DIRECTORY_SNAPSHOT_TYPE]);

/**
 * The table's lasting content, for "nothing changed" comparisons: audit entries (each call may add one),
 * rate-limit counters (validateEmailV2 calls) and the directory's version and snapshot (derived, bumped by every
 * directory write) set aside.
 */
export async function lastingItems(): Promise<Record<string, unknown>[]> {
  return (await scanAll()).filter((item) => !SET_ASIDE.has(String(item.type)));
}

/** Records without their bookkeeping (version and timestamps differ after a round trip; data must not). */
export function withoutMeta<T extends object>(records: readonly T[]): Omit<T, 'version' | 'createdAt' | 'updatedAt'>[] {
  return records
    .map((record) => {
      const { version: _v, createdAt: _c, updatedAt: _u, ...rest } = record as T & Record<string, unknown>;
      return rest as Omit<T, 'version' | 'createdAt' | 'updatedAt'>;
    })
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/**
 * Creates an extra empty table in the stack's DynamoDB Local and runs `fn` with the shared client pointed at it;
 * the previous table is current again afterwards, and the extra table is deleted.
 */
export async function withExtraTable<T>(label: string, fn: (table: string) => Promise<T>): Promise<T> {
  // useStack() sets the stack's environment, TABLE_NAME included: read the current table first.
  const previous = process.env.TABLE_NAME;
  const stack = useStack();
  const name = `${label}-${ulid().toLowerCase()}`;
  const admin = dynamoClient(stack.dynamoEndpoint, stack.region);
  await ensureTable(admin, name);
  try {
    process.env.TABLE_NAME = name;
    resetDocumentClient();
    return await fn(name);
  } finally {
    process.env.TABLE_NAME = previous;
    resetDocumentClient();
    await admin.send(new DeleteTableCommand({ TableName: name }));
    admin.destroy();
  }
}

/** Runs `fn` with the shared client pointed at another (existing) table, then points it back. */
export async function inTable<T>(table: string, fn: () => Promise<T>): Promise<T> {
  const previous = process.env.TABLE_NAME;
  process.env.TABLE_NAME = table;
  resetDocumentClient();
  try {
    return await fn();
  } finally {
    process.env.TABLE_NAME = previous;
    resetDocumentClient();
  }
}
