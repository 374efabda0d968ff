/**
 * `npm run checks`: the type checks, the linter, the no-cycle check (local/cycles.ts), the dead-code check (knip,
 * knip.config.ts) and the frontend build, at the same time (they are independent and each mostly uses one core).
 * Each one's output is printed whole when it ends, under its name, so nothing interleaves; the exit code is 1 when
 * any of them failed.
 */
import { spawn } from 'node:child_process';

const SCRIPTS = ['typecheck', 'lint', 'cycles', 'knip', 'build:web'];

function run(script: string): Promise<{ script: string; code: number; output: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ script, code: code ?? 1, output, seconds: (Date.now() - started) / 1000 }));
  });
}

const results = await Promise.all(SCRIPTS.map(run));
for (const { script, code, output, seconds } of results) {
  console.log(`── npm run ${script}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(0)} s`);
  if (output.trim()) console.log(output.trimEnd());
}
process.exit(results.every((result) => result.code === 0) ? 0 : 1);
