/**
 * The AWS pool signs people in without regard to case (lib/constructs/auth.ts `signInCaseSensitive: false`):
 * `Jean.Tremblay@Courriel.Example` names the account of `jean.tremblay@courriel.example`, for sign-in, for SignUp's
 * "an account already exists" and for every Admin* call by email. cognito-local compares emails exactly, so a
 * case variant would be a second account locally. Patched into its user pool service by local/cognito/launcher.ts.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

type Attribute = { Name?: string; Value?: string };
type User = { Attributes?: Attribute[] };
interface PoolService {
  dataStore: { get: (ctx: unknown, key: string | string[], fallback?: unknown) => Promise<unknown> };
  getUserByUsername: (ctx: unknown, username: string) => Promise<User | null>;
}

export function caseInsensitiveEmailAliases(): void {
  const { UserPoolServiceImpl } = require('cognito-local/lib/services/userPoolService') as {
    UserPoolServiceImpl: { prototype: PoolService };
  };
  const exact = UserPoolServiceImpl.prototype.getUserByUsername;
  UserPoolServiceImpl.prototype.getUserByUsername = async function (this: PoolService, ctx, username) {
    const found = await exact.call(this, ctx, username);
    if (found || typeof username !== 'string' || !username.includes('@')) return found;
    const wanted = username.toLowerCase();
    const users = ((await this.dataStore.get(ctx, 'Users', {})) ?? {}) as Record<string, User>;
    const email = (user: User) => user.Attributes?.find((a) => a.Name === 'email')?.Value?.toLowerCase();
    return Object.values(users).find((user) => email(user) === wanted) ?? null;
  };
}
