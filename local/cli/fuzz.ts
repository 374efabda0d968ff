/**
 * `npm run test:fuzz`: the hostile-input property tests (test/security/hostile-input.test.ts) with many more
 * cases than `npm test` and a random seed, printed first so a failure can be replayed:
 *   FUZZ_SEED=<seed> npm run test:fuzz        (FUZZ_RUNS=<n> sets the cases per route, default 200)
 */
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';

const seed = process.env.FUZZ_SEED ?? String(randomInt(1, 2 ** 31 - 1));
const runs = process.env.FUZZ_RUNS ?? '200';
console.log(`hostile-input fuzz: seed ${seed}, ${runs} cases per route (replay: FUZZ_SEED=${seed} npm run test:fuzz)`);
const result = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '--project', 'stack', 'test/security/hostile-input.test.ts'],
  { stdio: 'inherit', env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs } },
);
console.log(`hostile-input fuzz: seed ${seed}`);
process.exit(result.status ?? 1);
