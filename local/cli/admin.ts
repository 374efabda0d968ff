/**
 * Grants, ends, revokes and lists administrator roles (docs/auth.md "Administrators"): dated roles in the table,
 * which the API checks on every admin request, mirrored in the Cognito `admins` group for the app's menu.
 *
 *   npm run admin -- grant <email> [--from 2025-09-01] [--until 2026-08-31] [--title "Responsable du bottin"]
 *   npm run admin -- revoke <email> [--until <last day>]     npm run admin -- list
 *
 * Targets, first match wins:
 * 1. `--pool-id <id> --table <name> [--region <r>]` (or env USER_POOL_ID, TABLE_NAME, AWS_REGION): AWS, with the
 *    default credential chain. COGNITO_ENDPOINT and DYNAMODB_ENDPOINT, when set, point the calls at emulators.
 * 2. `.data/local-stack.json`, written by `npm start`: the local stack.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  AdminAddUserToGroupCommand,
  AdminRemoveUserFromGroupCommand,
  GetGroupCommand,
  ListUsersCommand,
  type CognitoIdentityProviderClient,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { createCognitoClient } from '../../lambdas/common/cognito';
import { resetDocumentClient } from '../../lambdas/common/dynamo';
import { AppError } from '../../lambdas/common/errors';
import { endRoles, grantRole, listRoles, type RoleActor } from '../../lambdas/registry/admin-roles';
import { findRegisteredPeople } from '../../lambdas/registry/registry-repository';
import { ADMIN_GROUP } from '../../lambdas/routes';
import { isValidEmail, normalizeEmail } from '@shared/rules/email';
import { IsoDaySchema, roleActiveOn, type AdminRole } from '@shared/schemas/admin-role';
import { schoolDay } from '@shared/rules/school-calendar';
import type { StackInfo } from '../stack-info';

const USAGE = `usage: npm run admin -- grant <email> [--from <yyyy-mm-dd>] [--until <yyyy-mm-dd>] [--title <text>]
       npm run admin -- revoke <email> [--until <yyyy-mm-dd>]
       npm run admin -- list
       options for AWS: --pool-id <id> --table <name> [--region <region>]`;

/** Who the audit trail names for the CLI's changes. */
const CLI_ACTOR: RoleActor = { kind: 'system', id: 'admin-cli' };

export const LOCAL_STACK_FILE = path.join('.data', 'local-stack.json');

/** A failure the operator can act on: printed without a stack trace. */
class CliError extends Error {}

interface Target {
  userPoolId: string;
  tableName: string;
  region: string;
  endpoint?: string;
  dynamoEndpoint?: string;
  description: string;
}

type TargetOptions = { 'pool-id'?: string; table?: string; region?: string };

function resolveTarget(options: TargetOptions, env: NodeJS.ProcessEnv): Target {
  const poolId = options['pool-id'] ?? env.USER_POOL_ID;
  const tableName = options.table ?? env.TABLE_NAME;
  if (poolId || tableName) {
    if (!poolId || !tableName) throw new CliError('pass both --pool-id and --table (or USER_POOL_ID and TABLE_NAME)');
    const region = options.region ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? poolId.split('_')[0]!;
    const endpoint = env.COGNITO_ENDPOINT || undefined;
    const dynamoEndpoint = env.DYNAMODB_ENDPOINT || undefined;
    return { userPoolId: poolId, tableName, region, endpoint, dynamoEndpoint, description: `${poolId}, ${tableName} (${endpoint ?? region})` };
  }
  if (existsSync(LOCAL_STACK_FILE)) {
    const stack = JSON.parse(readFileSync(LOCAL_STACK_FILE, 'utf8')) as StackInfo;
    return {
      userPoolId: stack.userPoolId,
      tableName: stack.tableName,
      region: stack.region,
      endpoint: stack.cognitoEndpoint,
      dynamoEndpoint: stack.dynamoEndpoint,
      description: `local stack ${stack.userPoolId} (${stack.cognitoEndpoint})`,
    };
  }
  throw new CliError('no user pool: start the local stack (npm start) or pass --pool-id, --table and --region');
}

/** Points the shared DynamoDB client at the target's table, so the CLI runs the API's own role code. */
function useTargetTable(target: Target): void {
  process.env.TABLE_NAME = target.tableName;
  process.env.AWS_REGION = target.region;
  if (target.dynamoEndpoint) {
    process.env.DYNAMODB_ENDPOINT = target.dynamoEndpoint;
    process.env.AWS_ACCESS_KEY_ID ??= 'local';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  } else delete process.env.DYNAMODB_ENDPOINT;
  resetDocumentClient();
}

