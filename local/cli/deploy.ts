/**
 * `npm run deploy -- [--sender <email>] [--contact <email>] [--first-admin <email>] [--alarm-email <email>]
 *  [--domain <host> --certificate <arn>] [--cognito-via-ses] [--profile <name>] [-c schoolDirectory.<key>=<value>]
 *  [-- <more cdk deploy options>]`:
 * builds the frontend, deploys the stack with those settings (docs/deploy.md), then prints the site URL and what
 * is left to do by hand (SES verification, alarm subscription, first administrator, smoke test).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DeploySettingsError, parseDeploySettings, SETTINGS_CONTEXT_KEY, type DeploySettings } from '../../lib/config';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STACK = 'SchoolDirectory';
const OUTPUTS_FILE = path.join('cdk.out', 'deploy-outputs.json');

const USAGE =
  'usage: npm run deploy -- [--sender <email>] [--contact <email>] [--first-admin <email>] [--alarm-email <email>]\n' +
  '       [--domain <host> --certificate <arn>] [--cognito-via-ses] [--profile <name>]\n' +
  '       [-c schoolDirectory.<key>=<value> ...] [-- <cdk deploy options>]';

/**
 * The settings of the last successful deploy, per AWS profile (git-ignored): a redeploy without `--sender` or
 * `--contact` removed the SES identity and the alarm subscription (docs/deploy.md); they are now kept and said.
 * The first administrator is never kept (a one-shot appointment, docs/deploy.md "The first administrator").
 */
export const KEPT_SETTINGS_FILE = '.deploy-settings.json';
const NEVER_KEPT = new Set(['firstAdminEmail']);

/** Runs one command in the repository, its output shown to the user; resolves to its exit code. */
export type CommandRunner = (command: string, args: string[]) => Promise<number>;

export interface DeployDeps {
  run: CommandRunner;
  print: (line: string) => void;
  /** cdk.json's settings object, the base the options override. */
  baseSettings: () => Record<string, unknown>;
  /** The stack outputs cdk wrote with --outputs-file. */
  readOutputs: () => Record<string, string>;
  /** The settings kept from the last successful deploy, per profile (KEPT_SETTINGS_FILE). */
  readKept: () => Record<string, Record<string, string>>;
  writeKept: (kept: Record<string, Record<string, string>>) => void;
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
        // cdk's own way, as docs/deploy.md's settings table says it: `-c schoolDirectory.<key>=<value>`.
        context: { type: 'string', short: 'c', multiple: true },
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
  const otherContext: string[] = [];
  for (const entry of values.context ?? []) {
    const match = new RegExp(`^${SETTINGS_CONTEXT_KEY}\\.([A-Za-z]+)=(.*)$`).exec(entry);
    if (match) overrides[match[1]!] = match[2]!;
    else otherContext.push('-c', entry);
  }
  const profileKey = values.profile ?? 'default';
  const keptByProfile = deps.readKept();
  const kept = Object.fromEntries(Object.entries(keptByProfile[profileKey] ?? {}).filter(([key]) => !(key in overrides) && !NEVER_KEPT.has(key)));
  if (Object.keys(kept).length > 0) {
    deps.print(
      `→ Kept from your last deploy (${KEPT_SETTINGS_FILE}): ${Object.entries(kept).map(([k, v]) => `${k}=${v}`).join(', ')}. ` +
        'Give another value to change one; edit or delete the file to drop one.',
    );
  }
  const given = { ...kept, ...overrides };

  let settings: DeploySettings;
  try {
    settings = parseDeploySettings({ ...deps.baseSettings(), ...given });
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
  for (const [key, value] of Object.entries(given)) cdkArgs.push('-c', `${SETTINGS_CONTEXT_KEY}.${key}=${value}`);
  cdkArgs.push(...otherContext);
  if (values.profile) cdkArgs.push('--profile', values.profile);
  cdkArgs.push(...positionals);
  deps.print(`→ Deploying (npx ${cdkArgs.join(' ')})`);
  if ((await deps.run('npx', cdkArgs)) !== 0) {
    deps.print('✘ cdk deploy failed (its output is above).');
    return 1;
  }
  const toKeep = Object.fromEntries(Object.entries(given).filter(([key]) => !NEVER_KEPT.has(key)));
  deps.writeKept({ ...keptByProfile, [profileKey]: toKeep });
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
    // Sign-up takes only an email the directory lists: a fresh table is empty (a trial's deployer was not told).
    step(
      `First administrator: make sure ${settings.firstAdminEmail} is in the directory (a new table is empty: ` +
        `npm run import -- <folder> --table ${outputs.TableName ?? '<TableName>'} --region ${settings.region}, ` +
        'docs/data-onboarding.md).',
    );
    step(
      `Then ${settings.firstAdminEmail} signs up at ${site}, opens the verification link and signs in (the admin ` +
        'pages then ask them to link an authenticator app); then redeploy (without --first-admin, which is never kept).',
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
    readKept: () => {
      const file = path.join(REPO_ROOT, KEPT_SETTINGS_FILE);
      if (!existsSync(file)) return {};
      return JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;
    },
    writeKept: (kept) => writeFileSync(path.join(REPO_ROOT, KEPT_SETTINGS_FILE), `${JSON.stringify(kept, null, 2)}\n`),
    readOutputs: () => {
      const all = JSON.parse(readFileSync(path.join(REPO_ROOT, OUTPUTS_FILE), 'utf8')) as Record<string, Record<string, string>>;
      return all[STACK] ?? {};
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runDeployCli(process.argv.slice(2)).then((code) => process.exit(code));
}
