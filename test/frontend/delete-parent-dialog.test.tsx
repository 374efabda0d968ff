// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { DeleteRecordModal } from '../../frontend/src/features/admin-data/components/delete-record-modal';
import { renderWithAnswers } from './render-screen';

/** Deleting a parent says which children it leaves with no parent in the directory (a trial's was unwarned). */
afterEach(cleanup);

const target = { kind: 'parent' as const, id: '01HZY00000000000000000000P1', version: 2, name: 'Hélène Roy' };

describe("a parent's delete dialog", () => {
  it.each([
    ['fr', "Zoé D'Amours n'aura plus aucun parent au bottin"],
    ['en', "Zoé D'Amours will have no parent left in the directory"],
  ] as const)('%s: names the child left without a parent', (locale, said) => {
    renderWithAnswers(
      <DeleteRecordModal target={target} parents={[]} childrenLeft={["Zoé D'Amours"]} onDismiss={() => undefined} onDeleted={() => undefined} onReload={() => undefined} />,
      { locale, answers: [] },
    );
    expect(screen.getByRole('dialog').textContent).toContain(said);
  });

  it('says nothing of it when every child keeps a parent', () => {
    renderWithAnswers(<DeleteRecordModal target={target} parents={[]} onDismiss={() => undefined} onDeleted={() => undefined} onReload={() => undefined} />, {
      locale: 'fr',
      answers: [],
    });
    expect(screen.getByRole('dialog').textContent).not.toContain('aucun parent');
  });

  // « Cette action est irréversible » then « Cette action ne peut pas être annulée »: a trial read it twice.
  it.each([
    ['fr', /irréversible|ne peut pas être annulée/g],
    ['en', /cannot be undone/g],
  ] as const)('%s: says once that it cannot be undone', (locale, finality) => {
    renderWithAnswers(<DeleteRecordModal target={target} parents={[]} onDismiss={() => undefined} onDeleted={() => undefined} onReload={() => undefined} />, {
      locale,
      answers: [],
    });
    expect(screen.getByRole('dialog').textContent!.match(finality)).toHaveLength(1);
  });
});
