import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

/** Small helpers shared by the benchmark scripts: timing, percentiles, and docs/benchmarks.md sections. */

export interface Timing {
  runs: number;
  p50: number;
  p95: number;
  min: number;
  max: number;
}

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * Runs `task` a few times to warm up, then up to `runs` times or until `budgetMs` is spent (whichever comes
 * first, at least 5 runs), and reports milliseconds.
 */
export async function measure(task: () => Promise<unknown> | unknown, runs: number, budgetMs = 60_000): Promise<Timing> {
  for (let i = 0; i < 3; i++) await task();
  const samples: number[] = [];
  const deadline = Date.now() + budgetMs;
  while (samples.length < runs && (samples.length < 5 || Date.now() < deadline)) {
    const start = performance.now();
    await task();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return {
    runs: samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    min: samples[0]!,
    max: samples[samples.length - 1]!,
  };
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Where the figures come from: they mean little without the machine. */
export function machineLine(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim().replace(/\s+/g, ' ') ?? 'unknown CPU';
  const date = new Date().toISOString().slice(0, 10);
  return (
    `${date} · ${model}, ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM · ` +
    `Node ${process.version} · ${os.platform()} ${os.release()}`
  );
}

const HEADER = `# Benchmarks

Figures measured on one machine with the scripts named in each section (\`npm run bench\` runs them all). Each
section is rewritten by its script; compare runs on the same machine only.
`;

/**
 * The machine's load around one benchmark run: the 1-minute load average before and after, the core count, and
 * (on Linux) how many cores other processes kept busy on average during the run, `others`: the machine's busy CPU
 * time less this benchmark's own (its process and every process it started: DynamoDB Local, Chromium...), over
 * the run's wall time.
 */
export interface LoadReading {
  before: number;
  after: number;
  cores: number;
  others?: number;
}

/**
 * Busy CPU seconds of the whole machine (/proc/stat) and of this process's tree (/proc/<pid>/stat), Linux only,
 * counted two ways, each of which can only miss time, never count it twice:
 * - `own`: this process, plus the last value seen of every descendant (sampled every SAMPLE_MS; catches the
 *   processes that end without being waited for, such as Chromium's renderers at close);
 * - `ownReaped`: this process, the children it has waited for (the kernel's cutime and cstime: their whole time,
 *   however short they lived, and that of their own waited-for children), plus every descendant alive now with
 *   its own waited-for children (catches the processes shorter than one sampling period: the 20 Node processes
 *   per bundle of bench:footprint, its esbuild runs).
 * The larger of the two is the benchmark's own work.
 */
interface CpuSample {
  at: number;
  machine: number;
  own: number;
  ownReaped: number;
}

const TICKS_PER_SECOND = 100;

function readTicks(file: string): number[] | undefined {
  try {
    const text = readFileSync(file, 'utf8');
    // /proc/<pid>/stat: the command name (field 2) may hold spaces; fields after its closing parenthesis.
    return text.slice(text.lastIndexOf(')') + 2).split(' ').map(Number);
  } catch {
    return undefined;
  }
}

interface ProcessTimes {
  parent: number;
  /** Its own utime + stime. */
  seconds: number;
  /** The cutime + cstime of the children it has waited for. */
  reaped: number;
  started: number;
}

/** A process's own CPU seconds, its waited-for children's, its parent, and its start time (pids are reused). */
function processTimes(pid: number | 'self'): ProcessTimes | undefined {
  const fields = readTicks(`/proc/${pid}/stat`);
  if (!fields) return undefined;
  // After the name: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14) ... starttime(19).
  return {
    parent: fields[1]!,
    seconds: (fields[11]! + fields[12]!) / TICKS_PER_SECOND,
    reaped: (fields[13]! + fields[14]!) / TICKS_PER_SECOND,
    started: fields[19]!,
  };
}

/**
 * CPU seconds of every process this benchmark started (DynamoDB Local, Chromium and its renderers...), the last
 * value seen of each, sampled every SAMPLE_MS while the benchmark runs: a process that ends keeps what it had
 * used, even when its parent ended first and nobody counted it as a child (Chromium's renderers at close). What
 * a process uses after its last sample, or a process shorter than one period, is missed: the figure errs on the
 * side of counting it as other work.
 */
const descendants = new Map<string, number>();
const SAMPLE_MS = 250;

/** Samples the descendants; returns the CPU seconds of those alive now, with their waited-for children. */
function sampleDescendants(): number {
  const processes = new Map<number, ProcessTimes>();
  let alive = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const times = processTimes(Number(entry));
    if (times) processes.set(Number(entry), times);
  }
  for (const [pid, times] of processes) {
    if (pid === process.pid) continue;
    let ancestor: number | undefined = times.parent;
    while (ancestor && ancestor !== process.pid) ancestor = processes.get(ancestor)?.parent;
    if (ancestor !== process.pid) continue;
    descendants.set(`${pid}:${times.started}`, times.seconds);
    alive += times.seconds + times.reaped;
  }
  return alive;
}

export function cpuSample(): CpuSample | undefined {
  if (os.platform() !== 'linux') return undefined;
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
    // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
    const machine = (ticks.slice(0, 8).reduce((a, b) => a + b, 0) - ticks[3]! - ticks[4]!) / TICKS_PER_SECOND;
    const alive = sampleDescendants();
    const self = process.cpuUsage();
    let own = (self.user + self.system) / 1e6;
    for (const seconds of descendants.values()) own += seconds;
    const ownReaped = (self.user + self.system) / 1e6 + (processTimes('self')?.reaped ?? 0) + alive;
    return { at: performance.now(), machine, own, ownReaped };
  } catch {
    return undefined;
  }
}

