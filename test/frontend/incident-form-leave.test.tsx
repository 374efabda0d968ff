// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { IncidentForm } from '../../frontend/src/features/privacy-admin/components/incident-form';
import { renderRouter } from './render-screen';

/**
 * The incident register's form does not lose what was typed by a slip (a trial's description went with « Annuler »):
 * Cancel asks first once something is typed, staying keeps the text, leaving closes the form; leaving the page asks
 * the same; an untouched form closes at once.
 */
afterEach(cleanup);
/** The form's own Cancel (the dialogs, drawn outside the form, have theirs). */
const formCancel = (name: string) => within(document.querySelector('form')!).getByRole('button', { name });

const TEXT = {
  fr: { cancel: 'Annuler', measures: 'Mesures prises pour diminuer le risque', stay: 'Rester sur la page', leave: 'Quitter sans enregistrer', lost: /n'est pas enregistré au registre et sera perdu/ },
  en: { cancel: 'Cancel', measures: 'Measures taken to reduce the risk', stay: 'Stay on the page', leave: 'Leave without saving', lost: /is not saved in the register and will be lost/ },
} as const;

function renderForm(locale: 'fr' | 'en') {
  const closed: string[] = [];
  const router = createMemoryRouter(
    [
      { path: '/admin/privacy-incidents', element: <IncidentForm onCancel={() => closed.push('cancel')} onSaved={() => undefined} /> },
      { path: '/admin', element: <p>Administration</p> },
    ],
    { initialEntries: ['/admin/privacy-incidents'] },
  );
  renderRouter(router, { locale });
  return { router, closed };
}

describe('the incident form', () => {
  it.each(['fr', 'en'] as const)('asks before Cancel throws away what was typed, and before the page is left (%s)', async (locale) => {
    const text = TEXT[locale];
    const { router, closed } = renderForm(locale);
    const measures = await screen.findByLabelText(text.measures, { exact: true });
    fireEvent.change(measures, { target: { value: 'Rappel des règles aux bénévoles' } });

    fireEvent.click(formCancel(text.cancel));
    const question = (await screen.findByText(text.lost)).closest<HTMLElement>('[role=dialog]')!;
    fireEvent.click(within(question).getByRole('button', { name: text.stay }));
    await waitFor(() => expect(screen.queryByText(text.lost)).toBeNull());
    expect(closed).toEqual([]);
    expect((screen.getByLabelText(text.measures, { exact: true }) as HTMLTextAreaElement).value).toBe('Rappel des règles aux bénévoles');

    void router.navigate('/admin');
    fireEvent.click(await screen.findByRole('button', { name: text.stay }));
    await waitFor(() => expect(screen.queryByText(text.lost)).toBeNull());
    expect(router.state.location.pathname).toBe('/admin/privacy-incidents');

    fireEvent.click(formCancel(text.cancel));
    fireEvent.click(await screen.findByRole('button', { name: text.leave }));
    expect(closed).toEqual(['cancel']);
  });

  it('closes at once when nothing was typed', async () => {
    const { closed } = renderForm('fr');
    await screen.findByLabelText(TEXT.fr.measures, { exact: true });
    fireEvent.click(formCancel('Annuler'));
    expect(closed).toEqual(['cancel']);
    expect(screen.queryByText(TEXT.fr.lost)).toBeNull();
  });
});

// A trial's entry with a risk of serious injury saved with neither notice ticked, and nothing said.
describe('the incident form and a serious risk', () => {
  it.each([
    ['fr', 'Oui, il y a un risque de préjudice sérieux', "La Commission d'accès à l'information a été avisée", 'Les personnes concernées ont été avisées', 'la loi demande d\'aviser promptement'],
    ['en', 'Yes, there is a risk of serious harm', "The Commission d'accès à l'information was notified", 'The people concerned were notified', 'be notified promptly'],
  ] as const)('%s: says to notify promptly until both notices are ticked', async (locale, yes, commission, people, said) => {
    renderForm(locale);
    fireEvent.click(await screen.findByRole('radio', { name: yes }));
    expect(document.body.textContent).toContain(said);
    fireEvent.click(screen.getByRole('checkbox', { name: commission }));
    expect(document.body.textContent).toContain(said);
    fireEvent.click(screen.getByRole('checkbox', { name: people }));
    expect(document.body.textContent).not.toContain(said);
  });
});
