// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { strFromU8, unzipSync } from 'fflate';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import { MyDataDownload } from '../../frontend/src/features/profile/components/my-data-download';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { MeParentProfile } from '@shared/contracts/auth-api';
import { MyDataResponseSchema, type MyDataResponse } from '@shared/contracts/my-data-api';
import { startLoopbackApi, type LoopbackApi } from './loopback-api';

/**
 * "Download my data" as the person reads it (issue 31, item 7): one ZIP file whose CSV files say, in the reader's
 * language, what the server sends as codes (« G1 », « full », « school », « translation »), named in that language,
 * with the server's JSON beside them for another program.
 */
const ID = '01JD0000000000000000000001';
const DATA: MyDataResponse = MyDataResponseSchema.parse({
  format: 'school-directory-my-data',
  generatedAt: '2026-11-20T15:04:00.000Z',
  parents: [
    {
      record: {
        id: ID,
        firstName: 'Zoé',
        lastName: 'Tremblay',
        email: 'zoe@courriel.example',
        phone: '5145550123',
        address: { street: '12 rue des Érables', city: 'Montréal', postalCode: 'H2X 1Y4' },
        interests: ['translation'],
        skills: 'Couture',
        participation: 'full',
        audiences: { email: 'school', phone: 'school', address: 'classes', profile: 'school' },
        preferredLanguage: 'fr',
        createdAt: '2026-09-01T12:00:00.000Z',
        updatedAt: '2026-11-02T12:00:00.000Z',
      },
      children: [{ firstName: 'Léo', lastName: 'Tremblay', level: 'G1', class: { code: '101', name: 'Groupe 101' } }],
      committees: [{ name: { fr: 'Conseil d\'établissement', en: 'Governing board' }, role: 'treasurer' }],
      consentLog: [
        {
          id: '01JD0000000000000000000002',
          parentId: ID,
          at: '2026-11-02T12:00:00.000Z',
          by: 'parent',
          channel: 'myProfile',
          before: { participation: 'limited', audiences: { email: 'school', phone: 'classes', address: 'classes', profile: 'school' } },
          after: { participation: 'full', audiences: { email: 'school', phone: 'school', address: 'classes', profile: 'school' } },
          noticeVersion: '2026-09',
          language: 'fr',
        },
      ],
      campaigns: [
        {
          schoolYear: '2026-2027',
          status: 'active',
          submittedAt: '2026-10-05T13:00:00.000Z',
          optedOut: false,
          history: [
            { at: '2026-10-01T13:00:00.000Z', event: 'emailSent' },
            { at: '2026-10-05T13:00:00.000Z', event: 'submitted', via: 'profile' },
          ],
        },
      ],
      activity: [{ at: '2026-10-10T13:00:00.000Z', role: 'administrator', kind: 'changed', fields: ['preferredLanguage'] }],
    },
  ],
});
const PROFILES = [
  { id: ID, children: [{ id: 's1', firstName: 'Léo', lastName: 'Tremblay', level: 'G1', levelLabel: { fr: '1re année', en: 'Grade 1' } }] },
] as unknown as MeParentProfile[];

let api: LoopbackApi;
beforeAll(async () => {
  api = await startLoopbackApi({ '/api/me/data?format=json': DATA });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
afterAll(() => api.close());

/** Clicks the button, catches the file the page saves, and reads the ZIP file's entries as text. */
async function download(lang: 'fr' | 'en', button: string, done: RegExp) {
  const saved: { name: string; blob: Blob }[] = [];
  let pending: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    pending = blob as Blob;
    return 'blob:test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: pending! });
  });
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <RuntimeConfigProvider config={api.config}>
        <MyDataDownload profiles={PROFILES} />
      </RuntimeConfigProvider>
    </I18nextProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: button }));
  // The first API call loads Amplify for its token (lib/api/amplify.ts): allow for that import.
  await screen.findByText(done, {}, { timeout: 20_000 });
  expect(saved).toHaveLength(1);
  const bytes = await new Promise<ArrayBuffer>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.readAsArrayBuffer(saved[0]!.blob);
  });
  const entries = unzipSync(new Uint8Array(bytes));
  const raw = (name: string) => entries[name]!;
  const text = (name: string) => strFromU8(raw(name));
  return { name: saved[0]!.name, names: Object.keys(entries), raw, text };
}

/** A CSV file's cells (no cell here holds a separator or a quote). */
const cells = (csv: string, separator: string) =>
  csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line) => line.split(separator));
const CODES = ['G1', 'full', 'limited', 'school', 'classes', 'translation', 'treasurer', 'active', 'emailSent', 'submitted', 'profile', 'myProfile', 'parent', 'administrator', 'changed', 'preferredLanguage', 'fr'];

