// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { scrollFocusClearOfHeader, useFocusClearOfHeader } from '../../frontend/src/components/layout/focus-clear-of-header';

/**
 * At 200 % zoom, Shift+Tab up a form left the focused field under the sticky header and the phone's toolbar (a
 * trial's); the page's scroll-padding did not help in Chromium for a field still partly on screen. What has the
 * focus is scrolled clear of the bars (jsdom has no layout: the boxes are given).
 */
afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const box = (el: Element, top: number, bottom: number) =>
  vi.spyOn(el, 'getBoundingClientRect').mockReturnValue({ top, bottom, left: 0, right: 0, width: 0, height: bottom - top, x: 0, y: top, toJSON: () => ({}) });

function page() {
  document.body.innerHTML = `
    <div id="app-top-nav"><a href="/">Bottin</a></div>
    <div class="awsui_mobile-toolbar_x1"><button>Menu</button></div>
    <main><input id="first"><div role="dialog"><input id="inDialog"></div></main>`;
  box(document.getElementById('app-top-nav')!, 0, 48);
  box(document.querySelector('[class*="awsui_mobile-toolbar"]')!, 48, 88);
}

describe('the focus scrolled clear of the sticky bars', () => {
  it('scrolls a field the bars cover down below them', () => {
    page();
    const scroll = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);
    box(document.getElementById('first')!, 60, 92);
    scrollFocusClearOfHeader(document.getElementById('first'));
    expect(scroll).toHaveBeenCalledWith({ top: 60 - 88 - 16 });
  });

  it('leaves alone a field in view, the bars themselves and a dialog', () => {
    page();
    const scroll = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);
    box(document.getElementById('first')!, 200, 232);
    scrollFocusClearOfHeader(document.getElementById('first'));
    box(document.getElementById('inDialog')!, 10, 40);
    scrollFocusClearOfHeader(document.getElementById('inDialog'));
    scrollFocusClearOfHeader(document.querySelector('#app-top-nav a'));
    expect(scroll).not.toHaveBeenCalled();
  });

  // A tap focuses what is under the finger: scrolling then would move it away between the press and the release, and
  // the click was lost (a journey's checkbox stayed unticked). Only the Tab key's focus is moved clear.
  it('moves the focus Tab gave, not the focus a tap gave', () => {
    page();
    const scroll = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);
    const field = document.getElementById('first')!;
    box(field, 60, 92);
    const { unmount } = renderHook(() => useFocusClearOfHeader());
    field.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(scroll).not.toHaveBeenCalled();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    field.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(scroll).toHaveBeenCalledTimes(1);
    unmount();
  });
});
