/**
 * `npm start`: the whole application on this machine, with no AWS account. Builds the frontend when needed,
 * starts every emulator and the gateway, seeds the demo school on first run, prints where everything is.
 * Data lives in `.data/` (wipe it with `npm run reset`). Ctrl-C stops every child process.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { runDueReminders } from '../lambdas/annual-update/reminder-service';
import { defaultSendDeps } from '../lambdas/annual-update/send-deps';
import { startPurgeTimer } from './purge-timer';
import { repeat } from './repeat';
import { defaultPorts, startLocalStack } from './stack';
import { schoolYearOf } from '../shared/rules/school-calendar';

/** LOCAL_DATA_DIR moves the data elsewhere (the start-up benchmark starts from an empty folder). */
const DATA_DIR = path.resolve(process.env.LOCAL_DATA_DIR ?? '.data');
const WEB_DIR = path.resolve('frontend/dist');
/** The reminder schedule's pace here (AWS: every 5 minutes in the daytime, lib/constructs/api.ts) and one run's time. */
const REMINDER_INTERVAL_MS = 5 * 60 * 1000;
const REMINDER_RUN_MS = 60 * 1000;

/** Under the demo accounts when the data directory's demo school predates this checkout's (local/demo/seed.ts). */
const OUTDATED_DEMO_DATA = `
  ! The demo data in this folder was made by an earlier version: some accounts above may not sign in.
    npm run reset, then npm start, starts over with this version's demo school (your local changes are lost).
  ! Les données de démonstration de ce dossier viennent d'une version antérieure : certains comptes
    ci-dessus pourraient ne pas se connecter. npm run reset, puis npm start, repart avec l'école de cette
    version (vos changements locaux sont perdus).
`;

async function main() {
  const started = Date.now();
  const firstBuild = !existsSync(path.join(WEB_DIR, 'index.html'));
  if (firstBuild || process.argv.includes('--build')) {
    console.log(`• Building the frontend (${firstBuild ? 'first run, ' : ''}about a minute)…`);
    // Warnings and errors only: the list of built files (a hundred lines) buried the banner below.
    const build = spawnSync('npm', ['run', '--silent', 'build:web', '--', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('The frontend build failed (see above).');
  }
  const { info, stop } = await startLocalStack({
    dataDir: DATA_DIR,
    ports: defaultPorts(),
    webDir: WEB_DIR,
    onStep: (name) => console.log(`• ${name}…`),
    preloadHandlers: true,
    // The demo school in the current school year (its first start's); tests and benches keep the dataset's own.
    seed: { schoolYear: schoolYearOf() },
  });

  // The daily retention purge (docs/privacy.md, "Retention"): once shortly after start, then every day.
  const stopPurge = startPurgeTimer({
    onReport: (report) => {
      const deleted = Object.values(report.counts).reduce((sum, n) => sum + n, 0);
      console.log(`• Retention purge / Purge de conservation: ${deleted} item(s) deleted (reports: GET /api/admin/privacy/retention/reports)`);
    },
    onError: (error) => console.error(`• Retention purge failed, tried again tomorrow: ${(error as Error).message}`),
  });

  // Automatic campaign reminders (docs/annual-update.md): every few minutes, as the EventBridge schedule does in AWS.
  const stopReminders = repeat({
    run: () => runDueReminders(defaultSendDeps(), Date.now() + REMINDER_RUN_MS),
    intervalMs: REMINDER_INTERVAL_MS,
    onResult: (run) => {
      if (run.outcome === 'sending' && run.offsets.length > 0) {
        console.log(`• Automatic reminder / Rappel automatique: ${run.progress.total} parent(s), ${run.progress.sent} sent so far`);
      }
    },
    onError: (error) => console.error(`• Automatic reminders failed, tried again later: ${(error as Error).message}`),
  });

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the local stack…');
    stopPurge();
    stopReminders();
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const accounts = info.demoAccounts
    .map((a) => `    ${a.role.padEnd(14)} ${a.email.padEnd(38)} ${a.password}`)
    .join('\n');
  console.log(`
────────────────────────────────────────────────────────────────────────
 Bottin de l'école / School directory — local stack ready in ${seconds} s

  App (FR/EN)     ${info.appUrl}
  Mailbox         ${info.mailboxUrl}      (every email the app sends)
  Data            ${DATA_DIR}      (npm run reset to start over)

  Demo accounts   role           email                                  password
${accounts}
${info.demoDataOutdated ? OUTDATED_DEMO_DATA : ''}
  Ctrl-C stops everything.
────────────────────────────────────────────────────────────────────────`);
}

main().catch((error: unknown) => {
  console.error(`\n✖ Could not start the local stack: ${(error as Error).message}`);
  process.exit(1);
});
