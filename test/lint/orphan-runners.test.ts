import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeOrphanRunners } from '../setup/stack-bundle';

/** A process id that was used and is gone: a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

function folder(tmp: string, name: string, owner?: number, ageMs = 0): string {
  const dir = path.join(tmp, name);
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'shared-stack-runner.js'), '');
  if (owner !== undefined) writeFileSync(path.join(dir, 'owner.pid'), String(owner));
  const when = (Date.now() - ageMs) / 1000;
  utimesSync(dir, when, when);
  return dir;
}

describe("the test stacks' bundle folders (.tmp/stack-runners-*)", () => {
  it("removes those of runs killed before they removed their own, and keeps a running one's", () => {
    const tmp = mkdtempSync(path.join(tmpdir(), 'orphans-'));
    const running = folder(tmp, 'stack-runners-running', process.pid);
    const killed = folder(tmp, 'stack-runners-killed', deadPid());
    const oldWithoutOwner = folder(tmp, 'stack-runners-old', undefined, 2 * 60 * 60 * 1000);
    // Made a moment ago by a run that has not written its owner yet: kept.
    const newWithoutOwner = folder(tmp, 'stack-runners-new', undefined, 1_000);
    const other = folder(tmp, 'test-logs', undefined, 2 * 60 * 60 * 1000);

    expect(removeOrphanRunners(tmp).sort()).toEqual(['stack-runners-killed', 'stack-runners-old']);
    expect([running, killed, oldWithoutOwner, newWithoutOwner, other].map(existsSync)).toEqual([true, false, false, true, true]);
  });
});
