// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { AdminMessagesResponse } from '@shared/contracts/messages-api';
import { PendingApprovals } from '../../frontend/src/features/home/components/pending-approvals';
import { adminMessagesKey } from '../../frontend/src/lib/api/admin-query-keys';
import { meKey } from '../../frontend/src/lib/api/me-queries';
import { classMessage } from '../support/message-fixture';
import { renderWithAnswers } from './render-screen';

afterEach(cleanup);

const me = (isAdmin: boolean) => ({ email: 'a@ecole.example', displayName: 'A', userType: 'staff', personIds: [], isAdmin });
const messages = (pending: number): AdminMessagesResponse => ({
  messages: [
    classMessage({ id: '01K3J4A0S00000000000000010', status: 'sent' }),
    ...Array.from({ length: pending }, (_, i) => classMessage({ id: `01K3J4A0S0000000000000002${i}`, status: 'pendingApproval' })),
  ],
  settings: { classRepresentatives: true, committeeChairs: true, teachers: true, approveRepresentatives: true, withdrawn: [], version: 1 },
} as AdminMessagesResponse);

describe("the home page's line about messages waiting for an administrator's approval", () => {
  it('tells an administrator how many wait, with the way to them, in French and English', () => {
    renderWithAnswers(<PendingApprovals />, { locale: 'fr', answers: [[meKey, me(true)], [adminMessagesKey, messages(2)]] });
    const link = screen.getByRole('link', { name: '2 messages attendent votre approbation avant de partir.' });
    expect(link.getAttribute('href')).toBe('/admin/messages');
    cleanup();
    renderWithAnswers(<PendingApprovals />, { locale: 'en', answers: [[meKey, me(true)], [adminMessagesKey, messages(1)]] });
    expect(screen.getByRole('link', { name: '1 message is waiting for your approval before it goes out.' })).toBeTruthy();
  });

  it('says nothing when none waits, or to someone who is not an administrator', () => {
    const none = renderWithAnswers(<PendingApprovals />, { locale: 'fr', answers: [[meKey, me(true)], [adminMessagesKey, messages(0)]] });
    expect(none.container.textContent).toBe('');
    cleanup();
    const member = renderWithAnswers(<PendingApprovals />, { locale: 'fr', answers: [[meKey, me(false)], [adminMessagesKey, messages(3)]] });
    expect(member.container.textContent).toBe('');
  });
});
