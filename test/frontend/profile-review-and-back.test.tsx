// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import type { MeResponse } from '@shared/contracts/auth-api';
import type { ParentForm, ProfileFormResponse } from '@shared/rules/parent-form';
import { PRESET_AUDIENCES } from '@shared/rules/visibility';
import { ProfilePage } from '../../frontend/src/features/profile/pages/profile-page';
import { startHandlerApi, type LoopbackApi } from './loopback-api';
import { renderRouter } from './render-screen';

/**
 * My Profile for a parent (docs/annual-update.md, "My Profile"), against a loopback API:
 * - an answer held for the school's review shows on the profile, after a reload too: which fields wait and the
 *   values sent (a new user saw the old phone and no word of the change once the page was read again);
 * - the form is a step in the history: the browser's Back with changes typed asks before losing them (it went to
 *   the home page, the change lost), and without changes it closes the form, staying on My Profile.
 */
const ID = '01JABCDEFGHJKMNPQRSTVWXYZ0';
const me: MeResponse = {
  email: 'amelie@example.com',
  displayName: 'Amélie Tremblay',
  userType: 'parent',
  personIds: [ID],
  isAdmin: false,
  parents: [
    {
      id: ID, firstName: 'Amélie', lastName: 'Tremblay', email: 'amelie@example.com', phone: '5145551234',
      participation: 'full', preferredLanguage: 'fr', interests: [], skills: '', committees: [],
      children: [{ id: '01JABCDEFGHJKMNPQRSTVWXYZ9', firstName: 'Léa', lastName: 'Tremblay', level: '1', teacher: { id: '01JABCDEFGHJKMNPQRSTVWXYZ8', firstName: 'Marie', lastName: 'Haddad' } }],
    },
  ],
};
const FORM: ParentForm = {
  parent: {
    id: ID, version: 2, firstName: 'Amélie', lastName: 'Tremblay', email: 'amelie@example.com', phone: '5145551234',
    interests: [], skills: '', participation: 'full', audiences: { ...PRESET_AUDIENCES.full }, preferredLanguage: 'fr',
  },
  children: [],
  committees: [],
  openCommittees: [],
  coParents: [],
  school: { name: 'École des Érables' },
};
/** The phone and the skills sent, held for review: the form shows the values sent. */
const HELD: ParentForm = {
  ...FORM,
  parent: { ...FORM.parent, phone: '438 555-0177', skills: '' },
  pendingReview: { submittedAt: '2026-11-28T19:05:00.000Z', fields: ['phone', 'skills'] },
};

/** The record saved meanwhile elsewhere (the school office, another window): new skills, a new version. */
const CHANGED: ParentForm = { ...FORM, parent: { ...FORM.parent, version: 3, skills: 'Menuiserie' } };

let form: ParentForm;
let api: LoopbackApi;
/** When set, the next save is refused as made on an older version, and the record becomes this one. */
let changedMeanwhile: ParentForm | undefined;
let saves: { version: number; phone: string | null; skills: string }[] = [];
beforeAll(async () => {
  api = await startHandlerApi(({ method, url, body }) => {
    if (url === '/api/me') return { status: 200, body: me };
    if (method === 'PUT' && url === '/api/profile') {
      saves.push((body as { data: { version: number; phone: string | null; skills: string } }).data);
      if (changedMeanwhile) {
        form = changedMeanwhile;
        changedMeanwhile = undefined;
        return { status: 409, body: { error: { code: 'CONFLICT' } } };
      }
      return { status: 200, body: { form: (form = HELD) } };
    }
    if (method === 'GET' && url.startsWith('/api/profile/form')) {
      const body: ProfileFormResponse = { form, parents: [{ parentId: ID, displayName: 'Amélie Tremblay' }] };
      return { status: 200, body };
    }
    return undefined;
  });
});
beforeEach(() => {
  form = FORM;
  changedMeanwhile = undefined;
  saves = [];
});
afterEach(cleanup);
afterAll(() => api.close());

function renderProfile(locale: 'fr' | 'en') {
  const router = createMemoryRouter(
    [
      { path: '/profile', element: <ProfilePage /> },
      { path: '/', element: <p>Accueil</p> },
    ],
    { initialEntries: ['/', '/profile'], initialIndex: 1 },
  );
  return renderRouter(router, { locale: locale, config: api.config });
}

