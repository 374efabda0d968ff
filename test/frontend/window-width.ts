import { afterEach } from 'vitest';
import { act, cleanup } from '@testing-library/react';

/**
 * jsdom's window width for a file's tests (the app lays out for a phone below 1280 px): `setWidth` sets it and tells
 * the app (a resize event); after each test the screen is cleaned and the width put back.
 */
export function windowWidthPerTest(): (width: number) => void {
  const widthAtStart = window.innerWidth;
  const setWidth = (width: number) => {
    act(() => {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
      window.dispatchEvent(new Event('resize'));
    });
  };
  afterEach(() => {
    cleanup();
    setWidth(widthAtStart);
  });
  return setWidth;
}
