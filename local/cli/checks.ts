/**
 * `npm run checks`: the type checks, the linter, the no-cycle check (local/cycles.ts), the dead-code check (knip,
 * knip.config.ts) and the frontend build, at the same time (they are independent and each mostly uses one core).
 * The two TypeScript projects (`npm run typecheck` checks them one after the other) are two steps here: the root
 * project's check was the longest chain of the whole command, and side by side the six steps end when the two
 * cores have done their CPU's worth (docs/testing.md, "Third pass"). Both are checked by TypeScript's native port
 * (tsgo, @typescript/native-preview): the same checker, about half the CPU of tsc (docs/testing.md, "Fifth pass"),
 * on one thread each: its parallel checkers (four by default) repeat work, 15-18 CPU s a project against 9-12 on one
 * thread, and here the six steps already share two cores (docs/testing.md, "Ninth pass").
 * Each one's output is printed whole when it ends, under its name, so nothing interleaves; the exit code is 1 when
 * any of them failed.
 */
import { spawn } from 'node:child_process';

const STEPS: Record<string, string[]> = {
  'tsgo -p tsconfig.json': ['npx', 'tsgo', '--noEmit', '--singleThreaded', '-p', 'tsconfig.json'],
  'tsgo -p frontend/tsconfig.json': ['npx', 'tsgo', '--noEmit', '--singleThreaded', '-p', 'frontend/tsconfig.json'],
  'npm run lint': ['npm', 'run', '--silent', 'lint'],
  'npm run cycles': ['npm', 'run', '--silent', 'cycles'],
  'npm run knip': ['npm', 'run', '--silent', 'knip'],
  'npm run build:web': ['npm', 'run', '--silent', 'build:web'],
};

function run(script: string): Promise<{ script: string; code: number; output: string; seconds: number }> {
  const started = Date.now();
  const [command, ...args] = STEPS[script]!;
  return new Promise((resolve) => {
    const child = spawn(command!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ script, code: code ?? 1, output, seconds: (Date.now() - started) / 1000 }));
  });
}

const results = await Promise.all(Object.keys(STEPS).map(run));
for (const { script, code, output, seconds } of results) {
  console.log(`── ${script}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(0)} s`);
  if (output.trim()) console.log(output.trimEnd());
}
process.exit(results.every((result) => result.code === 0) ? 0 : 1);
