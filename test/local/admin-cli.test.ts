import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  AdminListGroupsForUserCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../../local/cli/admin';
import type { StackInfo } from '../../local/stack-info';
import { createPoolUser, stackCognito, uniqueEmail } from '../lambdas/auth-support';
import { useStack } from '../support/stack';

let stack: StackInfo;
let cognito: CognitoIdentityProviderClient;
let env: NodeJS.ProcessEnv;
beforeAll(() => {
  stack = useStack();
  cognito = stackCognito(stack);
  // What an operator pointing the CLI at a pool would set; COGNITO_ENDPOINT keeps the call on cognito-local.
  env = { USER_POOL_ID: stack.userPoolId, AWS_REGION: stack.region, COGNITO_ENDPOINT: stack.cognitoEndpoint };
});
afterAll(() => cognito.destroy());

async function run(...argv: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runAdminCli(argv, (line) => lines.push(line), env);
  return { code, output: lines.join('\n') };
}

async function groupsOf(username: string): Promise<string[]> {
  const result = await cognito.send(new AdminListGroupsForUserCommand({ UserPoolId: stack.userPoolId, Username: username }));
  return (result.Groups ?? []).map((g) => g.GroupName!);
}

describe('npm run admin', () => {
  it('grants, lists and revokes an administrator', async () => {
    const email = uniqueEmail('cli-admin');
    const sub = await createPoolUser(cognito, stack.userPoolId, email, true);

    const granted = await run('grant', email.toUpperCase());
    const afterGrant = await groupsOf(sub);
    const listed = await run('list');
    const revoked = await run('revoke', email);
    const afterRevoke = await groupsOf(sub);

    expect(granted.code).toBe(0);
    expect(granted.output).toContain(`granted: ${email}`);
    expect(afterGrant).toContain('admins');
    expect(listed.output).toContain(`${email}\t`);
    expect(revoked.code).toBe(0);
    expect(afterRevoke).not.toContain('admins');
  });

  it('warns when the account’s email is not verified yet', async () => {
    const email = uniqueEmail('cli-unverified');
    await createPoolUser(cognito, stack.userPoolId, email, false);

    const { code, output } = await run('grant', email);
    await run('revoke', email);

    expect(code).toBe(0);
    expect(output).toContain('not verified');
  });

  it('explains that an unknown user must sign up first', async () => {
    const { code, output } = await run('grant', uniqueEmail('cli-nobody'));

    expect(code).toBe(1);
    expect(output).toMatch(/user not found: .* Ask them to sign up first\./);
  });

  it('refuses bad usage with a usage line and exit code 2, or 1 for a bad email', async () => {
    expect((await run()).code).toBe(2);
    expect((await run('promote', 'a@b.ca')).output).toContain('unknown command');
    expect(await run('grant', 'pas-un-courriel')).toEqual({
      code: 1,
      output: 'error: not a valid email: pas-un-courriel',
    });
  });

  it('reports a pool that does not exist', async () => {
    const lines: string[] = [];
    const code = await runAdminCli(['list'], (l) => lines.push(l), { ...env, USER_POOL_ID: 'local_doesnotexist' });

    expect(code).toBe(1);
    expect(lines.join('\n')).toContain("user pool or group 'admins' not found");
  });

  it('runs as a command (npm run admin entry point)', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'local/cli/admin.ts', 'list'], {
      env: { ...process.env, ...env },
    });

    expect(stdout).toContain(`user pool: ${stack.userPoolId}`);
    expect(stdout).toMatch(/\d+ administrator\(s\)/);
  });
});
