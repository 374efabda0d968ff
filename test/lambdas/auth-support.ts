import { randomBytes } from 'node:crypto';
import { edgeHeaders } from '../support/edge-headers';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import {
  AdminCreateUserCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { createCognitoClient } from '../../lambdas/common/cognito';
import { documentClient, tableName } from '../../lambdas/common/dynamo';
import type { PersonType } from '../../lambdas/common/keys';
import type { RegisteredPerson } from '../../lambdas/common/claims';
import { registryItem } from '../../lambdas/registry/registry-repository';
import type { StackInfo } from '../../local/stack-info';

/** Helpers shared by the auth and trigger tests (not a test file: vitest only collects *.test.ts). */

/** A fresh address per test, on the reserved .example TLD, so tests never see each other's data. */
export function uniqueEmail(label: string): string {
  return `${label}-${ulid().toLowerCase()}@test.example`;
}

/** A fresh address in the IPv6 documentation range (RFC 3849), so each test has its own rate-limit counter. */
export function uniqueIp(): string {
  const hex = randomBytes(8).toString('hex');
  return `2001:db8::${hex.slice(0, 4)}:${hex.slice(4, 8)}:${hex.slice(8, 12)}:${hex.slice(12)}`;
}

/** Puts a person in the authorised-email index, as the directory's writers do. */
export async function registerPerson(
  email: string,
  personType: PersonType = 'PARENT',
  displayName = 'Marie-Ève Côté',
): Promise<RegisteredPerson> {
  const person: RegisteredPerson = { email, personType, personId: ulid(), displayName };
  await documentClient().send(new PutCommand({ TableName: tableName(), Item: registryItem(person) }));
  return person;
}

/** The ID-token claims as API Gateway's Cognito authoriser hands them to the function (all strings). */
export function claimsFor(
  email: string,
  options: { sub?: string; verified?: boolean; groups?: string[] } = {},
): Record<string, string> {
  return {
    sub: options.sub ?? ulid(),
    email,
    email_verified: String(options.verified ?? true),
    ...(options.groups ? { 'cognito:groups': options.groups.join(',') } : {}),
    token_use: 'id',
  };
}

/** An API Gateway proxy event for a route, as the local gateway or API Gateway builds it. */
export function apiEvent(options: {
  method: string;
  resource: string;
  body?: string | null;
  sourceIp?: string;
  claims?: Record<string, string>;
}): APIGatewayProxyEvent {
  return {
    resource: options.resource,
    path: options.resource,
    httpMethod: options.method,
    headers: { 'content-type': 'application/json', ...edgeHeaders() },
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    body: options.body ?? null,
    isBase64Encoded: false,
    requestContext: {
      requestId: ulid(),
      stage: 'test',
      resourcePath: options.resource,
      httpMethod: options.method,
      identity: { sourceIp: options.sourceIp ?? uniqueIp() },
      authorizer: options.claims ? { claims: options.claims } : null,
    },
  } as unknown as APIGatewayProxyEvent;
}

export function stackCognito(stack: StackInfo): CognitoIdentityProviderClient {
  return createCognitoClient({ endpoint: stack.cognitoEndpoint, region: stack.region });
}

/** Creates a user straight in a pool (AdminCreateUser runs no trigger in cognito-local); returns its `sub`. */
export async function createPoolUser(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  email: string,
  verified: boolean,
): Promise<string> {
  const created = await client.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: String(verified) },
      ],
    }),
  );
  const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error('AdminCreateUser returned no sub');
  return sub;
}
