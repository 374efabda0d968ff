/**
 * Scripts the search benchmark runs inside the page (plain JS strings: they run in Chromium, not in Node).
 * Each keystroke leaves User Timing marks: `<prefix><n>:start` in the key's own task, `<prefix><n>:end` in a
 * requestAnimationFrame callback of the next frame, and (search box only) `<prefix><n>:results` in one of the
 * frame that paints the results of the new query. A frame's rAF callbacks, style, layout, paint and commit
 * run in one main-thread task, so chromium-trace.ts, which sums the CPU of the tasks from the start mark to
 * the task holding the end mark (counted whole), counts up to that frame painted, and nothing queued after it.
 */

/**
 * Marks every keydown on the search box, and records in-page timings and the painted result counter. The
 * lists render their results a frame after the search box (useDeferredSearchText) and say so with
 * `aria-busy="true"` on the results (`resultsSelector`): the results of a key are committed once that
 * attribute is back to "false" (a MutationObserver sees it), and painted at the next frame.
 */
export function searchProbe(inputSelector: string, counterSelector: string, resultsSelector: string): string {
  return `(() => {
    const input = document.querySelector(${JSON.stringify(inputSelector)});
    const results = document.querySelector(${JSON.stringify(resultsSelector)});
    if (!input) throw new Error('search box not found');
    if (!results) throw new Error('results not found');
    const bench = (window.__searchBench = { samples: [], filter: [] });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'directory-search:parents') bench.filter.push(entry.duration);
    }).observe({ entryTypes: ['measure'] });
    const afterTask = (callback) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = callback;
      channel.port2.postMessage(0);
    };
    const busy = () => results.getAttribute('aria-busy') === 'true';
    /** The keystroke whose results are being waited for. */
    let waiting = null;
    /** In a frame's rAF callback (\`now\`: this one, already running), or else in the next frame's. */
    const resultsPainted = (key, now) => {
      const inFrame = () => {
        performance.mark(key.mark + ':results');
        // The first task after the frame: the frame has been painted.
        afterTask(() => {
          key.sample.resultsPaint = performance.now() - key.pressed;
          key.sample.counter = document.querySelector(${JSON.stringify(counterSelector)})?.textContent ?? '';
          key.done();
        });
      };
      if (now) inFrame();
      else requestAnimationFrame(inFrame);
    };
    new MutationObserver(() => {
      if (waiting && !busy()) {
        const key = waiting;
        waiting = null;
        resultsPainted(key, false);
      }
    }).observe(results, { attributes: true, attributeFilter: ['aria-busy'] });
    let n = 0;
    document.addEventListener('keydown', (event) => {
      if (event.target !== input) return;
      const key = { mark: 'keystroke:' + n++, pressed: event.timeStamp, sample: {}, parts: 0 };
      key.done = () => { if (++key.parts === 2) bench.samples.push(key.sample); };
      performance.mark(key.mark + ':start');
      // Asked for in the key's own task, so it runs in the first frame after it (Chromium may run that frame
      // before any other task: a callback asked for later could land a frame late).
      requestAnimationFrame(() => {
        performance.mark(key.mark + ':end');
        // The key's task is over (keydown, input, and React's render of the search box flushed at its end):
        // are the results still those of the previous query?
        if (busy()) waiting = key;
        else resultsPainted(key, true);
        // The first task after the frame: the frame has been painted.
        afterTask(() => {
          key.sample.nextPaint = performance.now() - key.pressed;
          key.done();
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
      requestAnimationFrame(() => performance.mark(mark + ':end'));
    });
  })()`;
}
