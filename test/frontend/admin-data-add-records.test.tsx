// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import type { AdminDirectory } from '../../frontend/src/features/admin-data/api/admin-data-client';
import { adminDataKeys } from '../../frontend/src/features/admin-data/api/admin-data-queries';
import { EditPanel } from '../../frontend/src/features/admin-data/components/edit-panel';
import { ParentEditForm } from '../../frontend/src/features/admin-data/components/parent-edit-form';
import { RecordForm } from '../../frontend/src/features/admin-data/components/record-form';
import { classValues } from '../../frontend/src/features/admin-data/model/entity-edit';
import { renderWithAnswers } from './render-screen';
import { startHandlerApi, type LoopbackApi } from './loopback-api';

/**
 * The edit tab's « Ajouter » forms (/admin/data, « Modifier »): from a blank form with only its required fields typed,
 * each kind is created (the POST reaches the API with the create route's body, no version); a refusal the form cannot
 * put on a shown field is said in the banner, never « Corrigez les champs indiqués » with nothing marked; the admin's
 * parent form speaks to the administrator about the parent, and a blank one does not warn of a custom setting.
 */
let api: LoopbackApi;
const posts: { url: string; body: unknown }[] = [];
/** What the loopback API answers to the next write. */
let answer: { status: number; body: unknown } | undefined;

beforeAll(async () => {
  api = await startHandlerApi(({ method, url, body }) => {
    if (method !== 'POST' && method !== 'PUT') return undefined;
    posts.push({ url, body });
    return answer ?? { status: 201, body: { record: { id: '01HZY000000000000000000NEW' } } };
  });
});
afterEach(() => {
  cleanup();
  posts.length = 0;
  answer = undefined;
});
afterAll(() => api.close());

const id = (name: string) => `01HZY${name.padStart(21, '0')}`;
const meta = { version: 3, createdAt: '2025-09-01T12:00:00.000Z', updatedAt: '2025-09-01T12:00:00.000Z' };
const DIRECTORY = {
  settings: {
    levels: [
      { code: 'G1', order: 1, label: { fr: '1re année', en: 'Grade 1' }, shortLabel: { fr: '1re', en: '1' } },
      { code: 'G2', order: 2, label: { fr: '2e année', en: 'Grade 2' }, shortLabel: { fr: '2e', en: '2' } },
    ],
  },
  classes: [
    { ...meta, id: id('C1'), code: '1A', name: 'Classe des Hiboux', levels: ['G1'], teacherId: id('T1'), parentRepresentativeIds: [], studentRepresentativeIds: [] },
  ],
  students: [],
  parents: [],
  families: [],
  staff: [{ ...meta, id: id('T1'), firstName: 'Marie', lastName: 'Haddad', title: { fr: 'Enseignante', en: 'Teacher' }, department: 'teaching', interests: [] }],
  committees: [],
  memberships: [],
} as unknown as AdminDirectory;

/** A blank new-parent form, on its own (its save goes to the loopback API). */
const renderParentForm = (locale: 'fr' | 'en') =>
  renderWithAnswers(<ParentEditForm parents={[]} onSaved={() => undefined} onCancel={() => undefined} onReload={() => undefined} />, {
    locale,
    config: api.config,
    answers: [],
    // The form asks before leaving with unsaved changes (useBlocker): a data router, as the app's.
    dataRouter: true,
  });

const renderPanel = (locale: 'fr' | 'en' = 'fr') =>
  renderWithAnswers(<EditPanel notify={() => undefined} />, { locale, config: api.config, answers: [[adminDataKeys.directory, DIRECTORY]], dataRouter: true });

const button = (name: string) => screen.getAllByRole('button').find((b) => b.textContent === name)!;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** The select of the form field labelled `label`, its option `value` chosen. */
function choose(label: string, value: string, multi = false) {
  const field = createWrapper()
    .findAllFormFields()
    .find((f) => f.findLabel()?.getElement().textContent === label)!;
  const control = multi ? field.findControl()!.findMultiselect()! : field.findControl()!.findSelect()!;
  act(() => control.openDropdown());
  act(() => control.selectOptionByValue(value));
}

