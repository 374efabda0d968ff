// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useParticipants } from '../../frontend/src/features/annual-update/hooks/use-participants';
import { participantRow } from './participant-row';

/**
 * The participants manager's search (hooks/use-participants.ts) finds a parent as the table writes the name
 * (« Beaudoin, Minh »), as people say it (« Minh Beaudoin »), without accents or case, and by class.
 */
const minh = participantRow({ parentId: '01JABCDEFGHJKMNPQRSTVWXYZ1', firstName: 'Minh', lastName: 'Beaudoin', email: 'minh@courriel.example', classes: [{ id: '01JABCDEFGHJKMNPQRSTVWXYA1', code: '301', name: '3e année A' }] });
const helene = participantRow({ parentId: '01JABCDEFGHJKMNPQRSTVWXYZ2', firstName: 'Hélène', lastName: "D'Amours-Côté", email: 'helene@courriel.example' });
const other = participantRow({ parentId: '01JABCDEFGHJKMNPQRSTVWXYZ3', firstName: 'Minh', lastName: 'Tran', email: 'tran@courriel.example' });
const rows = [minh, helene, other];

function found(query: string): string[] {
  const { result } = renderHook(() => useParticipants(rows));
  act(() => result.current.collection.actions.setFiltering(query));
  return result.current.collection.items.map((row) => `${row.firstName} ${row.lastName}`);
}

describe('participants search', () => {
  it('finds « Last, First » as the table writes it, and « First Last »', () => {
    expect(found('Beaudoin, Minh')).toEqual(['Minh Beaudoin']);
    expect(found('Minh Beaudoin')).toEqual(['Minh Beaudoin']);
    expect(found('minh')).toEqual(['Minh Beaudoin', 'Minh Tran']);
  });

  it('ignores accents, case and punctuation, and finds by email or class', () => {
    expect(found('helene amours cote')).toEqual(["Hélène D'Amours-Côté"]);
    expect(found('Côté, Hélène')).toEqual(["Hélène D'Amours-Côté"]);
    expect(found('tran@courriel')).toEqual(['Minh Tran']);
    expect(found('301')).toEqual(['Minh Beaudoin']);
    expect(found('')).toHaveLength(3);
  });
});
