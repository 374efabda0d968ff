/**
 * Grants, revokes and lists administrators (members of the Cognito `admins` group).
 *
 *   npm run admin -- grant <email>     npm run admin -- revoke <email>     npm run admin -- list
 *
 * Target pool, first match wins:
 * 1. `--pool-id <id> [--region <r>]` (or env USER_POOL_ID / AWS_REGION): a pool in AWS, reached with the default
 *    credential chain (profile, SSO, environment). COGNITO_ENDPOINT, when set, points the same call at an emulator.
 * 2. `.data/local-stack.json`, written by `npm start`: the local stack's cognito-local.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  AdminAddUserToGroupCommand,
  AdminRemoveUserFromGroupCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
  type CognitoIdentityProviderClient,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { createCognitoClient } from '../../lambdas/common/cognito';
import { ADMIN_GROUP } from '../../lambdas/routes';
import { isValidEmail, normalizeEmail } from '../../shared/email';
import type { StackInfo } from '../stack-info';

const USAGE = `usage: npm run admin -- <grant|revoke> <email> [--pool-id <id>] [--region <region>]
       npm run admin -- list [--pool-id <id>] [--region <region>]`;

export const LOCAL_STACK_FILE = path.join('.data', 'local-stack.json');

/** A failure the operator can act on: printed without a stack trace. */
class CliError extends Error {}

interface Target {
  userPoolId: string;
  region: string;
  endpoint?: string;
  description: string;
}

function resolveTarget(options: { 'pool-id'?: string; region?: string }, env: NodeJS.ProcessEnv): Target {
  const poolId = options['pool-id'] ?? env.USER_POOL_ID;
  if (poolId) {
    const region = options.region ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? poolId.split('_')[0]!;
    const endpoint = env.COGNITO_ENDPOINT || undefined;
    return { userPoolId: poolId, region, endpoint, description: `${poolId} (${endpoint ?? region})` };
  }
  if (existsSync(LOCAL_STACK_FILE)) {
    const stack = JSON.parse(readFileSync(LOCAL_STACK_FILE, 'utf8')) as StackInfo;
    return {
      userPoolId: stack.userPoolId,
      region: stack.region,
      endpoint: stack.cognitoEndpoint,
      description: `local stack ${stack.userPoolId} (${stack.cognitoEndpoint})`,
    };
  }
  throw new CliError('no user pool: start the local stack (npm start) or pass --pool-id and --region');
}

async function findUserByEmail(client: CognitoIdentityProviderClient, poolId: string, email: string): Promise<UserType> {
  // The email was checked by isValidEmail (no quotes or spaces), so it is safe inside the filter string.
  const result = await client.send(
    new ListUsersCommand({ UserPoolId: poolId, Filter: `email = "${email}"`, Limit: 2 }),
  );
  const user = result.Users?.[0];
  if (!user?.Username) throw new CliError(`user not found: ${email}. Ask them to sign up first.`);
  return user;
}

function attribute(user: UserType, name: string): string | undefined {
  return user.Attributes?.find((a) => a.Name === name)?.Value;
}

function emailArgument(value: string | undefined): string {
  if (!value) throw new CliError(`missing email\n${USAGE}`);
  const email = normalizeEmail(value);
  if (!isValidEmail(email)) throw new CliError(`not a valid email: ${value}`);
  return email;
}

async function listAdmins(client: CognitoIdentityProviderClient, poolId: string, print: (line: string) => void) {
  let token: string | undefined;
  let count = 0;
  do {
    const page = await client.send(
      new ListUsersInGroupCommand({ UserPoolId: poolId, GroupName: ADMIN_GROUP, Limit: 60, NextToken: token }),
    );
    for (const user of page.Users ?? []) {
      count += 1;
      const verified = attribute(user, 'email_verified') === 'true' ? 'verified' : 'NOT verified';
      print(`${attribute(user, 'email') ?? user.Username}\t${user.UserStatus ?? ''}\t${verified}`);
    }
    token = page.NextToken;
  } while (token);
  print(`${count} administrator(s)`);
}

/** Runs one command; returns the process exit code. `print` receives every output line. */
export async function runAdminCli(
  argv: string[],
  print: (line: string) => void = console.log,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  let client: CognitoIdentityProviderClient | undefined;
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { 'pool-id': { type: 'string' }, region: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    const [command, emailArg] = positionals;
    if (values.help || !command) {
      print(USAGE);
      return values.help ? 0 : 2;
    }
    if (!['grant', 'revoke', 'list'].includes(command)) throw new CliError(`unknown command: ${command}\n${USAGE}`);
    const email = command === 'list' ? undefined : emailArgument(emailArg);
    const target = resolveTarget(values, env);
    client = createCognitoClient({ endpoint: target.endpoint, region: target.region });
    print(`user pool: ${target.description}`);

    if (command === 'list') {
      await listAdmins(client, target.userPoolId, print);
      return 0;
    }
    const user = await findUserByEmail(client, target.userPoolId, email!);
    const request = { UserPoolId: target.userPoolId, Username: user.Username!, GroupName: ADMIN_GROUP };
    if (command === 'grant') {
      await client.send(new AdminAddUserToGroupCommand(request));
      print(`granted: ${email} is now in '${ADMIN_GROUP}'. They get admin pages after signing in again`);
      print(`(or with 'Refresh Admin Status' on the admin page).`);
      if (attribute(user, 'email_verified') !== 'true') {
        print('note: their email is not verified yet; the API refuses them until they verify it.');
      }
    } else {
      await client.send(new AdminRemoveUserFromGroupCommand(request));
      print(`revoked: ${email} is no longer in '${ADMIN_GROUP}'. Tokens already issued keep the group until they`);
      print('expire (the ID token lifetime, 1 hour by default).');
    }
    return 0;
  } catch (error) {
    const name = (error as Error).name;
    if (error instanceof CliError) print(`error: ${error.message}`);
    else if (name === 'ResourceNotFoundException') {
      print(`error: user pool or group '${ADMIN_GROUP}' not found: check --pool-id and --region`);
    } else if (name === 'ECONNREFUSED' || (error as { code?: string }).code === 'ECONNREFUSED') {
      print('error: cannot reach cognito-local: is the local stack running (npm start)?');
    } else if (name === 'CredentialsProviderError') {
      print('error: no AWS credentials: sign in (aws sso login) or set AWS_PROFILE, then try again');
    } else print(`error: ${name}: ${(error as Error).message}`);
    return 1;
  } finally {
    client?.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runAdminCli(process.argv.slice(2)).then((code) => process.exit(code));
}
