import {
  AdminGetUserCommand,
  CreateUserPoolCommand,
  DeleteUserPoolCommand,
  ListUsersCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler, purgeUnverifiedUsers, UNVERIFIED_MAX_AGE_MS } from '../../lambdas/triggers/purge-unverified';
import type { StackInfo } from '../../local/stack-info';
import { useStack } from '../support/stack';
import { createPoolUser, stackCognito, uniqueEmail } from './auth-support';

let stack: StackInfo;
let cognito: CognitoIdentityProviderClient;
/** A pool of its own: moving the clock a day ahead must not purge other tests' fresh sign-ups. */
let poolId: string;

beforeAll(async () => {
  stack = useStack();
  cognito = stackCognito(stack);
  const pool = await cognito.send(
    new CreateUserPoolCommand({ PoolName: `purge-test-${Date.now()}`, UsernameAttributes: ['email'] }),
  );
  poolId = pool.UserPool!.Id!;
});

afterAll(async () => {
  await cognito.send(new DeleteUserPoolCommand({ UserPoolId: poolId }));
  cognito.destroy();
});

async function exists(email: string): Promise<boolean> {
  try {
    await cognito.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: email }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'UserNotFoundException') return false;
    throw error;
  }
}

describe('purge of unverified accounts', () => {
  it('keeps young unverified accounts, deletes them after 24 h, and never deletes verified ones', async () => {
    const unverified = [uniqueEmail('squatter'), uniqueEmail('forgot-to-verify')];
    const verified = uniqueEmail('verified');
    for (const email of unverified) await createPoolUser(cognito, poolId, email, false);
    await createPoolUser(cognito, poolId, verified, true);
    const now = Date.now();

    const early = await purgeUnverifiedUsers({ client: cognito, userPoolId: poolId, now: now + 60_000 });
    const stillYoung = await purgeUnverifiedUsers({
      client: cognito,
      userPoolId: poolId,
      now: now + UNVERIFIED_MAX_AGE_MS - 60_000,
    });
    const dayLater = await purgeUnverifiedUsers({
      client: cognito,
      userPoolId: poolId,
      now: now + UNVERIFIED_MAX_AGE_MS + 60_000,
    });

    expect(early).toEqual({ scanned: 3, deleted: 0, failed: 0 });
    expect(stillYoung).toEqual({ scanned: 3, deleted: 0, failed: 0 });
    expect(dayLater).toEqual({ scanned: 3, deleted: 2, failed: 0 });
    expect(await exists(verified)).toBe(true);
    for (const email of unverified) expect(await exists(email)).toBe(false);
    const left = await cognito.send(new ListUsersCommand({ UserPoolId: poolId }));
    expect(left.Users).toHaveLength(1);
  });

  it('runs as a scheduled handler on the configured pool, deleting nothing that is less than a day old', async () => {
    const before = await cognito.send(new ListUsersCommand({ UserPoolId: stack.userPoolId }));

    const report = await handler();

    expect(report.deleted).toBe(0);
    expect(report.scanned).toBe(before.Users?.length);
  });
});
