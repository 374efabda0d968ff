// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { SendProgress } from '../../frontend/src/features/messages/components/send-progress';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { Message } from '@shared/contracts/messages-api';
import { classMessage } from '../support/message-fixture';

/**
 * A message's state under the compose form and in the author's « Envoyés » (docs/messages.md). A new user's trial: a
 * representative's message held for approval showed a bar under « Envoi des courriels » with « Envoyés : 0 », read as
 * a sending under way; it now says it waits, in words, with no bar.
 */
afterEach(cleanup);

const message = (status: Message['status'], pending: number, sent: number): Message =>
  classMessage({ status, counts: { recipients: 46, pending, sent, skipped: 0, failed: 0 } });

const show = (lang: 'fr' | 'en', m: Message) => render(<I18nextProvider i18n={createI18n(lang)}><SendProgress message={m} /></I18nextProvider>);

describe("a message's state for its author", () => {
  it.each([
    ['fr', 'pendingApproval', "Message enregistré\u00a0: il partira dès qu'une personne administratrice l'aura approuvé."],
    ['en', 'pendingApproval', 'Message saved: it goes out once an administrator approves it.'],
    ['fr', 'rejected', 'Message refusé.'],
  ] as const)('%s, %s: in words, with no sending bar', (lang, status, text) => {
    show(lang, message(status, status === 'pendingApproval' ? 46 : 0, 0));
    expect(document.body.textContent).toContain(text);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(document.body.textContent).not.toMatch(/Envoi des courriels|Sending the emails/);
  });

  it('while sending: the bar, with the emails handled out of the recipients', () => {
    show('fr', message('sending', 23, 23));
    expect((screen.getByRole('progressbar') as HTMLProgressElement).value).toBe(50);
  });

  it.each([
    ['fr', '0\u00a0%', '50\u00a0%'],
    ['en', '0%', '50%'],
  ] as const)("writes its percentage as the reader's language does, « 0 % » in French (%s)", (lang, start, half) => {
    show(lang, message('sending', 46, 0));
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuetext')).toBe(start);
    expect(bar.parentElement!.parentElement!.textContent).toContain(start);
    cleanup();
    show(lang, message('sending', 23, 23));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe(half);
  });
});
