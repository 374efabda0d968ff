import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  AdminListGroupsForUserCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../../local/cli/admin';
import type { StackInfo } from '../../local/stack-info';
import { hasAdminAccess, rolesOf } from '../../lambdas/registry/admin-roles';
import { schoolDay } from '@shared/rules/school-calendar';
import { withExtraTable } from '../lambdas/admin-support';
import { createPoolUser, registerPerson, stackCognito, uniqueEmail } from '../lambdas/auth-support';
import { useStack } from '../support/stack';

let stack: StackInfo;
let cognito: CognitoIdentityProviderClient;
let env: NodeJS.ProcessEnv;
beforeAll(() => {
  stack = useStack();
  cognito = stackCognito(stack);
  // What an operator pointing the CLI at a pool would set; COGNITO_ENDPOINT keeps the call on cognito-local.
  env = {
    USER_POOL_ID: stack.userPoolId,
    TABLE_NAME: stack.tableName,
    AWS_REGION: stack.region,
    COGNITO_ENDPOINT: stack.cognitoEndpoint,
    DYNAMODB_ENDPOINT: stack.dynamoEndpoint,
  };
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
  it('grants, lists and revokes an administrator role (the table decides; the group mirrors it)', async () => {
    const email = uniqueEmail('cli-admin');
    await registerPerson(email, 'STAFF', 'Admin CLI');
    const sub = await createPoolUser(cognito, stack.userPoolId, email, true);

    const granted = await run('grant', email.toUpperCase(), '--title', 'Responsable du bottin 2025-2026');
    const afterGrant = await groupsOf(sub);
    const accessAfterGrant = await hasAdminAccess(email);
    const listed = await run('list');
    const revoked = await run('revoke', email);
    const afterRevoke = await groupsOf(sub);

    expect(granted.code).toBe(0);
    expect(granted.output).toContain(`granted: ${email} is an administrator from ${schoolDay()} to (no end) (Responsable du bottin 2025-2026)`);
    expect(afterGrant).toContain('admins');
    expect(accessAfterGrant).toBe(true);
    expect(listed.output).toContain(`${email}\tactive\t${schoolDay()} -> (no end)\tResponsable du bottin 2025-2026`);
    expect(revoked.code).toBe(0);
    expect(afterRevoke).not.toContain('admins');
    expect(await hasAdminAccess(email)).toBe(false);
  });

  it('grants a dated role with --from/--until, and ends one on a given day', async () => {
    const email = uniqueEmail('cli-dated');
    await registerPerson(email, 'PARENT', 'Admin Datée');

    const granted = await run('grant', email, '--from', '2020-09-01', '--until', '2020-12-31');
    const before = await hasAdminAccess(email);
    await run('grant', email);
    const ended = await run('revoke', email, '--until', '2999-06-30');
    const roles = await rolesOf(email);

    expect(granted.code).toBe(0);
    expect(before).toBe(false);
    expect(ended.output).toContain(`ended: ${email} stays an administrator until 2999-06-30 (included)`);
    expect(roles.map((r) => r.until).sort()).toEqual(['2020-12-31', '2999-06-30']);
    expect(await hasAdminAccess(email)).toBe(true);
    await run('revoke', email);
  });

  it('never removes the last administrator', async () => {
    await withExtraTable('cli-last-admin', async (table) => {
      const email = uniqueEmail('cli-last');
      await registerPerson(email, 'STAFF', 'Seule Admin');
      const tableEnv = { ...env, TABLE_NAME: table };
      const lines: string[] = [];
      await runAdminCli(['grant', email], (l) => lines.push(l), tableEnv);

      const code = await runAdminCli(['revoke', email], (l) => lines.push(l), tableEnv);

      expect(code).toBe(1);
      expect(lines.at(-1)).toBe('error: refused: this is the last administrator. Grant the role to someone else first, then revoke.');
      expect(await hasAdminAccess(email)).toBe(true);
    });
  });

  it('refuses bad dates with a clear message', async () => {
    const email = uniqueEmail('cli-bad-date');
    await registerPerson(email);

    expect((await run('grant', email, '--until', '31/12/2025')).output).toContain('error: --until must be a date like 2025-09-02: 31/12/2025');
    expect(await rolesOf(email)).toEqual([]);
  });

  it('warns when the account’s email is not verified yet', async () => {
    const email = uniqueEmail('cli-unverified');
    await registerPerson(email);
    await createPoolUser(cognito, stack.userPoolId, email, false);

    const { code, output } = await run('grant', email);
    await run('revoke', email);

    expect(code).toBe(0);
    expect(output).toContain('not verified');
  });

  it('grants only people of the directory', async () => {
    const { code, output } = await run('grant', uniqueEmail('cli-nobody'));

    expect(code).toBe(1);
    expect(output).toMatch(/error: not in the directory: .* Only a registered parent or staff member can be an administrator\./);
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
    expect(lines.join('\n')).toContain("user pool, group 'admins' or table not found");
  });

  it('runs as a command (npm run admin entry point)', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'local/cli/admin.ts', 'list'], {
      env: { ...process.env, ...env },
    });

    expect(stdout).toContain(`user pool: ${stack.userPoolId}`);
    expect(stdout).toMatch(/\d+ administrator\(s\) today, \d+ role\(s\) in all/);
  });
});