describe('an answer held for review, on My Profile', () => {
  it.each([
    ['fr', "Modifications en attente de la vérification de l'école", 'Envoyées le 28 novembre 2026 à 14 h 05.', 'Téléphone', '(effacé)'],
    ['en', "Changes awaiting the school's review", 'Sent on November 28, 2026 at 14:05.', 'Phone', '(removed)'],
  ] as const)('says which fields wait and the values sent (%s)', async (locale, title, sent, phone, cleared) => {
    form = HELD;
    renderProfile(locale);
    // The first API call loads Amplify for its token (lib/api/amplify.ts): allow for that import.
    await screen.findByText(title, undefined, { timeout: 20_000 });
    const alert = createWrapper().findAllAlerts().map((a) => a.getElement()).find((a) => a.textContent?.includes(title))!;
    expect(alert.textContent).toContain(sent);
    const pairs = within(alert);
    expect(pairs.getByText(phone)).toBeTruthy();
    expect(pairs.getByText('438 555-0177')).toBeTruthy();
    // The skills emptied: said so, not left blank.
    expect(pairs.getByText(cleared)).toBeTruthy();
    // The record as published stays below.
    expect(screen.getByText('514 555-1234')).toBeTruthy();
    // The child's teacher named as the home page names them (« Titulaire », "Homeroom teacher"), not "Teacher".
    expect(screen.getByText(locale === 'fr' ? 'Titulaire : Marie Haddad' : 'Homeroom teacher: Marie Haddad')).toBeTruthy();
    // The form does not change a child's class: whom to write to when it is wrong.
    const write = screen.getByRole('link', { name: locale === 'fr' ? /^Écrire à / : /^Write to / });
    expect(write.closest('div')!.textContent).toContain(locale === 'fr' ? "Une erreur dans l'année ou la classe d'un enfant?" : "A mistake in a child's grade or class?");
  });

  it('says nothing when no answer waits', async () => {
    renderProfile('fr');
    await screen.findByText('514 555-1234', undefined, { timeout: 20_000 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Modifier mes renseignements' })).toBeTruthy());
    expect(screen.queryByText("Modifications en attente de la vérification de l'école")).toBeNull();
  });
});

describe("My Profile's form and the browser's Back", () => {
  const LOST = 'Vos modifications de vos renseignements seront perdues.';
  /** The question shown (a closed dialog stays in the page, hidden). */
  const question = () => createWrapper().findAllModals().find((modal) => modal.isVisible())?.getElement();
  it('asks before Back loses the changes, and without changes Back closes the form, staying on My Profile', async () => {
    const router = renderProfile('fr');
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier mes renseignements' }, { timeout: 20_000 }));
    expect(router.state.location.search).toBe(`?edit=${ID}`);
    const phone = await screen.findByLabelText('Téléphone', undefined, { timeout: 20_000 });
    fireEvent.change(phone, { target: { value: '438 555-0177' } });

    // Back with a change typed: the question, and the form is kept.
    await act(() => router.navigate(-1));
    const asked = await waitFor(() => within(question()!), { timeout: 20_000 });
    asked.getByText(LOST);
    expect(router.state.location.pathname).toBe('/profile');
    fireEvent.click(asked.getByRole('button', { name: 'Rester sur la page' }));
    await waitFor(() => expect(question()).toBeUndefined());
    expect((screen.getByLabelText('Téléphone') as HTMLInputElement).value).toBe('438 555-0177');

    // Cancel, then leave: back on the profile, one step back in the history (not a second question).
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    fireEvent.click((await waitFor(() => within(question()!))).getByRole('button', { name: 'Quitter sans enregistrer' }));
    await screen.findByRole('button', { name: 'Modifier mes renseignements' });
    // The page's heading has the focus, not the page itself.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));
    expect(router.state.location.search).toBe('');
    expect(question()).toBeUndefined();

    // Open again, nothing typed: Back closes the form and stays on My Profile.
    fireEvent.click(screen.getByRole('button', { name: 'Modifier mes renseignements' }));
    await screen.findByLabelText('Téléphone');
    await act(() => router.navigate(-1));
    await screen.findByRole('button', { name: 'Modifier mes renseignements' });
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.queryByText('Accueil')).toBeNull();
  });

  it('a save held for review closes the form a step back, with no question, and the profile says what waits', async () => {
    const router = renderProfile('fr');
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier mes renseignements' }, { timeout: 20_000 }));
    const phone = await screen.findByLabelText('Téléphone', undefined, { timeout: 20_000 });
    // The form opened takes the focus on its first field (it fell to the page: a trial's screen reader said nothing).
    await waitFor(() => expect(document.activeElement?.tagName).toBe('INPUT'));
    fireEvent.change(phone, { target: { value: '438 555-0177' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    await screen.findByText("Modifications en attente de la vérification de l'école", undefined, { timeout: 20_000 });
    // The message after the save is a status, and it has the focus.
    const message = await screen.findByText(/^Vos renseignements sont enregistrés\./);
    expect(message.closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(document.activeElement?.contains(message)).toBe(true));
    expect(document.activeElement).not.toBe(document.body);
    expect(router.state.location.search).toBe('');
    expect(question()).toBeUndefined();
    expect(screen.getByText('438 555-0177')).toBeTruthy();
  });
});

describe('a save refused because the record changed meanwhile', () => {
  it.each([
    ['fr', 'Téléphone', 'Compétences et autres intérêts', 'Valider', 'Vos changements sont gardés, par-dessus les informations à jour'],
    ['en', 'Phone', 'Skills and other interests', 'Validate', 'Your changes are kept, on top of the current information'],
  ] as const)('keeps what the parent typed over the current record, and saves it at its new version (%s)', async (locale, phoneLabel, skillsLabel, validate, kept) => {
    renderProfile(locale);
    fireEvent.click(await screen.findByRole('button', { name: locale === 'fr' ? 'Modifier mes renseignements' : 'Update my information' }, { timeout: 20_000 }));
    fireEvent.change(await screen.findByLabelText(phoneLabel, undefined, { timeout: 20_000 }), { target: { value: '438 555-0177' } });
    changedMeanwhile = CHANGED;
    fireEvent.click(screen.getByRole('button', { name: validate }));

    await screen.findByText(new RegExp(kept), undefined, { timeout: 20_000 });
    // The notice is at the top of a long form: the focus (and so the screen) goes to it, not left on the button.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('changed-meanwhile')));
    // The phone as typed; the skills another save set, which the parent had not touched.
    expect((screen.getByLabelText(phoneLabel) as HTMLInputElement).value).toBe('438 555-0177');
    expect((screen.getByLabelText(skillsLabel) as HTMLTextAreaElement).value).toBe('Menuiserie');

    fireEvent.click(screen.getByRole('button', { name: validate }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[0]).toMatchObject({ version: 2, phone: '438 555-0177', skills: '' });
    expect(saves[1]).toMatchObject({ version: 3, phone: '438 555-0177', skills: 'Menuiserie' });
  });
});
