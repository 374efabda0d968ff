// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { CampaignView, ParticipantView } from '@shared/contracts/annual-update-api';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import {
  LettersOutcome,
  PaperLetters,
  lettersFileName,
  lettersRun,
} from '../../frontend/src/features/annual-update/components/paper-letters';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { createQueryClient } from '../../frontend/src/lib/query/query-client';
import { loopbackApiPerFile } from './loopback-api';
import { participantRow } from './participant-row';

/**
 * The paper letters panel says what is true (docs/annual-update.md, "Paper letters"): a trial's first download said
 * « Les lettres imprimées avant … ne fonctionnent plus » when none had been printed, the panel counted « familles »
 * while a letter is printed per parent, and a reprint's file took the first printout's name. (The PDF itself is
 * letters-pdf.test.ts's; its fonts are a module of the app's build, so the download's end is checked in its parts.)
 */
const api = loopbackApiPerFile();

const ID = (n: number) => `01JABCDEFGHJKMNPQRSTVW${String(n).padStart(4, '0')}`;
const CAMPAIGN = {
  id: ID(9999), schoolYear: '2093-2094', status: 'active', createdAt: '2093-09-01T12:00:00.000Z',
  counts: { totalParents: 3, reachable: 0, unreachable: 3, emailsSent: 0, formsSubmitted: 0, optedOut: 0 },
  progress: { completed: 0, total: 3, percentage: 0 }, reminders: { days: [], sent: [] },
} as unknown as CampaignView;
/** Two parents of one family and a third parent, none with an email. */
const PEOPLE = [
  [1, 'Josée', 'Bérubé'],
  [2, 'Marc', 'Bérubé'],
  [3, 'Kevin', 'Smith'],
] as const;
const rows = (printed: readonly number[]): ParticipantView[] =>
  PEOPLE.map(([n, firstName, lastName]) =>
    participantRow({ parentId: ID(n), firstName, lastName, unreachable: true, ...(printed.includes(n) ? { letterPrintedAt: '2093-09-01T15:00:00.000Z' } : {}) }),
  );
/** The printout's moment: 8 h 05 on the school's clock (Montréal, summer time). */
const DATA = { campaign: { id: CAMPAIGN.id, schoolYear: '2093-2094' }, generatedAt: '2093-09-02T12:05:00.000Z' };

function inLanguage(lang: 'fr' | 'en', ui: React.ReactNode) {
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <RuntimeConfigProvider config={api.config()}>
        <QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>
      </RuntimeConfigProvider>
    </I18nextProvider>,
  );
}
const panel = (lang: 'fr' | 'en', printed: readonly number[]) => inLanguage(lang, <PaperLetters campaign={CAMPAIGN} participants={rows(printed)} />);
const said = (lang: 'fr' | 'en', status: { file: string; count: number; replaced: number }) =>
  inLanguage(lang, <LettersOutcome status={{ kind: 'saved', ...status }} onDismiss={() => undefined} />).container.textContent;

const TEXT = {
  fr: {
    printed: '3 parents ont déjà une lettre imprimée dont le code fonctionne.',
    reissueAll: 'Réimprimer toutes les lettres (3)',
    reissueBody: 'Les 3 lettres déjà imprimées cesseront de fonctionner\u00a0: les parents qui les ont reçues devront utiliser les nouvelles.',
    reprint: 'Réimprimer 1 lettre',
    reprintBody: 'Les lettres des autres parents restent valides.',
    files: ['lettres-mise-a-jour-2093-2094.pdf', 'lettres-mise-a-jour-2093-2094-reimpression-2093-09-02-0805.pdf', 'lettres-mise-a-jour-2093-2094-manquantes-2093-09-02-0805.pdf'],
    first: 'Lettres téléchargées\u00a0: 3 lettres dans l.pdf.',
    reprinted: 'Lettre téléchargée\u00a0: 1 lettre dans r.pdf. La lettre imprimée avant pour ce parent ne fonctionne plus\u00a0: son code est remplacé par celui de la nouvelle.',
  },
  en: {
    printed: '3 parents already have a printed letter whose code works.',
    reissueAll: 'Reprint every letter (3)',
    reissueBody: 'The 3 letters already printed will stop working: the parents who received them will have to use the new ones.',
    reprint: 'Reprint 1 letter',
    reprintBody: "The other parents' letters stay valid.",
    files: ['update-letters-2093-2094.pdf', 'update-letters-2093-2094-reprint-2093-09-02-0805.pdf', 'update-letters-2093-2094-missing-2093-09-02-0805.pdf'],
    first: 'Letters downloaded: 3 letters in l.pdf.',
    reprinted: "Letter downloaded: 1 letter in r.pdf. The letter printed before for this parent no longer works: its code is replaced by the new one's.",
  },
} as const;

describe('the paper letters panel', () => {
  it.each(['fr', 'en'] as const)('%s: counts the letters printed per parent, in the panel and its dialogs', (lang) => {
    const text = TEXT[lang];
    panel(lang, [1, 2, 3]);
    expect(screen.getByText(text.printed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: text.reissueAll }));
    const dialogs = () => screen.getAllByRole('dialog').map((d) => d.textContent).join(' ');
    expect(dialogs()).toContain(text.reissueBody);
    const choice = createWrapper().findMultiselect()!;
    choice.openDropdown();
    choice.selectOptionByValue(ID(3));
    fireEvent.click(screen.getAllByRole('button', { name: text.reprint })[0]!);
    expect(dialogs()).toContain(text.reprintBody);
    expect(dialogs()).not.toMatch(/famil/i);
  });

  it('tells the first printout, the missing letters and a reprint apart', () => {
    expect(lettersRun({}, [])).toEqual({ kind: 'first', replaced: 0 });
    const printed = rows([1, 2]).filter((p) => p.letterPrintedAt);
    expect(lettersRun({ parentIds: [ID(3)] }, printed)).toEqual({ kind: 'missing', replaced: 0 });
    expect(lettersRun({ parentIds: [ID(2)] }, printed)).toEqual({ kind: 'reprint', replaced: 1 });
    expect(lettersRun({}, printed)).toEqual({ kind: 'reprint', replaced: 2 });
  });

  it.each(['fr', 'en'] as const)('%s: the first printout says no earlier letter stops working; a reprint says it, under a name of its own', (lang) => {
    const text = TEXT[lang];
    const t = createI18n(lang).t;
    expect([lettersFileName(t, DATA, 'first'), lettersFileName(t, DATA, 'reprint'), lettersFileName(t, DATA, 'missing')]).toEqual(text.files);
    expect(said(lang, { file: 'l.pdf', count: 3, replaced: 0 })).toBe(text.first);
    expect(said(lang, { file: 'r.pdf', count: 1, replaced: 1 })).toBe(text.reprinted);
  });
});