async function findUserByEmail(client: CognitoIdentityProviderClient, poolId: string, email: string): Promise<UserType | undefined> {
  // The email was checked by isValidEmail (no quotes or spaces), so it is safe inside the filter string.
  const result = await client.send(
    new ListUsersCommand({ UserPoolId: poolId, Filter: `email = "${email}"`, Limit: 2 }),
  );
  return result.Users?.find((user) => !!user.Username);
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

function dayOption(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (!IsoDaySchema.safeParse(value).success) throw new CliError(`--${name} must be a date like 2025-09-02: ${value}`);
  return value;
}

function roleStatus(role: AdminRole, today: string): string {
  if (role.revokedAt) return 'revoked';
  if (roleActiveOn(role, today)) return 'active';
  return role.from > today ? 'upcoming' : 'ended';
}

async function listAdmins(print: (line: string) => void) {
  const today = schoolDay();
  const roles = await listRoles();
  for (const role of roles) {
    const period = `${role.from} -> ${role.until ?? '(no end)'}`;
    print(`${role.email}\t${roleStatus(role, today)}\t${period}${role.title ? `\t${role.title}` : ''}`);
  }
  const active = new Set(roles.filter((role) => roleActiveOn(role, today)).map((role) => role.email));
  print(`${active.size} administrator(s) today, ${roles.length} role(s) in all`);
}

interface Ctx {
  client: CognitoIdentityProviderClient;
  target: Target;
  email: string;
  values: { from?: string; until?: string; title?: string };
  print: (line: string) => void;
}

/** The Cognito group only mirrors the roles for the app's menu: an account that does not exist yet is fine. */
async function mirrorGroup(ctx: Ctx, member: boolean): Promise<UserType | undefined> {
  const user = await findUserByEmail(ctx.client, ctx.target.userPoolId, ctx.email);
  if (!user) return undefined;
  const request = { UserPoolId: ctx.target.userPoolId, Username: user.Username!, GroupName: ADMIN_GROUP };
  await ctx.client.send(member ? new AdminAddUserToGroupCommand(request) : new AdminRemoveUserFromGroupCommand(request));
  return user;
}

async function grant(ctx: Ctx): Promise<void> {
  const { email, print, values } = ctx;
  if ((await findRegisteredPeople(email)).length === 0) {
    throw new CliError(`not in the directory: ${email}. Only a registered parent or staff member can be an administrator.`);
  }
  const role = await grantRole({ email, from: dayOption(values.from, 'from'), until: dayOption(values.until, 'until'), title: values.title }, CLI_ACTOR);
  const user = await mirrorGroup(ctx, true);
  print(`granted: ${email} is an administrator from ${role.from} to ${role.until ?? '(no end)'}${role.title ? ` (${role.title})` : ''}.`);
  if (!user) print('note: they have no account yet; they get the admin pages once they sign up and sign in.');
  else if (attribute(user, 'email_verified') !== 'true') {
    print('note: their email is not verified yet; the API refuses them until they verify it.');
  }
}

async function revoke(ctx: Ctx): Promise<void> {
  const { email, print } = ctx;
  const until = dayOption(ctx.values.until, 'until');
  await endRoles(email, until, CLI_ACTOR);
  if (!until || until < schoolDay()) {
    await mirrorGroup(ctx, false);
    print(`revoked: ${email} is no longer an administrator. The API refuses them from their next request.`);
  } else print(`ended: ${email} stays an administrator until ${until} (included), then loses access by itself.`);
}

function describeError(error: unknown): string {
  const name = (error as Error).name;
  if (error instanceof CliError) return error.message;
  if (error instanceof AppError && error.code === 'LAST_ADMINISTRATOR') {
    return 'refused: this is the last administrator. Grant the role to someone else first, then revoke.';
  }
  if (error instanceof AppError && error.code === 'NOT_FOUND') return 'no current or upcoming role for this email.';
  if (error instanceof AppError && error.code === 'CONFLICT') return 'the roles changed at the same moment: run the command again.';
  if (error instanceof AppError) return `${error.code} ${JSON.stringify(error.fields ?? [])}`;
  if (name === 'ResourceNotFoundException') return `user pool, group '${ADMIN_GROUP}' or table not found: check --pool-id, --table and --region`;
  if (name === 'ECONNREFUSED' || (error as { code?: string }).code === 'ECONNREFUSED') return 'cannot reach the local stack: is it running (npm start)?';
  if (name === 'CredentialsProviderError') return 'no AWS credentials: sign in (aws sso login) or set AWS_PROFILE, then try again';
  return `${name}: ${(error as Error).message}`;
}

const OPTIONS = {
  'pool-id': { type: 'string' },
  table: { type: 'string' },
  region: { type: 'string' },
  from: { type: 'string' },
  until: { type: 'string' },
  title: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Runs one command; returns the process exit code. `print` receives every output line. */
export async function runAdminCli(
  argv: string[],
  print: (line: string) => void = console.log,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  let client: CognitoIdentityProviderClient | undefined;
  try {
    const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
    const [command, emailArg] = positionals;
    if (values.help || !command) {
      print(USAGE);
      return values.help ? 0 : 2;
    }
    if (!['grant', 'revoke', 'list'].includes(command)) throw new CliError(`unknown command: ${command}\n${USAGE}`);
    const email = command === 'list' ? '' : emailArgument(emailArg);
    const target = resolveTarget(values, env);
    useTargetTable(target);
    client = createCognitoClient({ endpoint: target.endpoint, region: target.region });
    print(`user pool: ${target.description}`);
    // Fails early (ResourceNotFoundException) on a wrong pool, before the table is changed.
    await client.send(new GetGroupCommand({ UserPoolId: target.userPoolId, GroupName: ADMIN_GROUP }));
    const ctx: Ctx = { client, target, email, values, print };
    if (command === 'list') await listAdmins(print);
    else if (command === 'grant') await grant(ctx);
    else await revoke(ctx);
    return 0;
  } catch (error) {
    print(`error: ${describeError(error)}`);
    return 1;
  } finally {
    client?.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runAdminCli(process.argv.slice(2)).then((code) => process.exit(code));
}
