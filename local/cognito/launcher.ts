/**
 * Starts cognito-local with the three things it lacks for this app (docs/decisions/README.md):
 * - GetTokensFromRefreshToken, which Amplify >= auth 6.14 uses to refresh (mapped to REFRESH_TOKEN_AUTH);
 * - a no-op GlobalSignOut, which Amplify calls on sign-out, and AdminUserGlobalSignOut (revokes refresh tokens);
 * - AdminSetUserMFAPreference (a newly granted administrator's old authenticator is switched off);
 * - email delivery through the SES emulator, so verification and reset emails land in the local mailbox
 *   (cognito-local only prints them on its console);
 * - the app client's write attributes and the pool's keep-original-email setting (local/cognito/attribute-guard.ts);
 * - emails as sign-in names without regard to case, like the AWS pool (local/cognito/case-insensitive.ts);
 * - a CustomMessage trigger that throws fails the call with a 400 and sends nothing (local/cognito/custom-message.ts);
 * - web pages of the app's origins only, and no Admin* call from any browser (local/cognito/origin-guard.ts);
 * - three behaviours of real Cognito: no sign-up code for an account the PreSignUp trigger already confirmed,
 *   every `{####}` of a message replaced by the code (cognito-local replaces only the first), and a refresh token
 *   that works after a sign-in that answered a challenge (cognito-local keeps only those of InitiateAuth, so an
 *   administrator signed in with their authenticator's code was signed out at the first refresh).
 * Runs as a child process whose working directory holds `.cognito/config.json` (written by local/cognito/index.ts).
 */
import { createRequire } from 'node:module';
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { guardAttributeWrites } from './attribute-guard';
import { caseInsensitiveEmailAliases } from './case-insensitive';
import { customMessageFailuresRefuse } from './custom-message';
import { guardBrowserRequests } from './origin-guard';

const require = createRequire(import.meta.url);
type TargetFn = (services: unknown) => (ctx: unknown, req: Record<string, unknown>) => Promise<Record<string, unknown>>;
const { Targets } = require('cognito-local/lib/targets/targets') as { Targets: Record<string, TargetFn> };
const { ConsoleMessageSender } = require('cognito-local/lib/services/messageDelivery/consoleMessageSender') as {
  ConsoleMessageSender: { prototype: { sendEmail: (...args: unknown[]) => Promise<void> } };
};
const { createDefaultServer } = require('cognito-local/lib/server/defaults') as {
  createDefaultServer: (logger: unknown) => Promise<{ start: () => Promise<{ address: () => unknown }> }>;
};
const { MessagesService } = require('cognito-local/lib/services/messages') as {
  MessagesService: { prototype: { deliver: (...args: unknown[]) => Promise<void> } };
};
const pino = require('pino') as (options: object) => unknown;

guardAttributeWrites(Targets);
caseInsensitiveEmailAliases();
customMessageFailuresRefuse();
guardBrowserRequests((process.env.COGNITO_ALLOWED_ORIGINS ?? '').split(',').filter(Boolean));