describe('download my data', () => {
  it('in French: one ZIP file of CSV files named and worded in French, and the JSON for another program', async () => {
    const zip = await download('fr', 'Télécharger mes données (fichier ZIP)', /^Données téléchargées\s: mes-donnees-\d{4}-\d{2}-\d{2}\.zip \(7 fichiers\)$/);
    expect(zip.name).toMatch(/^mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(zip.names).toEqual([
      'mes-donnees-fiche.csv',
      'mes-donnees-enfants.csv',
      'mes-donnees-comites.csv',
      'mes-donnees-consentements.csv',
      'mes-donnees-mises-a-jour-annuelles.csv',
      'mes-donnees-activite.csv',
      'mes-donnees-format-json.json',
    ]);
    // A byte-order mark, so a spreadsheet reads the accents; ';' as a French spreadsheet expects.
    expect([...zip.raw('mes-donnees-fiche.csv').slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const record = cells(zip.text('mes-donnees-fiche.csv'), ';');
    const value = (label: string) => record.find(([what]) => what === label)?.[1];
    expect(record[0]).toEqual(['Renseignement', 'Valeur']);
    expect(value('Téléphone')).toBe('514 555-0123');
    expect(value('Code postal')).toBe('H2X 1Y4');
    expect(value('Intérêts')).toBe('Traduction');
    expect(value('Ce que le bottin montre de vous')).toBe('Complète');
    expect(value('Courriel visible par')).toBe("Toute l'école");
    expect(value('Adresse visible par')).toBe('Les classes de mes enfants');
    expect(value('Langue préférée')).toBe('français');
    expect(value('Fiche créée le')).toBe('2026-09-01');
    expect(cells(zip.text('mes-donnees-enfants.csv'), ';')).toEqual([
      ['Prénom', 'Nom', 'Niveau', 'Classe'],
      ['Léo', 'Tremblay', '1re année', 'Groupe 101'],
    ]);
    expect(cells(zip.text('mes-donnees-comites.csv'), ';')[1]).toEqual(["Conseil d'établissement", 'Trésorier ou trésorière']);
    const consent = cells(zip.text('mes-donnees-consentements.csv'), ';')[1]!;
    expect(consent[1]).toBe('Par le parent, dans Mon profil');
    expect(consent[2]).toBe('Ce que le bottin montre de vous\u00a0: Limitée → Complète | Téléphone visible par\u00a0: Les classes de mes enfants → Toute l\'école');
    const campaign = cells(zip.text('mes-donnees-mises-a-jour-annuelles.csv'), ';')[1]!;
    expect(campaign.slice(0, 2)).toEqual(['2026-2027', 'En cours']);
    expect(campaign[3]).toBe('Non');
    expect(campaign[4]).toMatch(/^2026-10-0\d \d+ h 00 Courriel d'invitation envoyé \| 2026-10-0\d \d+ h 00 Formulaire soumis depuis Mon profil$/);
    const activity = cells(zip.text('mes-donnees-activite.csv'), ';')[1]!;
    expect(activity.slice(1)).toEqual(['Fiche modifiée par un administrateur.', 'langue préférée']);
    // No code of the server's is left as a value in the readable files.
    for (const name of zip.names.filter((n) => n.endsWith('.csv'))) {
      const found = cells(zip.text(name), ';').flat().filter((cell) => CODES.includes(cell));
      expect(found, name).toEqual([]);
    }
    // Beside them, the server's JSON unchanged (codes, ISO dates): what another program reads.
    expect(MyDataResponseSchema.parse(JSON.parse(zip.text('mes-donnees-format-json.json')))).toEqual(DATA);
  });

  it('in English: the same files named and worded in English, with commas', async () => {
    const zip = await download('en', 'Download my data (ZIP file)', /^Data downloaded: my-data-\d{4}-\d{2}-\d{2}\.zip \(7 files\)$/);
    expect(zip.names).toEqual([
      'my-data-record.csv',
      'my-data-children.csv',
      'my-data-committees.csv',
      'my-data-consent.csv',
      'my-data-annual-updates.csv',
      'my-data-activity.csv',
      'my-data-json-format.json',
    ]);
    const record = cells(zip.text('my-data-record.csv'), ',');
    const value = (label: string) => record.find(([what]) => what === label)?.[1];
    expect(record[0]).toEqual(['Detail', 'Value']);
    expect(value('What the directory shows about you')).toBe('Full');
    expect(value('Email visible to')).toBe('The whole school');
    expect(value('Interests')).toBe('Translation');
    expect(value('Preferred language')).toBe('French');
    expect(cells(zip.text('my-data-children.csv'), ',')[1]).toEqual(['Léo', 'Tremblay', 'Grade 1', 'Groupe 101']);
    expect(cells(zip.text('my-data-committees.csv'), ',')[1]).toEqual(['Governing board', 'Treasurer']);
    expect(cells(zip.text('my-data-annual-updates.csv'), ',')[1]!.slice(0, 2)).toEqual(['2026-2027', 'Open']);
    for (const name of zip.names.filter((n) => n.endsWith('.csv'))) {
      const found = cells(zip.text(name), ',').flat().filter((cell) => CODES.includes(cell));
      expect(found, name).toEqual([]);
    }
    expect(JSON.parse(zip.text('my-data-json-format.json'))).toEqual(DATA);
  });
});
