import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ENV, optionalEnv } from './env';

/**
 * The key of the HMAC that turns a client key (an IP address, an email) into a rate-limit counter's name, so the
 * counters in the table cannot be turned back into addresses by hashing every IPv4 address (docs/auth.md).
 *
 * In AWS: a Secrets Manager secret the stack generates (lib/constructs/api.ts), named by ENV.rateLimitSecretArn
 * and read once per cold start: the value is never in the function's configuration. Locally: ENV.rateLimitKey,
 * which local/stack.ts draws anew on every start.
 */
let cached: Promise<string> | undefined;

export function rateLimitKey(): Promise<string> {
  cached ??= loadKey().catch((error: unknown) => {
    // A failed read is retried on the next request instead of failing every request of this instance.
    cached = undefined;
    throw error;
  });
  return cached;
}

/** Forgets the key read so far (tests that change the setting). */
export function resetRateLimitKey(): void {
  cached = undefined;
}

async function loadKey(): Promise<string> {
  const secretArn = optionalEnv(ENV.rateLimitSecretArn);
  if (secretArn) {
    const secret = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: secretArn }));
    if (!secret.SecretString) throw new Error('The rate-limit secret has no string value');
    return secret.SecretString;
  }
  const local = optionalEnv(ENV.rateLimitKey);
  if (local) return local;
  throw new Error(`Missing environment variable ${ENV.rateLimitSecretArn} (or ${ENV.rateLimitKey} locally)`);
}
