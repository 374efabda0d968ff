// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { bodyPieces, MessageBody } from '../../frontend/src/features/messages/components/message-body';

/**
 * A message's text on the Messages page (docs/messages.md, "In the app"): its http(s) addresses are links, nothing
 * else of it is interpreted. Hostile bodies: script tags, an HTML link, a javascript: address.
 */
afterEach(cleanup);

const linksIn = (container: HTMLElement) => [...container.querySelectorAll('a')];

/** The text as the reader sees it, each link read as its address (without the "new tab" icon's label). */
function shownText(container: HTMLElement): string {
  for (const a of linksIn(container)) {
    expect(a.textContent?.trim()).toBe(a.getAttribute('href'));
    a.replaceWith(document.createTextNode(a.getAttribute('href') ?? ''));
  }
  return container.textContent ?? '';
}

describe('a message body', () => {
  it('makes its http and https addresses links that open in a new tab without handing over this page', () => {
    const text = "Les photos : https://ecole.example/photos?classe=A&an=2026.\nLe formulaire (http://forms.example/inscription), merci!";
    const { container } = render(<MessageBody text={text} />);
    const links = linksIn(container);
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://ecole.example/photos?classe=A&an=2026', 'http://forms.example/inscription']);
    for (const a of links) {
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
      expect(a.getAttribute('target')).toBe('_blank');
    }
    // The whole text is still there, punctuation and line break included.
    expect(shownText(container)).toBe(text);
  });

  it('shows tags as text and never links another scheme', () => {
    const text = [
      '<script>alert(1)</script>',
      '<a href="javascript:alert(2)">cliquez</a>',
      'javascript:alert(3)',
      '<img src=x onerror=alert(4)>',
      'data:text/html,<b>x</b> ftp://files.example/x',
    ].join('\n');
    const { container } = render(<MessageBody text={text} />);
    expect(linksIn(container)).toEqual([]);
    expect(container.querySelector('script, img, b')).toBeNull();
    expect(container.textContent).toBe(text);
  });

  it('links only the http(s) part of a disguised address, and keeps quotes and brackets out of it', () => {
    const text = 'javascript:alert(1)//https://evil.example/x "https://a.example/q"<https://b.example/r>';
    const { container } = render(<MessageBody text={text} />);
    expect(linksIn(container).map((a) => a.getAttribute('href'))).toEqual([
      'https://evil.example/x',
      'https://a.example/q',
      'https://b.example/r',
    ]);
    expect(shownText(container)).toBe(text);
  });

  it('keeps a text without an address as one piece', () => {
    expect(bodyPieces('Bonjour à tous')).toEqual([{ kind: 'text', text: 'Bonjour à tous' }]);
    expect(bodyPieces('')).toEqual([]);
  });
});