/** Read when the benchmark starts: every benchmark script imports this module before it measures anything. */
const LOAD_AT_START = os.loadavg()[0]!;
const CPU_AT_START = cpuSample();
if (CPU_AT_START) setInterval(() => cpuSample(), SAMPLE_MS).unref();

export function loadReading(before = LOAD_AT_START): LoadReading {
  const cores = os.cpus().length;
  const now = cpuSample();
  const reading: LoadReading = { before, after: os.loadavg()[0]!, cores };
  if (CPU_AT_START && now && now.at > CPU_AT_START.at) {
    const own = Math.max(now.own - CPU_AT_START.own, now.ownReaped - CPU_AT_START.ownReaped);
    const others = now.machine - CPU_AT_START.machine - own;
    reading.others = Math.max(0, others / ((now.at - CPU_AT_START.at) / 1000));
  }
  return reading;
}

/** Other processes may keep this much of one core busy, on average, before the figures count as taken under load. */
export const OTHER_WORK_LIMIT = 0.25;

/**
 * Figures taken while other work shared the cores are not comparable with quiet ones: they never replace the quiet
 * section. They go to a section of their own, "<title> (measured under load)", which says so; the quiet figures
 * stay as they were. Where other processes' CPU time is known (Linux), that decides: more than OTHER_WORK_LIMIT of a
 * core on average during the run. The load average alone cannot: a benchmark's own processes (DynamoDB Local,
 * Chromium, the stack) raise it, and in `npm run bench` the previous script's tail is still in the next one's
 * "before". Elsewhere, a load average above the core count, before or after the run, decides.
 */
export function sectionFor(title: string, load: LoadReading): { title: string; loadLine: string; underLoad: boolean } {
  const underLoad =
    load.others === undefined ? Math.max(load.before, load.after) > load.cores : load.others > OTHER_WORK_LIMIT;
  const othersText = load.others === undefined ? '' : `; other processes used ${load.others.toFixed(2)} core on average during the run`;
  const figures = `load average ${load.before.toFixed(1)} before, ${load.after.toFixed(1)} after, ${load.cores} cores${othersText}`;
  return underLoad
    ? {
        title: `${title} (measured under load)`,
        loadLine: `**Measured under load** (${figures}): other work shared the cores, so these figures overstate the times; the "${title}" section keeps the last quiet run.`,
        underLoad,
      }
    : { title, loadLine: `Quiet machine: ${figures}.`, underLoad };
}

/**
 * Writes a benchmark's section of a markdown file with the load it ran under (see sectionFor): the `## <title>`
 * section on a quiet machine, else the "(measured under load)" one. Returns the title written.
 */
export function writeSection(file: string, title: string, body: string, load: LoadReading = loadReading()): string {
  const target = sectionFor(title, load);
  if (target.underLoad) console.warn(`! ${target.loadLine}`);
  replaceSection(file, target.title, `${target.loadLine}\n\n${body.trim()}`);
  // Quiet figures supersede older ones taken under load: that section goes.
  if (!target.underLoad) replaceSection(file, sectionFor(title, { ...load, others: Infinity }).title, undefined);
  return target.title;
}

/**
 * Replaces the `## <title>` section of a markdown file (up to the next `## ` heading) with `body`, or appends
 * it; without a body, removes the section. Other sections are left as they are, so each benchmark owns its own section.
 */
function replaceSection(file: string, title: string, body: string | undefined): void {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : HEADER;
  const section = body === undefined ? '' : `## ${title}\n\n${body.trim()}\n`;
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line === `## ${title}`);
  if (start < 0) {
    if (body === undefined) return;
    writeFileSync(file, `${text.trimEnd()}\n\n${section}`);
    return;
  }
  const next = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  const before = lines.slice(0, start).join('\n').trimEnd();
  const after = next < 0 ? '' : `\n${lines.slice(next).join('\n')}`;
  writeFileSync(file, `${before}\n\n${section}${after}`.replace(/\n*$/, '\n'));
}
