import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runningOwner, stopStaleChildren } from '../../local/stale-processes';

/**
 * `npm start` and `npm run reset` of a folder whose stack runs in another terminal (local/stale-processes.ts): a
 * trial's second start stopped the running stack's DynamoDB Local and cognito-local as if they were left over.
 */
const started: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A process that lives a minute; `tag` in its command line makes it look like one of the stack's children. */
function live(tag = ''): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)', tag].filter(Boolean), { stdio: 'ignore' });
  started.push(child);
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

function pidFile(content: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pids-'));
  dirs.push(dir);
  const file = path.join(dir, 'pids.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}

describe('a stack left running or left over', () => {
  it('is running while its starter lives: named, and its children left alone', async () => {
    const owner = live();
    const child = live('cognito/launcher.ts');
    const file = pidFile({ owner: owner.pid, children: [child.pid] });
    expect(runningOwner(file)).toBe(owner.pid);

    owner.kill('SIGKILL');
    await exited(owner);
    // Its starter gone (a crash, kill -9): the children are leftovers, stopped by the next start.
    expect(runningOwner(file)).toBeUndefined();
    expect(await stopStaleChildren(file)).toBe(1);
    await exited(child);
    expect(child.signalCode).toBe('SIGTERM');
  });

  it("never stops a process that is not one of the stack's, and reads an older run's bare list", async () => {
    const stranger = live();
    const file = pidFile([stranger.pid]);
    expect(runningOwner(file)).toBeUndefined();
    expect(await stopStaleChildren(file)).toBe(0);
    expect(stranger.exitCode).toBeNull();
  });
});
