import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Typing pauses this long before the URL follows: a router navigation per keystroke would cost a frame each. */
export const URL_WRITE_DELAY_MS = 300;

function withParam(params: URLSearchParams, key: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
}

type SetParams = ReturnType<typeof useSearchParams>[1];

/**
 * React Router's setSearchParams, with one identity for the component's life. The router's own changes identity
 * whenever the URL does, so every setter and callback built on it did too: each URL write (once typing pauses)
 * re-rendered the memoised filters and result rows of a list, a Cloudscape Select included, since their
 * callbacks looked new (docs/benchmarks.md, "Search per keystroke"). Only called from events and timers.
 */
function useStableSetParams(setParams: SetParams): SetParams {
  const latest = useRef(setParams);
  useEffect(() => {
    latest.current = setParams;
  }, [setParams]);
  return useCallback<SetParams>((next, options) => latest.current(next, options), []);
}

export interface UrlSearchText {
  value: string;
  setValue: (value: string) => void;
  /**
   * Writes a pending value to the URL now. Call it when the search box loses focus: a link followed right
   * after typing (a quick-search hit) must navigate AFTER this page's own URL update, never be overtaken by
   * it, and a click or a tap always moves the focus first.
   */
  flush: () => void;
}

/**
 * A search box's text, kept in the URL (`?q=...`) so a view can be shared or bookmarked. The screen filters on
 * the local value at every keystroke; the URL is rewritten (replace, no new history entry) once typing pauses
 * or the box loses focus. A URL changed from outside (a link with `?q=`, back and forward) wins.
 */
export function useUrlSearchText(key = 'q'): UrlSearchText {
  const [params, setParams] = useSearchParams();
  const write = useStableSetParams(setParams);
  const fromUrl = params.get(key) ?? '';
  const [value, setValue] = useState(fromUrl);
  const written = useRef(fromUrl);
  const latest = useRef(value);
  latest.current = value;

  useEffect(() => {
    if (fromUrl === written.current) return;
    written.current = fromUrl;
    setValue(fromUrl);
  }, [fromUrl]);

  const flush = useCallback(() => {
    const pending = latest.current;
    if (pending === written.current) return;
    written.current = pending;
    write((current) => withParam(current, key, pending), { replace: true });
  }, [key, write]);

  useEffect(() => {
    if (value === written.current) return;
    const timer = window.setTimeout(flush, URL_WRITE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [value, flush]);

  return { value, setValue, flush };
}

export interface DeferredSearchText extends UrlSearchText {
  /** The query the results show: `value`, or a frame behind it when the results change. */
  results: string;
  /** The results are still those of an earlier query (`results !== value`). */
  pending: boolean;
}

/**
 * useUrlSearchText, with the results following the box. A keystroke after which the list would show other rows
 * updates the box alone in its own frame (so typing is never held up by the list), then, once that frame is
 * painted, renders the results as a React transition, which React interrupts if another key comes
 * (https://react.dev/reference/react/startTransition). React's useDeferredValue does the same without the
 * wait for the paint, and its render often ran before the box's frame. A keystroke after which the same rows
 * stay (`sameRows(next)`: the list's own answer, from its search; only the highlighted letters and the
 * count change) renders the box and the results together: one frame instead of two. A query set from the URL
 * (a link, back and forward) is always deferred. Render the results from `results`, in components memoised so
 * that they skip the keystroke's own render (docs/benchmarks.md, "Search per keystroke").
 */
export function useDeferredSearchText(key = 'q', sameRows?: (next: string) => boolean): DeferredSearchText {
  const text = useUrlSearchText(key);
  const [results, setResults] = useState(text.value);
  const { setValue: setText } = text;
  const shown = useRef(results);
  shown.current = results;
  const same = useRef(sameRows);
  same.current = sameRows;
  const setValue = useCallback(
    (next: string) => {
      setText(next);
      // Same event, same render: the box and the results in one frame.
      if (same.current?.(next)) setResults(next);
    },
    [setText],
  );

  const wanted = text.value;
  useEffect(() => {
    if (wanted === shown.current) return;
    let timer: number | undefined;
    // After the next frame: requestAnimationFrame runs just before it, the timer right after it.
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setResults(wanted)), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [wanted]);
  return { ...text, setValue, results, pending: results !== text.value };
}

/** A filter choice kept in the URL (`?level=G3`), written at once: a select changes rarely. */
export function useUrlParam(key: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const write = useStableSetParams(setParams);
  const value = params.get(key) ?? '';
  const set = useCallback(
    (next: string) => write((current) => withParam(current, key, next), { replace: true }),
    [key, write],
  );
  return [value, set];
}

/**
 * A guided flow's step kept in the URL (`?step=review`; the first step has none): a reload stays on the step, and
 * the browser's Back returns to the previous one, since each move is a history entry. An unknown step reads as
 * the first.
 */
export function useUrlStep(key: string, steps: readonly string[]): [number, (index: number) => void] {
  const [params, setParams] = useSearchParams();
  const write = useStableSetParams(setParams);
  const index = Math.max(0, steps.indexOf(params.get(key) ?? ''));
  const set = useCallback(
    (next: number) => write((current) => withParam(current, key, next > 0 ? (steps[next] ?? '') : '')),
    [key, steps, write],
  );
  return [index, set];
}
