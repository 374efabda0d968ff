/**
 * `npm test`: the static checks (local/cli/check-steps.ts), then every vitest project (vitest.config.ts), on two
 * cores in about ten minutes (docs/testing.md, "Tenth pass"). The run is CPU-bound, but the journeys leave the cores
 * idle for moments while they wait on the app (about 75 of some 1,300 busy CPU seconds), which one check after the
 * other could not use. So:
 * 1. The frontend build (the journeys serve it), the two type checks and the no-cycle check, side by side. A failure
 *    stops here, as `npm run checks && vitest run` did.
 * 2. vitest, in the foreground, with the arguments given to `npm test` (e.g. a file or `--project unit`); beside it,
 *    the linter and the dead-code check at the lowest CPU priority (`nice -n 19`): they take the cycles the tests
 *    leave, and their output is printed once vitest has ended.
 * The exit code is vitest's, or 1 when a check failed. `npm run checks` still runs every check at once.
 */
import { spawn } from 'node:child_process';
import { report, runStep, type StepName } from './check-steps';

const FIRST: StepName[] = ['npm run build:web', 'tsgo -p tsconfig.json', 'tsgo -p frontend/tsconfig.json', 'npm run cycles'];
const BESIDE: StepName[] = ['npm run lint', 'npm run knip'];

if (!report(await Promise.all(FIRST.map((step) => runStep(step))))) process.exit(1);

const beside = Promise.all(BESIDE.map((step) => runStep(step, { nice: true })));
const vitest = await new Promise<number>((resolve) => {
  const child = spawn('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
  child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});
const checked = report(await beside);
process.exit(vitest !== 0 ? vitest : checked ? 0 : 1);
