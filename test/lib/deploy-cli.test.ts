import { describe, expect, it } from 'vitest';
import { runDeployCli, type DeployDeps } from '../../local/cli/deploy';

const OUTPUTS = { SiteUrl: 'https://d111.cloudfront.net', UserPoolId: 'ca-central-1_abc', TableName: 'T' };

/** The deploy CLI with a fake command runner: records commands, answers with the given exit codes. */
function fakeDeploy(exitCodes: Record<string, number> = {}, kept: Record<string, Record<string, string>> = {}) {
  const commands: string[][] = [];
  const lines: string[] = [];
  const store = { kept };
  const deps: DeployDeps = {
    readKept: () => store.kept,
    writeKept: (next) => (store.kept = next),
    run: async (command, args) => {
      commands.push([command, ...args]);
      return exitCodes[`${command} ${args[0]}`] ?? 0;
    },
    print: (line) => lines.push(line),
    baseSettings: () => ({ region: 'ca-central-1', wafEnabled: true }),
    readOutputs: () => OUTPUTS,
  };
  return { deps, commands, store, output: () => lines.join('\n') };
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
    // A fresh table is empty: the first administrator is imported before signing up (a trial's deployer was not told).
    expect(output).toContain('3. First administrator: make sure direction@ecole.ca is in the directory (a new table is empty: npm run import -- <folder> --table T');
    expect(output).toMatch(/4\. Then direction@ecole\.ca signs up at https:\/\/d111\.cloudfront\.net/);
    expect(output).toContain('5. Check the deployment: npm run smoke -- --url https://d111.cloudfront.net');
  });

  it('takes settings as cdk does (-c schoolDirectory.<key>=<value>), and passes other context on', async () => {
    const fake = fakeDeploy();
    const code = await runDeployCli(['-c', 'schoolDirectory.wafEnabled=false', '-c', 'schoolDirectory.contactEmail=s@ecole.ca', '-c', 'webAssetDir=build'], fake.deps);
    expect(code).toBe(0);
    expect(fake.commands[1]).toEqual([
      'npx', 'cdk', 'deploy', 'SchoolDirectory', '--outputs-file', 'cdk.out/deploy-outputs.json',
      '-c', 'schoolDirectory.wafEnabled=false', '-c', 'schoolDirectory.contactEmail=s@ecole.ca', '-c', 'webAssetDir=build',
    ]);
    // The next steps read them too.
    expect(fake.output()).toContain('Alarms: s@ecole.ca receives');
    const bad = fakeDeploy();
    expect(await runDeployCli(['-c', 'schoolDirectory.senderEmail=nope'], bad.deps)).toBe(2);
    expect(bad.output()).toMatch(/senderEmail: is not a valid email address/);
  });

  it('keeps the last deploy\'s settings per profile, says so, and never keeps the first administrator', async () => {
    const first = fakeDeploy();
    expect(await runDeployCli(['--sender', 'bottin@ecole.ca', '--contact', 's@ecole.ca', '--first-admin', 'd@ecole.ca'], first.deps)).toBe(0);
    expect(first.store.kept).toEqual({ default: { senderEmail: 'bottin@ecole.ca', contactEmail: 's@ecole.ca' } });

    // A plain redeploy (the first-admin steps say « redeploy ») keeps the sender and the contact.
    const again = fakeDeploy({}, first.store.kept);
    expect(await runDeployCli(['--contact', 'bureau@ecole.ca'], again.deps)).toBe(0);
    expect(again.output()).toContain('Kept from your last deploy (.deploy-settings.json): senderEmail=bottin@ecole.ca.');
    expect(again.commands[1]).toContain('schoolDirectory.senderEmail=bottin@ecole.ca');
    expect(again.commands[1]).toContain('schoolDirectory.contactEmail=bureau@ecole.ca');
    expect(again.commands[1]!.join(' ')).not.toContain('firstAdminEmail');

    // Another profile (another school or account) starts from its own.
    const other = fakeDeploy({}, again.store.kept);
    expect(await runDeployCli(['--profile', 'autre'], other.deps)).toBe(0);
    expect(other.commands[1]!.join(' ')).not.toContain('senderEmail');
    expect(Object.keys(other.store.kept).sort()).toEqual(['autre', 'default']);

    // A failed deploy keeps nothing new.
    const fails = fakeDeploy({ 'npx cdk': 1 }, other.store.kept);
    expect(await runDeployCli(['--sender', 'x@ecole.ca'], fails.deps)).toBe(1);
    expect(fails.store.kept).toEqual(other.store.kept);
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
