/**
 * `npm run checks`: every static check (local/cli/check-steps.ts) at the same time: they are independent and each
 * mostly uses one core. The two TypeScript projects are two steps: side by side the six steps end when the two cores
 * have done their CPU's worth (docs/testing.md, "Third pass"). The exit code is 1 when any of them failed.
 * `npm test` runs the same steps in another order (local/cli/test.ts).
 */
import { STEPS, report, runStep, type StepName } from './check-steps';

const results = await Promise.all((Object.keys(STEPS) as StepName[]).map((step) => runStep(step)));
process.exit(report(results) ? 0 : 1);
