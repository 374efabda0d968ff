/**
 * `npm run deploy -- [--sender <email>] [--contact <email>] [--first-admin <email>] [--alarm-email <email>]
 *  [--domain <host> --certificate <arn>] [--cognito-via-ses] [--profile <name>] [-- <more cdk deploy options>]`:
 * builds the frontend, deploys the stack with those settings (docs/deploy.md), then prints the site URL and what
 * is left to do by hand (SES verification, alarm subscription, first administrator, smoke test).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DeploySettingsError, parseDeploySettings, SETTINGS_CONTEXT_KEY, type DeploySettings } from '../../lib/config';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STACK = 'SchoolDirectory';
const OUTPUTS_FILE = path.join('cdk.out', 'deploy-outputs.json');

const USAGE =
  'usage: npm run deploy -- [--sender <email>] [--contact <email>] [--first-admin <email>] [--alarm-email <email>]\n' +
  '       [--domain <host> --certificate <arn>] [--cognito-via-ses] [--profile <name>] [-- <cdk deploy options>]';

/** Runs one command in the repository, its output shown to the user; resolves to its exit code. */
export type CommandRunner = (command: string, args: string[]) => Promise<number>;

export interface DeployDeps {
  run: CommandRunner;
  print: (line: string) => void;
  /** cdk.json's settings object, the base the options override. */
  baseSettings: () => Record<string, unknown>;
  /** The stack outputs cdk wrote with --outputs-file. */
  readOutputs: () => Record<string, string>;
}

/** Option name -> deploy setting key (lib/config.ts). */
const SETTING_OPTIONS = {
  sender: 'senderEmail',
  contact: 'contactEmail',
  'first-admin': 'firstAdminEmail',
  'alarm-email': 'alarmEmail',
  domain: 'siteDomain',
  certificate: 'certificateArn',
} as const;

export async function runDeployCli(argv: string[], deps: DeployDeps = realDeps()): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        ...Object.fromEntries(Object.keys(SETTING_OPTIONS).map((name) => [name, { type: 'string' as const }])),
        'cognito-via-ses': { type: 'boolean' },
        profile: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    deps.print(`✘ ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    deps.print(USAGE);
    return 0;
  }
  const overrides: Record<string, string> = {};
  for (const [option, key] of Object.entries(SETTING_OPTIONS)) {
    const value = values[option as keyof typeof values];
    if (typeof value === 'string') overrides[key] = value;
  }
  if (values['cognito-via-ses']) overrides.cognitoEmailViaSes = 'true';

  let settings: DeploySettings;
  try {
    settings = parseDeploySettings({ ...deps.baseSettings(), ...overrides });
  } catch (error) {
    if (!(error instanceof DeploySettingsError)) throw error;
    deps.print(`✘ ${error.message}`);
    return 2;
  }

  deps.print('→ Building the frontend (npm run build:web)');
  if ((await deps.run('npm', ['run', 'build:web'])) !== 0) {
    deps.print('✘ The frontend build failed: nothing was deployed.');
    return 1;
  }
  const cdkArgs = ['cdk', 'deploy', STACK, '--outputs-file', OUTPUTS_FILE];
  for (const [key, value] of Object.entries(overrides)) cdkArgs.push('-c', `${SETTINGS_CONTEXT_KEY}.${key}=${value}`);
  if (values.profile) cdkArgs.push('--profile', values.profile);
  cdkArgs.push(...positionals);
  deps.print(`→ Deploying (npx ${cdkArgs.join(' ')})`);
  if ((await deps.run('npx', cdkArgs)) !== 0) {
    deps.print('✘ cdk deploy failed (its output is above).');
    return 1;
  }
  const outputs = deps.readOutputs();
  for (const line of nextSteps(settings, outputs)) deps.print(line);
  return 0;
}

/** What the person deploying must still do by hand, with this deployment's values filled in. */
export function nextSteps(settings: DeploySettings, outputs: Record<string, string>): string[] {
  const site = outputs.SiteUrl ?? '(see the SiteUrl output above)';
  const lines = ['', `✔ Deployed. Site: ${site}`, '', 'Next steps:'];
  const step = (text: string) => lines.push(`  ${lines.length - 3}. ${text}`);
  if (settings.senderEmail && !settings.cognitoEmailViaSes) {
    step(
      `SES mailed a verification link to ${settings.senderEmail}: open it. Then request SES production access ` +
        '(SES console, Account dashboard) and redeploy with --cognito-via-ses (docs/deploy.md).',
    );
  } else if (!settings.senderEmail) {
    step('No --sender: the app sends no email and Cognito uses its own mailer (50 a day). See docs/deploy.md.');
  }
  const alarmEmail = settings.alarmEmail ?? settings.contactEmail;
  if (alarmEmail) step(`Alarms: ${alarmEmail} receives an "AWS Notification - Subscription Confirmation": confirm it.`);
  else step('Alarms: no --alarm-email or --contact: nobody is told when an alarm fires (docs/deploy.md).');
  if (settings.firstAdminEmail) {
    step(
      `First administrator: ${settings.firstAdminEmail} signs up at ${site}, opens the verification link and signs in ` +
        '(the admin pages then ask them to link an authenticator app); then redeploy without --first-admin.',
    );
  } else {
    step(
      `First administrator: npm run admin -- grant <email> --pool-id ${outputs.UserPoolId ?? '<UserPoolId>'} ` +
        `--table ${outputs.TableName ?? '<TableName>'} --region ${settings.region} (the person must be in the directory ` +
        'and have signed up: docs/deploy.md, "The first administrator").',
    );
  }
  step(`Check the deployment: npm run smoke -- --url ${site}`);
  return lines;
}

function realDeps(): DeployDeps {
  return {
    print: console.log,
    run: (command, args) =>
      new Promise((resolve, reject) => {
        const child = spawn(command, args, { cwd: REPO_ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
        child.once('error', reject);
        child.once('exit', (code) => resolve(code ?? 1));
      }),
    baseSettings: () => {
      const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
        context: Record<string, unknown>;
      };
      return (cdkJson.context[SETTINGS_CONTEXT_KEY] ?? {}) as Record<string, unknown>;
    },
    readOutputs: () => {
      const all = JSON.parse(readFileSync(path.join(REPO_ROOT, OUTPUTS_FILE), 'utf8')) as Record<string, Record<string, string>>;
      return all[STACK] ?? {};
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runDeployCli(process.argv.slice(2)).then((code) => process.exit(code));
}
