import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { LAMBDA_BUNDLING } from '../../lib/constructs/lambda-bundling';
import { CONTEXTS } from '../../lambdas/routes';

/** Every Lambda entry under lambdas/: one per API context, and the Cognito triggers. */
export const LAMBDA_ENTRIES = [
  ...CONTEXTS.map((c) => `${c}/index`),
  'triggers/pre-sign-up',
  'triggers/custom-message',
  'triggers/purge-unverified',
  'annual-update/bounce-handler',
];

/** Bundles one entry with esbuild exactly as the CDK stack does (lib/constructs/lambda-bundling.ts). */
export async function bundleLambda(entry: string): Promise<Uint8Array> {
  const result = await build({
    entryPoints: [path.resolve('lambdas', `${entry}.ts`)],
    bundle: true,
    platform: 'node',
    format: LAMBDA_BUNDLING.format,
    target: LAMBDA_BUNDLING.target,
    minify: LAMBDA_BUNDLING.minify,
    external: [...LAMBDA_BUNDLING.externalModules],
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.contents;
}

/**
 * Median milliseconds to `require` a bundle in a fresh Node process (what a cold start pays before the handler
 * runs), over `runs` processes. The bundle is written under node_modules/.cache so that the AWS SDK, external as
 * in Lambda, resolves from node_modules like the runtime's own copy.
 */
export function moduleLoadMs(entry: string, code: Uint8Array, runs = 20): number {
  const dir = path.resolve('node_modules/.cache/lambda-load');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${entry.replace(/\//g, '-')}.cjs`);
  writeFileSync(file, code);
  const probe =
    'const t=process.hrtime.bigint();require(process.argv[1]);' +
    'process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))';
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const run = spawnSync(process.execPath, ['-e', probe, file], { encoding: 'utf8', env: { ...process.env, TABLE_NAME: 'bench' } });
    if (run.status !== 0) throw new Error(`${entry} failed to load: ${run.stderr.slice(0, 500)}`);
    samples.push(Number(run.stdout));
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}