Targets.GetTokensFromRefreshToken = (services) => async (ctx, req) => {
  const result = await Targets.InitiateAuth!(services)(ctx, {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: req.ClientId,
    AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
  });
  const auth = (result.AuthenticationResult ?? {}) as Record<string, unknown>;
  return { AuthenticationResult: { ...auth, RefreshToken: auth.RefreshToken ?? req.RefreshToken } };
};
type ChallengePools = {
  cognito: {
    getUserPoolForClientId: (ctx: unknown, clientId: unknown) => Promise<{
      getUserByUsername: (ctx: unknown, username: unknown) => Promise<PoolUser | null>;
      storeRefreshToken: (ctx: unknown, token: string, user: PoolUser) => Promise<void>;
    }>;
  };
};
const respondToAuthChallenge = Targets.RespondToAuthChallenge!;
Targets.RespondToAuthChallenge = (services) => async (ctx, req) => {
  const result = await respondToAuthChallenge(services)(ctx, req);
  const token = (result.AuthenticationResult as { RefreshToken?: string } | undefined)?.RefreshToken;
  const username = (req.ChallengeResponses as { USERNAME?: string } | undefined)?.USERNAME;
  if (token && username) {
    const pool = await (services as ChallengePools).cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, username);
    if (user) await pool.storeRefreshToken(ctx, token, user);
  }
  return result;
};
Targets.GlobalSignOut = () => async () => ({});
// Like Cognito: revokes every refresh token of the user (the progression signs removed parents out this way).
const { UserNotFoundError } = require('cognito-local/lib/errors') as { UserNotFoundError: new (message?: string) => Error };
type PoolUser = Record<string, unknown>;
type Pools = {
  cognito: {
    getUserPool: (ctx: unknown, id: unknown) => Promise<{
      getUserByUsername: (ctx: unknown, username: unknown) => Promise<PoolUser | null>;
      saveUser: (ctx: unknown, user: PoolUser) => Promise<void>;
    }>;
  };
};
Targets.AdminUserGlobalSignOut = (services) => async (ctx, req) => {
  const pool = await (services as Pools).cognito.getUserPool(ctx, req.UserPoolId);
  const user = await pool.getUserByUsername(ctx, req.Username);
  if (!user) throw new UserNotFoundError('User does not exist.');
  await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
  return {};
};

// Like Cognito: an operator (or the server, for a newly granted administrator) switches a user's TOTP on or off.
Targets.AdminSetUserMFAPreference = (services) => async (ctx, req) => {
  const pool = await (services as Pools).cognito.getUserPool(ctx, req.UserPoolId);
  const user = await pool.getUserByUsername(ctx, req.Username);
  if (!user) throw new UserNotFoundError('User does not exist.');
  const software = req.SoftwareTokenMfaSettings as { Enabled?: boolean; PreferredMfa?: boolean } | undefined;
  const methods = new Set((user.UserMFASettingList as string[] | undefined) ?? []);
  if (software?.Enabled === true) methods.add('SOFTWARE_TOKEN_MFA');
  if (software?.Enabled === false) methods.delete('SOFTWARE_TOKEN_MFA');
  const preferred = software?.PreferredMfa && methods.has('SOFTWARE_TOKEN_MFA') ? 'SOFTWARE_TOKEN_MFA' : undefined;
  await pool.saveUser(ctx, { ...user, UserMFASettingList: [...methods], PreferredMfaSetting: preferred });
  return {};
};

const deliver = MessagesService.prototype.deliver;
MessagesService.prototype.deliver = async function (this: unknown, ...args: unknown[]) {
  const [, source, , , user] = args as [unknown, string, unknown, unknown, { UserStatus?: string }];
  if (source === 'SignUp' && user?.UserStatus === 'CONFIRMED') return;
  return deliver.apply(this, args);
};

const sesEndpoint = process.env.SES_ENDPOINT;
const sender = process.env.SENDER_EMAIL ?? 'no-reply@ecole-demo.example';
if (sesEndpoint) {
  const ses = new SESClient({
    endpoint: sesEndpoint,
    region: process.env.AWS_REGION ?? 'ca-central-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  ConsoleMessageSender.prototype.sendEmail = async (_ctx, _user, destination, message) => {
    const { emailSubject, emailMessage: raw, __code } = message as {
      emailSubject?: string;
      emailMessage?: string;
      __code?: string;
    };
    const emailMessage = __code ? raw?.replaceAll('{####}', __code) : raw;
    await ses.send(
      new SendEmailCommand({
        Source: sender,
        Destination: { ToAddresses: [destination as string] },
        Message: {
          Subject: { Data: emailSubject ?? 'Code', Charset: 'UTF-8' },
          Body: { Html: { Data: emailMessage ?? '', Charset: 'UTF-8' } },
        },
      }),
    );
  };
}

const logger = pino({ level: process.env.COGNITO_LOG_LEVEL ?? 'error' });
createDefaultServer(logger)
  .then((server) => server.start())
  .then(() => process.send?.('ready'))
  .catch((error: unknown) => {
    console.error('cognito-local failed to start:', error);
    process.exit(1);
  });
