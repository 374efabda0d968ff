import type { Message } from '@shared/contracts/messages-api';

/**
 * A class representative's message as the API answers it (shared/contracts/messages-api.ts), sent to class A; the
 * fields a test cares about given in `overrides`. Used by the jsdom screens' tests and the email's.
 */
export function classMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: '01K3J4A0S00000000000000001',
    createdAt: '2026-11-30T12:00:00.000Z',
    author: { name: 'Geneviève Thibault', role: { fr: 'Parent représentant de la classe', en: 'Class parent representative' }, personType: 'PARENT', personId: '01K3J4A0S00000000000000002' },
    audience: { type: 'class', classId: '01K3J4A0S00000000000000003' },
    audienceLabel: { fr: 'Classe A', en: 'Class A' },
    category: 'class',
    subject: { fr: 'Sortie' },
    body: { fr: 'Bonjour' },
    status: 'sent',
    counts: { recipients: 46, pending: 0, sent: 46, skipped: 0, failed: 0 },
    ...overrides,
  };
}
