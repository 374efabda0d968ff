import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  ListGroupsCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  ListUsersCommand,
  SetUserPoolMfaConfigCommand,
  UpdateUserPoolClientCommand,
  UpdateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP } from '../../lambdas/routes';
import { APP_CLIENT_WRITE_ATTRIBUTES } from '@shared/contracts/auth-api';
import { listeningOrStopped } from '../ports';

const POOL_NAME = 'school-directory-local';
const CLIENT_NAME = 'school-directory-web';

export interface CognitoOptions {
  port: number;
  /** Working directory of cognito-local: holds .cognito/config.json and .cognito/db. */
  dataDir: string;
  /** Base URL of the local trigger server (local/triggers-server.ts). */
  lambdaEndpoint: string;
  sesEndpoint: string;
  senderEmail: string;
  region: string;
  /** Discard cognito-local's console output. */
  quiet?: boolean;
  /**
   * The origins whose web pages may call it (local/cognito/origin-guard.ts): the app's, and the Vite dev server's.
   * Without it, no web page at all.
   */
  allowedOrigins?: readonly string[];
}

/** The Vite dev server (`npm run dev:web`, frontend/vite.config.ts), whose pages call cognito-local too. */
export const DEV_SERVER_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'] as const;

/** Starts cognito-local through our launcher (local/cognito/launcher.ts) as a child process. */
export async function startCognito(options: CognitoOptions): Promise<ChildProcess> {
  const configDir = path.join(options.dataDir, '.cognito');
  mkdirSync(configDir, { recursive: true });
  const issuer = `http://127.0.0.1:${options.port}`;
  writeFileSync(
    path.join(configDir, 'config.json'),
    JSON.stringify(
      {
        LambdaClient: {
          endpoint: options.lambdaEndpoint,
          region: options.region,
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        },
        TriggerFunctions: { PreSignUp: 'PreSignUp', CustomMessage: 'CustomMessage' },
        ServerConfig: { hostname: '127.0.0.1', port: options.port, https: false },
        TokenConfig: { IssuerDomain: issuer },
        UserPoolDefaults: { UsernameAttributes: ['email'] },
      },
      null,
      2,
    ),
  );
  const launcher = path.join(path.dirname(fileURLToPath(import.meta.url)), 'launcher.ts');
  // Resolve tsx's loader from here (the child's working directory is the data directory). createRequire rather
  // than import.meta.resolve, which vitest's module runner does not provide.
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = spawn(process.execPath, ['--import', tsxLoader, launcher], {
    cwd: options.dataDir,
    stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', options.quiet ? 'ignore' : 'inherit', 'ipc'],
    env: {
      ...process.env,
      SES_ENDPOINT: options.sesEndpoint,
      SENDER_EMAIL: options.senderEmail,
      AWS_REGION: options.region,
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
      COGNITO_ALLOWED_ORIGINS: (options.allowedOrigins ?? []).join(','),
    },
  });
  // 90 s: on two busy cores (a suite beside other work) its start has taken over 30 s.
  await listeningOrStopped(child, options.port, 90_000, (code) => `cognito-local exited early (code ${code})`);
  return child;
}

export function cognitoClient(endpoint: string, region: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint,
    region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/**
 * Creates (or finds) the user pool, the web client and the admins group. Idempotent across restarts. `poolName`:
 * another pool in the same cognito-local (a test stack of its own on a shared emulator, test/support/isolated-stack.ts).
 */
export async function ensurePool(
  client: CognitoIdentityProviderClient,
  poolName: string = POOL_NAME,
): Promise<{ userPoolId: string; userPoolClientId: string }> {
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((p) => p.Name === poolName)?.Id;
  if (!userPoolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: poolName,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        Policies: {
          PasswordPolicy: { MinimumLength: 6, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true },
        },
        UserAttributeUpdateSettings: KEEP_ORIGINAL_EMAIL,
      }),
    );
    userPoolId = created.UserPool!.Id!;
  }
  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let userPoolClientId = clients.UserPoolClients?.find((c) => c.ClientName === CLIENT_NAME)?.ClientId;
  if (!userPoolClientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: CLIENT_NAME,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        WriteAttributes: [...APP_CLIENT_WRITE_ATTRIBUTES],
      }),
    );
    userPoolClientId = created.UserPoolClient!.ClientId!;
  }
  await upgradeAttributeRules(client, userPoolId, userPoolClientId);
  // Like the AWS pool (lib/constructs/auth.ts): TOTP as an optional second factor. cognito-local 5.3.0 implements
  // AssociateSoftwareToken, VerifySoftwareToken, SetUserMFAPreference and the SOFTWARE_TOKEN_MFA challenge.
  await client.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: userPoolId,
      MfaConfiguration: 'OPTIONAL',
      SoftwareTokenMfaConfiguration: { Enabled: true },
    }),
  );
  const groups = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
  if (!groups.Groups?.some((g) => g.GroupName === ADMIN_GROUP)) {
    await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP }));
  }
  return { userPoolId, userPoolClientId };
}

const KEEP_ORIGINAL_EMAIL = { AttributesRequireVerificationBeforeUpdate: ['email' as const] };

/**
 * Gives a pool and client created by an older version the attribute rules of lib/constructs/auth.ts: the client's
 * write attributes, and the original email kept until a new one is verified. UpdateUserPool replaces every
 * setting it is given, so the pool's own are passed back.
 */
async function upgradeAttributeRules(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  clientId: string,
): Promise<void> {
  const { UserPoolClient: appClient } = await client.send(
    new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId }),
  );
  if (!appClient?.WriteAttributes?.length) {
    await client.send(
      new UpdateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientId: clientId,
        WriteAttributes: [...APP_CLIENT_WRITE_ATTRIBUTES],
      }),
    );
  }
  const { UserPool: pool } = await client.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }));
  if (pool && !pool.UserAttributeUpdateSettings?.AttributesRequireVerificationBeforeUpdate?.length) {
    await client.send(
      new UpdateUserPoolCommand({
        UserPoolId: userPoolId,
        AutoVerifiedAttributes: pool.AutoVerifiedAttributes,
        Policies: pool.Policies,
        AccountRecoverySetting: pool.AccountRecoverySetting,
        AdminCreateUserConfig: pool.AdminCreateUserConfig,
        EmailConfiguration: pool.EmailConfiguration,
        LambdaConfig: pool.LambdaConfig,
        MfaConfiguration: pool.MfaConfiguration,
        UserAttributeUpdateSettings: KEEP_ORIGINAL_EMAIL,
      }),
    );
  }
}

/** Creates a ready-to-use demo account (verified email, permanent password). Existing accounts are left alone. */
export async function ensureDemoUser(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  account: { email: string; password: string; admin: boolean },
): Promise<void> {
  const existing = await client.send(
    new ListUsersCommand({ UserPoolId: userPoolId, Filter: `email = "${account.email}"`, Limit: 1 }),
  );
  if (existing.Users?.length) return;
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: account.email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: account.email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await client.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: account.email,
      Password: account.password,
      Permanent: true,
    }),
  );
  if (account.admin) {
    await client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: account.email, GroupName: ADMIN_GROUP }),
    );
  }
}
