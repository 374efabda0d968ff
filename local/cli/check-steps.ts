import { spawn } from 'node:child_process';

/**
 * The static checks of `npm run checks` and `npm test`: the two type checks, the linter, the no-cycle check
 * (local/cycles.ts), the dead-code check (knip, knip.config.ts) and the frontend build. Both TypeScript projects are
 * checked by TypeScript's native port (tsgo, @typescript/native-preview): the same checker, about half the CPU of tsc
 * (docs/testing.md, "Fifth pass"), on one thread each: its parallel checkers (four by default) repeat work, 15-18 CPU s
 * a project against 9-12 on one thread, and the steps already share two cores (docs/testing.md, "Ninth pass").
 */
export const STEPS = {
  'tsgo -p tsconfig.json': ['npx', 'tsgo', '--noEmit', '--singleThreaded', '-p', 'tsconfig.json'],
  'tsgo -p frontend/tsconfig.json': ['npx', 'tsgo', '--noEmit', '--singleThreaded', '-p', 'frontend/tsconfig.json'],
  'npm run lint': ['npm', 'run', '--silent', 'lint'],
  'npm run cycles': ['npm', 'run', '--silent', 'cycles'],
  'npm run knip': ['npm', 'run', '--silent', 'knip'],
  'npm run build:web': ['npm', 'run', '--silent', 'build:web'],
} satisfies Record<string, string[]>;

export type StepName = keyof typeof STEPS;

export interface StepResult {
  step: StepName;
  code: number;
  output: string;
  seconds: number;
}

/** Runs one step, its output kept (printed whole by `report`, so that steps side by side never interleave). */
export function runStep(step: StepName, { nice = false } = {}): Promise<StepResult> {
  const started = Date.now();
  const [command, ...args] = STEPS[step];
  // `nice -n 19`: the step takes only the CPU the other work leaves (see local/cli/test.ts).
  const [file, argv] = nice ? ['nice', ['-n', '19', command!, ...args]] : [command!, args];
  return new Promise((resolve) => {
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => (output += String(error)));
    child.on('close', (code) => resolve({ step, code: code ?? 1, output, seconds: (Date.now() - started) / 1000 }));
  });
}

/** Prints each step's outcome and output under its name; true when every one passed. */
export function report(results: StepResult[]): boolean {
  for (const { step, code, output, seconds } of results) {
    console.log(`── ${step}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(0)} s`);
    if (output.trim()) console.log(output.trimEnd());
  }
  return results.every((result) => result.code === 0);
}
