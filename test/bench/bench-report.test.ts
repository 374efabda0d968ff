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
  });
});
