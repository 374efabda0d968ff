import type { CDPSession } from 'playwright-core';

/**
 * Main-thread CPU time from a Chromium trace, between pairs of User Timing marks the page leaves. Wall-clock
 * times on a busy machine measure the machine; a task's thread time (`tdur` in the Trace Event Format,
 * https://docs.google.com/document/d/1CvAClvFfyA5R-PhYUmn5OOQtYMH4h6I0nSsKchNAySU) measures what the page cost.
 */
interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

const TOP_LEVEL_TASK = 'ThreadControllerImpl::RunTask';

/** Records a trace of the renderer's tasks and User Timing marks while `run` runs. */
export async function traced<T>(cdp: CDPSession, run: () => Promise<T>): Promise<{ result: T; events: TraceEvent[] }> {
  const events: TraceEvent[] = [];
  const collect = ({ value }: { value: object[] }) => events.push(...(value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', {
    categories: 'toplevel,blink.user_timing,devtools.timeline',
    transferMode: 'ReportEvents',
  });
  let result: T;
  try {
    result = await run();
  } finally {
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
  }
  return { result, events };
}

/**
 * For each n, the CPU milliseconds of the main-thread tasks that ran between marks `${prefix}${n}:start` and
 * `${prefix}${n}:${end}` (`end` by default), counting whole the tasks in which the start and the end marks
 * were made (an end mark made in a requestAnimationFrame callback thus counts that frame's style, layout,
 * paint and commit).
 */
export function cpuBetweenMarks(events: TraceEvent[], prefix: string, endMark = 'end'): number[] {
  const marks = new Map<string, TraceEvent>();
  for (const event of events) if (event.name.startsWith(prefix)) marks.set(event.name, event);
  const anyMark = marks.values().next().value as TraceEvent | undefined;
  if (!anyMark) return [];
  // Marks may be recorded off the main thread (as async events): the tasks are those of the page's main thread.
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === anyMark.pid && e.args?.name === 'CrRendererMain',
  );
  const tid = main?.tid ?? anyMark.tid;
  const onMain = events.filter((e) => e.pid === anyMark.pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined);
  // The scheduler's top-level task event; older builds (or the devtools categories) call it RunTask.
  const taskName = onMain.some((e) => e.name === TOP_LEVEL_TASK) ? TOP_LEVEL_TASK : 'RunTask';
  const tasks = onMain.filter((e) => e.name === taskName);
  const result: number[] = [];
  for (let n = 0; marks.has(`${prefix}${n}:start`); n++) {
    const start = marks.get(`${prefix}${n}:start`)!.ts;
    const end = marks.get(`${prefix}${n}:${endMark}`)?.ts;
    if (end === undefined) break;
    const cpu = tasks
      .filter((task) => task.ts < end && task.ts + task.dur! > start)
      .reduce((sum, task) => sum + (task.tdur ?? task.dur!), 0);
    result.push(cpu / 1000);
  }
  return result;
}
