// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import { Dashboard } from '../../frontend/src/features/home/components/dashboard';
import type { Viewer } from '../../frontend/src/features/home/hooks/use-viewer';
import { MessagesPage } from '../../frontend/src/features/messages/pages/messages-page';
import { ProfilePage } from '../../frontend/src/features/profile/pages/profile-page';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { buildDirectoryIndex } from '../../frontend/src/lib/directory/directory-index';
import { createQueryClient } from '../../frontend/src/lib/query/query-client';
import type { MeResponse } from '@shared/contracts/auth-api';
import type { MessagesResponse, WithheldRight } from '@shared/contracts/messages-api';
import type { CarpoolResponse } from '@shared/contracts/carpool-api';
import { FIXTURE } from './directory-fixture';
import { startLoopbackApi, type LoopbackApi } from './loopback-api';

/**
 * A staff member's screens (docs/product-rules.md, "Home"): a homeroom teacher's home shows their classes; My Profile
 * says staff have no profile, with whom to write to, and offers no "families near me"; Messages says teachers'
 * writing is not turned on instead of "you have no class". Against a loopback API.
 */
const teacher = FIXTURE.staff[0]!;
const me: MeResponse = { email: 'enseignante@ecole.example', displayName: 'Enseignante', userType: 'staff', personIds: [teacher.id], isAdmin: false };
const messages = (withheld: WithheldRight[]): MessagesResponse => ({ received: [], sent: [], unread: 0, audiences: [], withheld, quota: { limit: 5, used: 0, days: 7 } });
/** A families-near-me answer is there to be read: the staff page must not ask for it, nor show the switch. */
const carpool: CarpoolResponse = { optedIn: false, fsa: 'H2X', neighbours: [], quota: { limit: 5, used: 0, days: 7 } };
const answers: Record<string, unknown> = {};
let api: LoopbackApi;

beforeAll(async () => {
  api = await startLoopbackApi(answers);
});
beforeEach(() => Object.assign(answers, { '/api/me': me, '/api/me/carpool': carpool, '/api/messages': messages([]) }));
afterEach(cleanup);
afterAll(() => api.close());

function renderIn(locale: 'fr' | 'en', page: ReactNode) {
  render(
    <I18nextProvider i18n={createI18n(locale)}>
      <RuntimeConfigProvider config={api.config}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter>{page}</MemoryRouter>
        </QueryClientProvider>
      </RuntimeConfigProvider>
    </I18nextProvider>,
  );
}

const viewer = (personIds: string[]): Viewer => ({ status: 'loaded', parentIds: new Set(), personIds: new Set(personIds), statisticsFirst: true });

describe("a homeroom teacher's home", () => {
  it.each([
    ['fr', 'Mes classes', '1re-2e · 3 élèves', /^Classe A \(1re-2e\)\s:\sélèves et parents$/],
    ['en', 'My classes', '1-2 · 3 students', /^Classe A \(1-2\): students and parents$/],
  ] as const)('shows their class first, with its size, representatives and link (%s)', (locale, title, description, link) => {
    renderIn(locale, <Dashboard index={buildDirectoryIndex(FIXTURE)} viewer={viewer([teacher.id])} retry={() => undefined} />);
    const mine = screen.getByRole('region', { name: title });
    within(mine).getByRole('heading', { name: 'Classe A' });
    within(mine).getByText(description);
    within(mine).getByText('Anne Côté');
    expect(within(mine).getByRole('link', { name: link }).getAttribute('href')).toBe('/classes?class=A');
    // Only the class they teach, and before the school's statistics.
    expect(within(mine).queryByRole('heading', { name: 'Classe B' })).toBeNull();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf(title)).toBe(0);
  });

  it('is not shown to someone who teaches no class', () => {
    renderIn('fr', <Dashboard index={buildDirectoryIndex(FIXTURE)} viewer={viewer(['01K3J4A0S00000000000000099'])} retry={() => undefined} />);
    expect(screen.queryByRole('region', { name: 'Mes classes' })).toBeNull();
  });
});

describe("a staff member's My Profile", () => {
  it.each([
    ['fr', 'Vos choix : les courriels que vous acceptez et la copie du bottin sur cet appareil.', 'Profil non offert au personnel', 'Écrire à c@ecole.example', "l'école vous envoie aussi un lien personnel par courriel"],
    ['en', "Your choices: the emails you accept and the directory's copy on this device.", 'Staff profiles are unavailable', 'Write to c@ecole.example', 'the school also emails you a personal link'],
  ] as const)('says whom to write to and the yearly link, and offers no families near me (%s)', async (locale, description, title, write, link) => {
    renderIn(locale, <ProfilePage />);
    // The first API call loads Amplify for its token (lib/api/amplify.ts): allow for that import.
    await screen.findByText(title, undefined, { timeout: 20_000 });
    screen.getByText(description);
    expect(screen.getByRole('link', { name: write }).getAttribute('href')).toBe('mailto:c@ecole.example');
    // What staff can change themselves, and how (a trial's teacher read only « kept by the administrators »).
    expect(document.body.textContent).toContain(link);
    expect(screen.queryByText(locale === 'fr' ? 'Trouver des familles près de chez moi' : 'Find families near me')).toBeNull();
  });

  it("gives the school's own contact address, the one its home page shows, once the directory says it", async () => {
    answers['/api/directory'] = { ...FIXTURE, school: { ...FIXTURE.school, contact: { email: 'secretariat@ecole.example' } } };
    try {
      renderIn('fr', <ProfilePage />);
      const write = await screen.findByRole('link', { name: 'Écrire à secretariat@ecole.example' }, { timeout: 20_000 });
      expect(write.getAttribute('href')).toBe('mailto:secretariat@ecole.example');
    } finally {
      delete answers['/api/directory'];
    }
  });
});

describe('Messages for a member offered no group', () => {
  it.each([
    ['fr', "Les enseignantes et enseignants ne peuvent pas écrire aux parents de leur classe pour l'instant : les administrateurs du bottin n'ont pas activé cette possibilité."],
    ['en', "Teachers cannot write to their class's parents for now: the directory's administrators have not turned this on."],
  ] as const)('a teacher reads that teachers may not write yet, not that they have no class (%s)', async (locale, sentence) => {
    answers['/api/messages'] = messages(['teachers']);
    renderIn(locale, <MessagesPage />);
    await screen.findByText(sentence, undefined, { timeout: 20_000 });
    expect(screen.queryByText(/Vous ne représentez aucune classe|You represent no class/)).toBeNull();
  });

  it('a withdrawn right says so; no role says there is no group', async () => {
    answers['/api/messages'] = messages(['withdrawn']);
    renderIn('en', <MessagesPage />);
    await screen.findByText('An administrator withdrew your right to send messages. Ask them to restore it.', undefined, { timeout: 20_000 });
    cleanup();
    answers['/api/messages'] = messages([]);
    renderIn('fr', <MessagesPage />);
    await screen.findByText("Vous ne représentez aucune classe et ne présidez aucun comité : vous n'avez pas de groupe à qui écrire ici.", undefined, { timeout: 20_000 });
  });
});
