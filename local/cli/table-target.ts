import { existsSync, readFileSync } from 'node:fs';
import { resetDocumentClient } from '../../lambdas/common/dynamo';
import type { StackInfo } from '../stack-info';
import { LOCAL_STACK_FILE } from './admin';

/**
 * Which table the data CLIs (import, backup, restore) work on, first match wins:
 * 1. `--table <name> [--region <r>]`, or env TABLE_NAME: a table in AWS, reached with the default credential
 *    chain (profile, SSO, environment). DYNAMODB_ENDPOINT, when set, points the same calls at an emulator.
 * 2. `.data/local-stack.json`, written by `npm start`: the local stack's DynamoDB Local table.
 */
export interface TableTarget {
  tableName: string;
  region: string;
  /** DynamoDB Local (or another emulator); absent for AWS. */
  endpoint?: string;
  description: string;
}

/** A failure the operator can act on: printed without a stack trace. */
export class CliError extends Error {}

export function resolveTable(options: { table?: string; region?: string }, env: NodeJS.ProcessEnv): TableTarget {
  const tableName = options.table ?? env.TABLE_NAME;
  if (tableName) {
    const region = options.region ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'ca-central-1';
    const endpoint = env.DYNAMODB_ENDPOINT || undefined;
    return { tableName, region, endpoint, description: `${tableName} (${endpoint ?? region})` };
  }
  if (existsSync(LOCAL_STACK_FILE)) {
    const stack = JSON.parse(readFileSync(LOCAL_STACK_FILE, 'utf8')) as StackInfo;
    return {
      tableName: stack.tableName,
      region: stack.region,
      endpoint: stack.dynamoEndpoint,
      description: `local stack ${stack.tableName} (${stack.dynamoEndpoint})`,
    };
  }
  throw new CliError('no table: start the local stack (npm start), or pass --table <name> [--region <region>]');
}

/**
 * Points the shared DynamoDB client (lambdas/common/dynamo.ts) at the target, so the CLI runs the very code the
 * admin API runs. A local endpoint gets dummy credentials: the SDK must never look for real ones.
 */
export function useTable(target: TableTarget): void {
  process.env.TABLE_NAME = target.tableName;
  process.env.AWS_REGION = target.region;
  if (target.endpoint) {
    process.env.DYNAMODB_ENDPOINT = target.endpoint;
    process.env.AWS_ACCESS_KEY_ID ??= 'local';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  } else {
    delete process.env.DYNAMODB_ENDPOINT;
  }
  resetDocumentClient();
}

/** The message for the errors an operator meets most, without a stack trace. */
export function describeCliError(error: unknown): string {
  const name = (error as Error).name;
  const code = (error as { code?: string }).code;
  if (error instanceof CliError) return error.message;
  if (name === 'ResourceNotFoundException') return 'table not found: check --table and --region';
  if (code === 'ECONNREFUSED' || name === 'ECONNREFUSED') return 'cannot reach DynamoDB Local: is the local stack running (npm start)?';
  if (name === 'CredentialsProviderError') return 'no AWS credentials: sign in (aws sso login) or set AWS_PROFILE, then try again';
  return `${name}: ${(error as Error).message}`;
}
