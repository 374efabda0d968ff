/**
 * Two rules of real Cognito that cognito-local does not apply to UpdateUserAttributes, patched into its targets
 * by local/cognito/launcher.ts (kept in a file of its own so the launcher's other patches merge easily):
 * - an app client may write only its WriteAttributes (AWS answers NotAuthorizedException "A client attempted to
 *   write unauthorized attribute"); the web client's list is shared/contracts/auth-api.ts APP_CLIENT_WRITE_ATTRIBUTES;
 * - UpdateUserPool keeps UserAttributeUpdateSettings (cognito-local drops it), so local/cognito/index.ts can give a
 *   pool created before this setting the same "keep the original email until verified" rule as lib/constructs.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
type Target = (services: unknown) => (ctx: unknown, req: Record<string, unknown>) => Promise<Record<string, unknown>>;

interface Services {
  cognito: {
    getAppClient: (ctx: unknown, clientId: string) => Promise<{ WriteAttributes?: string[] } | null>;
    getUserPool: (
      ctx: unknown,
      id: unknown,
    ) => Promise<{ options: Record<string, unknown>; updateOptions: (ctx: unknown, o: object) => Promise<void> }>;
  };
}

/** The `client_id` of an access token, read without verifying it (cognito-local's own target verifies it). */
function tokenClientId(token: unknown): string | undefined {
  if (typeof token !== 'string') return undefined;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as unknown;
    const clientId = (payload as { client_id?: unknown } | null)?.client_id;
    return typeof clientId === 'string' ? clientId : undefined;
  } catch {
    return undefined;
  }
}

export function guardAttributeWrites(targets: Record<string, Target>): void {
  const { NotAuthorizedError } = require('cognito-local/lib/errors') as {
    NotAuthorizedError: new (message?: string) => Error;
  };
  const update = targets.UpdateUserAttributes!;
  targets.UpdateUserAttributes = (services) => async (ctx, req) => {
    const clientId = tokenClientId(req.AccessToken);
    const client = clientId ? await (services as Services).cognito.getAppClient(ctx, clientId) : null;
    const allowed = client?.WriteAttributes;
    const names = Array.isArray(req.UserAttributes)
      ? (req.UserAttributes as { Name?: unknown }[]).map((a) => String(a.Name))
      : [];
    if (allowed && names.some((name) => !allowed.includes(name))) {
      throw new NotAuthorizedError('A client attempted to write unauthorized attribute');
    }
    return update(services)(ctx, req);
  };

  const updatePool = targets.UpdateUserPool!;
  targets.UpdateUserPool = (services) => async (ctx, req) => {
    const result = await updatePool(services)(ctx, req);
    if (req.UserAttributeUpdateSettings) {
      const pool = await (services as Services).cognito.getUserPool(ctx, req.UserPoolId);
      await pool.updateOptions(ctx, { ...pool.options, UserAttributeUpdateSettings: req.UserAttributeUpdateSettings });
    }
    return result;
  };
}