/** Opens the « Ajouter » form of a kind (the kind's select first, unless parents). */
function openAdd(kindLabel: string | undefined, addLabel: string) {
  if (kindLabel) choose('Type de fiche', kindLabel);
  fireEvent.click(button(addLabel));
}

const formError = () => createWrapper().findForm()?.findError()?.getElement().textContent ?? '';

// A trial's reload of the record editor lost the edits typed, where the school settings ask first.
describe('a record being edited', () => {
  const reloadAsks = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('asks before the tab is closed or reloaded once something is typed, not before', () => {
    renderParentForm('fr');
    expect(reloadAsks()).toBe(false);
    type('Prénom *', 'Marie');
    expect(reloadAsks()).toBe(true);
    type('Prénom *', '');
    expect(reloadAsks()).toBe(false);
  });
});

describe('adding a record from a blank form', () => {
  it('a parent: first and last name typed, the POST carries them and no version', async () => {
    renderPanel();
    openAdd(undefined, 'Ajouter un parent');
    type('Prénom *', 'Marie');
    type('Nom *', 'Tremblay');
    fireEvent.click(button('Enregistrer'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(formError()).toBe('');
    expect(posts[0]!.url).toBe('/api/admin/parents');
    expect(posts[0]!.body).toMatchObject({ firstName: 'Marie', lastName: 'Tremblay', preferredLanguage: 'fr' });
    expect(posts[0]!.body).not.toHaveProperty('version');
  });

  it('a student: names, level and class', async () => {
    renderPanel();
    openAdd('student', 'Ajouter un élève');
    type('Prénom *', 'Léa');
    type('Nom *', 'Côté');
    choose('Niveau *', 'G1');
    choose('Classe *', id('C1'));
    fireEvent.click(button('Enregistrer'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      url: '/api/admin/students',
      body: { firstName: 'Léa', lastName: 'Côté', level: 'G1', classId: id('C1'), parentIds: [] },
    });
  });

  it('a staff member: names, both titles and the department', async () => {
    renderPanel();
    openAdd('staff', 'Ajouter un membre du personnel');
    type('Prénom *', 'Josée');
    type('Nom *', 'Lavoie');
    type('Titre en français *', 'Enseignante');
    type('Titre en anglais *', 'Teacher');
    choose('Service *', 'teaching');
    fireEvent.click(button('Enregistrer'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.url).toBe('/api/admin/staff');
    expect(posts[0]!.body).toMatchObject({ firstName: 'Josée', lastName: 'Lavoie', title: { fr: 'Enseignante', en: 'Teacher' }, department: 'teaching' });
  });

  it('a class: code, name and a level', async () => {
    renderPanel();
    openAdd('class', 'Ajouter une classe');
    type('Code *', '2B');
    type('Nom *', 'Classe des Abeilles');
    choose('Niveaux *', 'G2', true);
    fireEvent.click(button('Enregistrer'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.url).toBe('/api/admin/classes');
    expect(posts[0]!.body).toMatchObject({ code: '2B', name: 'Classe des Abeilles', levels: ['G2'] });
  });

  // A trial gave a class a teacher who had one already, and nothing said she would now have two.
  it('a class whose teacher already has one: says so before saving', async () => {
    renderPanel();
    openAdd('class', 'Ajouter une classe');
    type('Code *', '2B');
    expect(document.body.textContent).not.toContain('est déjà titulaire');
    choose('Enseignante ou enseignant', id('T1'));
    expect(document.body.textContent).toContain(
      'Marie Haddad est déjà titulaire de Classe des Hiboux\u00a0: en enregistrant, cette personne sera titulaire des deux classes.',
    );
  });

  it('a committee: both names and its kind', async () => {
    renderPanel();
    openAdd('committee', 'Ajouter un comité');
    type('Nom en français *', 'Comité vert');
    type('Nom en anglais *', 'Green committee');
    choose('Type de comité *', 'volunteer');
    fireEvent.click(button('Enregistrer'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.url).toBe('/api/admin/committees');
    expect(posts[0]!.body).toMatchObject({ name: { fr: 'Comité vert', en: 'Green committee' }, kind: 'volunteer', members: [] });
  });

  // A trial's administrator could not add a community representative (neither parent nor staff) but by a file.
  it('a committee with a member who is neither parent nor staff: named, with a role and an organization; none left unnamed', async () => {
    renderPanel();
    openAdd('committee', 'Ajouter un comité');
    type('Nom en français *', "Conseil d'établissement");
    type('Nom en anglais *', 'Governing board');
    choose('Type de comité *', 'ce');
    fireEvent.click(button('Ajouter une autre personne'));
    type('Prénom 1 *', 'Hélène');
    fireEvent.click(button('Enregistrer'));
    // No last name: said on the field, nothing sent.
    expect(await screen.findByText("Chaque autre personne a besoin d'un prénom et d'un nom, ou retirez la ligne.")).toBeTruthy();
    expect(posts).toHaveLength(0);
    type('Nom 1 *', "L'Espérance");
    choose('Rôle 1', 'communityRepresentative');
    type('Organisme 1 (facultatif)', 'Maison de quartier');
    fireEvent.click(button('Enregistrer'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toMatchObject({
      otherMembers: [{ firstName: 'Hélène', lastName: "L'Espérance", role: 'communityRepresentative', affiliation: 'Maison de quartier' }],
    });
  });
});

// A trial added a second « Patrick D'Amours », same email, and nothing said so.
describe('a parent of a name already in the directory', () => {
  const existing = { ...meta, id: id('P1'), firstName: 'Patrick', lastName: "D'Amours", email: 'patrick.damours@poste.example', interests: [], skills: '', participation: 'full', preferredLanguage: 'fr' };

  it.each([
    ['fr', 'Prénom *', 'Nom *', 'Enregistrer', 'Un parent de ce nom est déjà au bottin', 'Enregistrer quand même'],
    ['en', 'First name *', 'Last name *', 'Save', 'A parent with this name is already in the directory', 'Save anyway'],
  ] as const)('is said before the save, and saved once confirmed (%s)', async (locale, first, last, save, warning, anyway) => {
    renderWithAnswers(<ParentEditForm parents={[existing as never]} onSaved={() => undefined} onCancel={() => undefined} onReload={() => undefined} />, {
      locale,
      config: api.config,
      answers: [],
      dataRouter: true,
    });
    type(first, ' patrick ');
    type(last, 'D’AMOURS');
    fireEvent.click(button(save));
    const alert = await screen.findByText(warning);
    expect(document.body.textContent).toContain('Patrick D\'Amours (patrick.damours@poste.example)');
    expect(document.activeElement?.contains(alert)).toBe(true);
    expect(posts).toEqual([]);
    fireEvent.click(button(anyway));
    await waitFor(() => expect(posts).toHaveLength(1));
  });

  it('is not asked about when the name differs, nor when an existing parent keeps their name', async () => {
    renderWithAnswers(<ParentEditForm parent={existing as never} parents={[existing as never, { ...existing, id: id('P2') } as never]} onSaved={() => undefined} onCancel={() => undefined} onReload={() => undefined} />, {
      locale: 'fr',
      config: api.config,
      answers: [],
      dataRouter: true,
    });
    type('Téléphone', '514 555-0101');
    fireEvent.click(button('Enregistrer'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(screen.queryByText('Un parent de ce nom est déjà au bottin')).toBeNull();
  });
});

describe('a refusal on the fields shown moves the focus to the first one to fix', () => {
  it.each([
    ['fr', 'Prénom *', 'Nom *', 'Enregistrer'],
    ['en', 'First name *', 'Last name *', 'Save'],
  ] as const)('%s: a blank first name and a name too long, the focus on the first name (the messages may be out of sight)', async (lang, first, last, save) => {
    renderParentForm(lang);
    type(first, '   ');
    type(last, 'T'.repeat(300));
    // A click focuses the button it lands on.
    act(() => button(save).focus());
    fireEvent.click(button(save));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(first)));
    expect(screen.getByLabelText(last).getAttribute('aria-invalid')).toBe('true');
    expect(posts).toHaveLength(0);
  });
});

describe('a refusal on a field the form does not show is said, never silent', () => {
  const TEXT = {
    fr: { fix: 'Corrigez les champs indiqués.', hidden: 'studentRepresentativeIds' },
    en: { fix: 'Fix the fields shown.', hidden: 'studentRepresentativeIds' },
  } as const;

  it.each(['fr', 'en'] as const)('%s: an invalid value in a hidden field is named in the banner', async (lang) => {
    // Eleven student representatives: the schema's max is ten, and the class form shows no such field.
    const initial = { ...classValues(), code: '2B', name: 'Abeilles', levels: ['G1'], studentRepresentativeIds: Array.from({ length: 11 }, (_, i) => id(`S${i}`)) };
    renderWithAnswers(
      <RecordForm kind="class" title="Nouvelle classe" initial={initial} directory={DIRECTORY} onSaved={() => undefined} onCancel={() => undefined} onReload={() => undefined} />,
      { locale: lang, config: api.config, answers: [], dataRouter: true },
    );
    fireEvent.click(button(lang === 'fr' ? 'Enregistrer' : 'Save'));
    await waitFor(() => expect(formError()).not.toBe(''));
    expect(formError()).not.toBe(TEXT[lang].fix);
    expect(formError()).toContain(TEXT[lang].hidden);
    expect(posts).toHaveLength(0);
  });

  it.each(['fr', 'en'] as const)('%s: the server refusing a field the form does not show is named too', async (lang) => {
    answer = { status: 400, body: { error: { code: 'VALIDATION_FAILED', fields: [{ path: 'preferredLanguage', issue: 'invalid_value' }] } } };
    renderParentForm(lang);
    type(lang === 'fr' ? 'Prénom *' : 'First name *', 'Marie');
    type(lang === 'fr' ? 'Nom *' : 'Last name *', 'Tremblay');
    fireEvent.click(button(lang === 'fr' ? 'Enregistrer' : 'Save'));
    await waitFor(() => expect(posts).toHaveLength(1));
    await waitFor(() => expect(formError()).toContain('preferredLanguage'));
  });
});

describe("the admin's parent form speaks to the administrator about the parent", () => {
  const TEXT = {
    fr: { own: ['Votre nom', 'vos intérêts', 'mes enfants'], admin: ['Le nom du parent est toujours visible', 'Intérêts du parent'] },
    en: { own: ['Your name', 'your interests', 'My children'], admin: ["The parent's name is always shown", "Parent's interests"] },
  } as const;

  it.each(['fr', 'en'] as const)('%s: a blank new-parent form says « the parent », and warns of no custom setting', (lang) => {
    const { container } = renderParentForm(lang);
    // The options of a select are rendered while it is open: each one's, read open.
    let text = container.textContent ?? '';
    for (const select of [...createWrapper().findAllSelects(), createWrapper().findMultiselect()!]) {
      act(() => select.openDropdown());
      text += container.textContent ?? '';
      act(() => select.closeDropdown());
    }
    for (const words of TEXT[lang].own) expect(text).not.toContain(words);
    for (const words of TEXT[lang].admin) expect(text).toContain(words);
    expect(text).not.toContain(lang === 'fr' ? 'Réglage personnalisé' : 'Custom setting');
  });
});
