// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { useUrlParam, useUrlSearchText } from '../../frontend/src/lib/use-url-state';

/**
 * The search lists' URL state (frontend/src/lib/use-url-state.ts): the setters keep one identity while the URL
 * changes, so the memoised filters and result rows built on them are not re-rendered by each URL write
 * (docs/benchmarks.md, "Search per keystroke").
 */
afterEach(cleanup);

interface Seen {
  setClass: ((value: string) => void)[];
  flush: (() => void)[];
  setText: ((value: string) => void)[];
  search: string[];
}

function Probe({ seen }: { seen: Seen }) {
  const [, setClass] = useUrlParam('class');
  const text = useUrlSearchText();
  seen.setClass.push(setClass);
  seen.flush.push(text.flush);
  seen.setText.push(text.setValue);
  seen.search.push(useLocation().search);
  return null;
}

describe('URL state setters', () => {
  it('keep their identity when the URL changes, and still write it', () => {
    const seen: Seen = { setClass: [], flush: [], setText: [], search: [] };
    render(
      <MemoryRouter initialEntries={['/parents']}>
        <Probe seen={seen} />
      </MemoryRouter>,
    );
    act(() => seen.setClass.at(-1)!('A1'));
    act(() => seen.setText.at(-1)!('tremblay'));
    act(() => seen.flush.at(-1)!());
    act(() => seen.setClass.at(-1)!('B2'));
    expect(seen.search.at(-1)).toBe('?class=B2&q=tremblay');
    expect(new Set(seen.search).size).toBe(4);
    expect(new Set(seen.setClass).size).toBe(1);
    expect(new Set(seen.flush).size).toBe(1);
  });
});
