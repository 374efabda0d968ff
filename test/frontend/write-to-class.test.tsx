// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import { Dashboard } from '../../frontend/src/features/home/components/dashboard';
import type { Viewer } from '../../frontend/src/features/home/hooks/use-viewer';
import { MessagesPage } from '../../frontend/src/features/messages/pages/messages-page';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { buildDirectoryIndex } from '../../frontend/src/lib/directory/directory-index';
import { createQueryClient } from '../../frontend/src/lib/query/query-client';
import type { AudienceOption, MessagesResponse } from '@shared/contracts/messages-api';
import { FIXTURE } from './directory-fixture';
import { startHandlerApi, type LoopbackApi } from './loopback-api';

/**
 * « Écrire aux parents de la classe » on the home's cards (docs/messages.md, "Who may write"): a class's parent
 * representative finds it on their child's card, a homeroom teacher on their class's card, when the server offers
 * that class as an audience; it opens Messages with the class chosen. Nobody else asks the server. Against a
 * loopback API that records what was asked.
 */
const classA = FIXTURE.classes[0]!;
const classB = FIXTURE.classes[1]!;
/** Anne Côté: Classe A's parent representative; her children are in Classe A (Zoé) and Classe B (Léo). */
const representative = FIXTURE.parents[0]!;
/** Marc Bélanger: the same children, no representative's seat. */
const otherParent = FIXTURE.parents[1]!;
const teacher = FIXTURE.staff[classA.teacherIndex!]!;

const option = (audience: AudienceOption['audience'], fr: string, en: string): AudienceOption => ({
  audience,
  label: { fr, en },
  role: { fr: 'Parent représentant de la classe', en: 'Class parent representative' },
  category: audience.type === 'committee' ? 'committee' : 'class',
  needsApproval: false,
  recipients: 46,
});
const CLASS_A = option({ type: 'class', classId: classA.id }, 'Parents · Classe A', 'Parents · Class A');
const COMMITTEE = option({ type: 'committee', committeeId: '01K3J4A0M00000000000000001' }, 'Membres · Comité vert', 'Members · Green committee');
const messages = (audiences: AudienceOption[]): MessagesResponse => ({ received: [], sent: [], unread: 0, audiences, withheld: [], quota: { limit: 3, used: 0, days: 7 } });

const state: { answer: MessagesResponse; asked: string[] } = { answer: messages([CLASS_A]), asked: [] };
let api: LoopbackApi;
beforeAll(async () => {
  api = await startHandlerApi(({ url }) => {
    state.asked.push(url);
    return url === '/api/messages' ? { status: 200, body: state.answer } : undefined;
  });
});
afterEach(() => {
  cleanup();
  Object.assign(state, { answer: messages([CLASS_A]), asked: [] });
});
afterAll(() => api.close());

function renderIn(locale: 'fr' | 'en', page: ReactNode, at = '/') {
  render(
    <I18nextProvider i18n={createI18n(locale)}>
      <RuntimeConfigProvider config={api.config}>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter initialEntries={[at]}>{page}</MemoryRouter>
        </QueryClientProvider>
      </RuntimeConfigProvider>
    </I18nextProvider>,
  );
}

const home = (locale: 'fr' | 'en', viewer: Viewer) =>
  renderIn(locale, <Dashboard index={buildDirectoryIndex(FIXTURE)} viewer={viewer} retry={() => undefined} />);
const parentViewer = (id: string): Viewer => ({ status: 'loaded', parentIds: new Set([id]), personIds: new Set([id]), statisticsFirst: false });
const staffViewer = (id: string): Viewer => ({ status: 'loaded', parentIds: new Set(), personIds: new Set([id]), statisticsFirst: true });
/** The text of the home card whose title starts with `name` (a child's full name). */
const cardText = (name: string) =>
  createWrapper().findAllContainers().find((c) => c.findHeader()?.getElement().textContent?.startsWith(name))?.getElement().textContent;

const TEXT = {
  fr: { link: 'Écrire aux parents de la classe', children: 'Mes enfants', classes: 'Mes classes' },
  en: { link: "Write to the class's parents", children: 'My children', classes: 'My classes' },
} as const;

describe("a class's parent representative's home", () => {
  it.each(['fr', 'en'] as const)("offers to write to the class's parents on the card of the child in that class only (%s)", async (locale) => {
    home(locale, parentViewer(representative.id));
    const mine = screen.getByRole('region', { name: TEXT[locale].children });
    const link = await within(mine).findByRole('link', { name: TEXT[locale].link });
    expect(link.getAttribute('href')).toBe(`/messages?class=${classA.id}`);
    // One such link: Léo's card (Classe B, where she holds no seat) has none.
    expect(within(mine).getAllByRole('link', { name: TEXT[locale].link })).toHaveLength(1);
    expect(cardText(FIXTURE.students[0]!.firstName)).toContain(TEXT[locale].link);
    expect(cardText(FIXTURE.students[1]!.firstName)).toMatch(new RegExp(classB.name));
    expect(cardText(FIXTURE.students[1]!.firstName)).not.toContain(TEXT[locale].link);
  });

  it('offers nothing when the server does not let her write to the class (turned off, or her right withdrawn)', async () => {
    state.answer = messages([]);
    home('fr', parentViewer(representative.id));
    await waitFor(() => expect(state.asked).toContain('/api/messages'));
    // The answer is in: still no link.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: TEXT.fr.link })).toBeNull();
  });

  it('is not offered to a parent of the same class without the seat, who does not even ask the server', async () => {
    home('fr', parentViewer(otherParent.id));
    screen.getByRole('region', { name: TEXT.fr.children });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: TEXT.fr.link })).toBeNull();
    expect(state.asked).not.toContain('/api/messages');
  });
});

describe("a homeroom teacher's home", () => {
  it.each(['fr', 'en'] as const)('offers it on their class when teachers may write (%s)', async (locale) => {
    home(locale, staffViewer(teacher.id));
    const mine = screen.getByRole('region', { name: TEXT[locale].classes });
    const link = await within(mine).findByRole('link', { name: TEXT[locale].link });
    expect(link.getAttribute('href')).toBe(`/messages?class=${classA.id}`);
  });
});

describe('Messages opened from that link', () => {
  it.each([
    ['fr', 'Parents · Classe A'],
    ['en', 'Parents · Class A'],
  ] as const)('has the class chosen as the audience, not the first one offered (%s)', async (locale, label) => {
    state.answer = messages([COMMITTEE, CLASS_A]);
    renderIn(locale, <MessagesPage />, `/messages?class=${classA.id}`);
    await waitFor(() => expect(createWrapper().findSelect()).not.toBeNull());
    expect(createWrapper().findSelect()!.findTrigger().getElement().textContent).toContain(label);
  });

  it('keeps the first audience when the address names a class not offered', async () => {
    state.answer = messages([COMMITTEE, CLASS_A]);
    renderIn('fr', <MessagesPage />, '/messages?class=01K3J4A0C00000000000000099');
    await waitFor(() => expect(createWrapper().findSelect()).not.toBeNull());
    expect(createWrapper().findSelect()!.findTrigger().getElement().textContent).toContain('Membres · Comité vert');
  });
});
