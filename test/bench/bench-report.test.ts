import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sectionFor, writeSection } from '../../local/bench/bench-report';

const quiet = { before: 0.4, after: 1.9, cores: 2 };
const busyAfter = { before: 1.0, after: 3.5, cores: 2 };
const busyBefore = { before: 6.2, after: 1.0, cores: 2 };

describe('benchmark report under load', () => {
  it('writes the section itself when the load stayed at or below the core count', () => {
    expect(sectionFor('Import', quiet)).toMatchObject({ title: 'Import', underLoad: false });
    expect(sectionFor('Import', { before: 2, after: 2, cores: 2 }).underLoad).toBe(false);
  });

  it('marks the figures as measured under load when the load exceeded the cores, before or after', () => {
    for (const load of [busyAfter, busyBefore]) {
      const target = sectionFor('Import', load);
      expect(target).toMatchObject({ title: 'Import (measured under load)', underLoad: true });
      expect(target.loadLine).toContain(`${load.before.toFixed(1)} before, ${load.after.toFixed(1)} after, 2 cores`);
    }
  });

  it('never replaces quiet figures with figures taken under load', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-report-')), 'benchmarks.md');
    writeFileSync(file, '# Benchmarks\n\n## Import\n\nquiet figures\n\n## Search\n\nsearch figures\n');
    expect(writeSection(file, 'Import', 'busy figures', busyAfter)).toBe('Import (measured under load)');
    let text = readFileSync(file, 'utf8');
    expect(text).toContain('## Import\n\nquiet figures');
    expect(text).toMatch(/## Import \(measured under load\)\n\n\*\*Measured under load\*\*[^\n]*\n\nbusy figures/);
    expect(text).toContain('## Search\n\nsearch figures');

    writeSection(file, 'Import', 'new quiet figures', quiet);
    text = readFileSync(file, 'utf8');
    expect(text).toContain('## Import\n\nQuiet machine: load average 0.4 before, 1.9 after, 2 cores.\n\nnew quiet figures');
    expect(text).not.toContain('\nquiet figures');
    // The quiet run supersedes the older figures taken under load.
    expect(text).not.toContain('## Import (measured under load)');
    expect(text).toContain('## Search\n\nsearch figures');
  });
});

describe('benchmark report: other processes decide where the CPU time is known', () => {
  it('is quiet when only the benchmark itself raised the load average', () => {
    expect(sectionFor('Import', { before: 2.6, after: 3.4, cores: 2, others: 0.05 })).toMatchObject({ title: 'Import', underLoad: false });
  });

  it('is under load when other processes kept more than a quarter of a core busy, whatever the load average', () => {
    const target = sectionFor('Import', { before: 0.3, after: 1.2, cores: 2, others: 0.9 });
    expect(target).toMatchObject({ title: 'Import (measured under load)', underLoad: true });
    expect(target.loadLine).toContain('other processes used 0.90 core on average during the run');
  });

  /**
   * Runs `iterations` of a fixed amount of work (not of time) in a child Node process, then `pauseMs`; returns the
   * child's own CPU seconds and the benchmark's CPU samples taken before it started and after it ended.
   */
  async function childWork(iterations: number, pauseMs: number) {
    const { cpuSample } = await import('../../local/bench/bench-report');
    const { execFile } = await import('node:child_process');
    const before = cpuSample()!;
    const script =
      `require('node:crypto').pbkdf2Sync('x', 'y', ${iterations}, 32, 'sha256'); const u = process.cpuUsage();` +
      `console.log((u.user + u.system) / 1e6); setTimeout(() => {}, ${pauseMs})`;
    const output = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['-e', script], (error, stdout) => (error ? reject(error) : resolve(stdout))),
    );
    return { childSeconds: Number(output), before, after: cpuSample()! };
  }

  // Linux only (/proc), as every machine this project runs on.
  it('counts the CPU time of a process it started as its own, not as other work', async () => {
    // A pause after the work, so that the sampler sees the child's last figure.
    const { childSeconds, before, after } = await childWork(300_000, 700);
    expect(childSeconds).toBeGreaterThan(0.05);
    // Ticks are 10 ms; the child's start-up before its own count: allow a little either side.
    expect(after.own - before.own).toBeGreaterThanOrEqual(childSeconds - 0.03);
    expect(after.machine - before.machine).toBeGreaterThanOrEqual(childSeconds - 0.03);
  });

  it('counts a child shorter than one sampling period as its own too, once it has ended', async () => {
    // Work, then exit at once: the sampler (every 250 ms) may never see this process alive.
    const { childSeconds, before, after } = await childWork(100_000, 0);
    expect(childSeconds).toBeGreaterThan(0.02);
    expect(after.ownReaped - before.ownReaped).toBeGreaterThanOrEqual(childSeconds - 0.03);
  });
});
