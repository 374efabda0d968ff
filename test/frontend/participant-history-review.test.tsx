// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ParticipantHistory } from '../../frontend/src/features/annual-update/components/participant-history';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { participantEventText } from '../../frontend/src/lib/participant-events';
import { participantRow } from './participant-row';

/**
 * A review decision in the parent's campaign history (the participants' « Historique », My data's file): which kinds
 * of information were published or not, in the reader's language; a trial found the decision left no trace there.
 */
afterEach(cleanup);

const HISTORY = [
  { at: '2026-10-01T14:00:00.000Z', event: 'submitted' as const, via: 'link' as const },
  { at: '2026-10-02T14:00:00.000Z', event: 'reviewAccepted' as const, fields: ['phone'] },
  { at: '2026-10-02T14:00:00.000Z', event: 'reviewRejected' as const, fields: ['address', 'skills'] },
];

describe('a review decision in the history', () => {
  it.each([
    ['fr', 'Publié après révision\u00a0: téléphone', 'Non publié après révision\u00a0: adresse et compétences', 'Formulaire soumis par le lien du courriel'],
    ['en', 'Published after review: phone', 'Not published after review: address and skills', 'Form submitted through the emailed link'],
  ] as const)('%s: names the kinds of information, newest first', (lang, accepted, rejected, submitted) => {
    render(
      <I18nextProvider i18n={createI18n(lang)}>
        <ParticipantHistory participant={participantRow({ firstName: 'Léa', lastName: 'Tremblay', history: HISTORY })} onDismiss={() => {}} />
      </I18nextProvider>,
    );
    const items = within(screen.getByRole('list')).getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(items[0]).toContain(rejected);
    expect(items[1]).toContain(accepted);
    expect(items[2]).toContain(submitted);
  });

  it('My data writes the same words', () => {
    const i18n = createI18n('fr');
    expect(participantEventText(HISTORY[2]!, i18n.t.bind(i18n), 'fr')).toBe('Non publié après révision\u00a0: adresse et compétences');
  });
});
