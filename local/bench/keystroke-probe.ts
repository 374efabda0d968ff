/**
 * Scripts the search benchmark runs inside the page (plain JS strings: they run in Chromium, not in Node).
 * Each keystroke leaves two User Timing marks, `<prefix><n>:start` in the key's own task and `<prefix><n>:end`
 * in the first task after the next frame was painted; chromium-trace.ts sums the CPU between them.
 */

/** Marks every keydown on the search box, and records in-page timings and the painted result counter. */
export function searchProbe(inputSelector: string, counterSelector: string): string {
  return `(() => {
    const input = document.querySelector(${JSON.stringify(inputSelector)});
    if (!input) throw new Error('search box not found');
    const bench = (window.__searchBench = { samples: [], filter: [] });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'directory-search:parents') bench.filter.push(entry.duration);
    }).observe({ entryTypes: ['measure'] });
    const afterTask = (callback) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = callback;
      channel.port2.postMessage(0);
    };
    let n = 0;
    document.addEventListener('keydown', (event) => {
      if (event.target !== input) return;
      const pressed = event.timeStamp;
      const mark = 'keystroke:' + n++;
      performance.mark(mark + ':start');
      // Runs once the key's task is over: keydown, input, and React's re-render flushed at its end.
      afterTask(() => {
        const script = performance.now() - pressed;
        requestAnimationFrame(() => {
          const frame = performance.now();
          document.documentElement.getBoundingClientRect();
          const layout = performance.now() - frame;
          // The first task after the frame: the frame has been painted.
          afterTask(() => {
            performance.mark(mark + ':end');
            const counter = document.querySelector(${JSON.stringify(counterSelector)})?.textContent ?? '';
            bench.samples.push({ work: script + layout, nextPaint: performance.now() - pressed, counter });
          });
        });
      });
    }, true);
  })()`;
}

/**
 * A bare \`<input>\` added at the top of the same page, outside React, marked the same way (prefix
 * \`baseline:\`): what a keystroke costs this machine and browser before the app does anything.
 */
export const BASELINE_INPUT_ID = 'bench-baseline-input';
export function baselineProbe(): string {
  return `(() => {
    const input = document.createElement('input');
    input.id = ${JSON.stringify(BASELINE_INPUT_ID)};
    document.body.prepend(input);
    const afterTask = (callback) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = callback;
      channel.port2.postMessage(0);
    };
    let n = 0;
    input.addEventListener('keydown', () => {
      const mark = 'baseline:' + n++;
      performance.mark(mark + ':start');
      afterTask(() => requestAnimationFrame(() => afterTask(() => performance.mark(mark + ':end'))));
    });
  })()`;
}
