import { describe, expect, it } from 'vitest';
import { runDeployCli, type DeployDeps } from '../../local/cli/deploy';

const OUTPUTS = { SiteUrl: 'https://d111.cloudfront.net', UserPoolId: 'ca-central-1_abc', TableName: 'T' };

/** The deploy CLI with a fake command runner: records commands, answers with the given exit codes. */
function fakeDeploy(exitCodes: Record<string, number> = {}) {
  const commands: string[][] = [];
  const lines: string[] = [];
  const deps: DeployDeps = {
    run: async (command, args) => {
      commands.push([command, ...args]);
      return exitCodes[`${command} ${args[0]}`] ?? 0;
    },
    print: (line) => lines.push(line),
    baseSettings: () => ({ region: 'ca-central-1', wafEnabled: true }),
    readOutputs: () => OUTPUTS,
  };
  return { deps, commands, output: () => lines.join('\n') };
}

describe('npm run deploy', () => {
  it('builds the frontend, then deploys with the settings as cdk context, then prints the URL and next steps', async () => {
    const fake = fakeDeploy();
    const code = await runDeployCli(
      ['--sender', 'bottin@ecole.ca', '--contact', 'secretariat@ecole.ca', '--first-admin', 'direction@ecole.ca', '--profile', 'ecole', '--', '--require-approval', 'never'],
      fake.deps,
    );
    expect(code).toBe(0);
    expect(fake.commands[0]).toEqual(['npm', 'run', 'build:web']);
    expect(fake.commands[1]).toEqual([
      'npx', 'cdk', 'deploy', 'SchoolDirectory', '--outputs-file', 'cdk.out/deploy-outputs.json',
      '-c', 'schoolDirectory.senderEmail=bottin@ecole.ca',
      '-c', 'schoolDirectory.contactEmail=secretariat@ecole.ca',
      '-c', 'schoolDirectory.firstAdminEmail=direction@ecole.ca',
      '--profile', 'ecole', '--require-approval', 'never',
    ]);
    const output = fake.output();
    expect(output).toContain('✔ Deployed. Site: https://d111.cloudfront.net');
    expect(output).toMatch(/1\. SES mailed a verification link to bottin@ecole\.ca.*--cognito-via-ses/);
    expect(output).toMatch(/2\. Alarms: secretariat@ecole\.ca receives .*Subscription Confirmation/);
    expect(output).toMatch(/3\. First administrator: direction@ecole\.ca signs up at https:\/\/d111\.cloudfront\.net/);
    expect(output).toContain('4. Check the deployment: npm run smoke -- --url https://d111.cloudfront.net');
  });

  it('without a first administrator, tells how to grant one on this pool; alarm email overrides the contact', async () => {
    const fake = fakeDeploy();
    expect(await runDeployCli(['--contact', 'a@ecole.ca', '--alarm-email', 'tech@ecole.ca'], fake.deps)).toBe(0);
    const output = fake.output();
    expect(output).toContain('Alarms: tech@ecole.ca receives');
    expect(output).toContain('npm run admin -- grant <email> --pool-id ca-central-1_abc --table T --region ca-central-1');
    expect(output).toContain('No --sender');
  });

  it('refuses bad settings before building anything', async () => {
    const fake = fakeDeploy();
    expect(await runDeployCli(['--sender', 'not-an-email', '--domain', 'bottin.ecole.ca'], fake.deps)).toBe(2);
    expect(fake.commands).toEqual([]);
    expect(fake.output()).toMatch(/senderEmail: is not a valid email address/);
    expect(fake.output()).toMatch(/certificateArn: is required when siteDomain is set/);
  });

  it('refuses an unknown option with the usage', async () => {
    const fake = fakeDeploy();
    expect(await runDeployCli(['--sendr', 'x@ecole.ca'], fake.deps)).toBe(2);
    expect(fake.output()).toMatch(/✘ .*sendr[\s\S]*usage: npm run deploy/);
    expect(fake.commands).toEqual([]);
  });

  it('stops when the build fails, and says so when cdk deploy fails', async () => {
    const buildFails = fakeDeploy({ 'npm run': 1 });
    expect(await runDeployCli([], buildFails.deps)).toBe(1);
    expect(buildFails.commands).toHaveLength(1);
    expect(buildFails.output()).toContain('✘ The frontend build failed: nothing was deployed.');

    const deployFails = fakeDeploy({ 'npx cdk': 1 });
    expect(await runDeployCli([], deployFails.deps)).toBe(1);
    expect(deployFails.output()).toContain('✘ cdk deploy failed');
    expect(deployFails.output()).not.toContain('Deployed');
  });
});
