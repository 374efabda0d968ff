// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { strFromU8, unzipSync } from 'fflate';
import { RuntimeConfigProvider } from '../../frontend/src/config/runtime-config-context';
import { MyDataDownload } from '../../frontend/src/features/profile/components/my-data-download';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { MyDataCsvResponse } from '../../shared/my-data-api';
import { startLoopbackApi, type LoopbackApi } from './loopback-api';

/** "Download my data" as CSV: the sections' files in one ZIP file, one download (a phone keeps only the first of six). */
const FILES: MyDataCsvResponse = {
  files: [
    { name: 'mes-donnees-fiche.csv', section: 'record', text: '\uFEFFIdentifiant;Prénom\r\n01J;Zoé\r\n' },
    { name: 'mes-donnees-enfants.csv', section: 'children', text: '\uFEFFFiche parent;Prénom\r\n01J;Léo\r\n' },
  ],
};

let api: LoopbackApi;
beforeAll(async () => {
  api = await startLoopbackApi({ '/api/me/data?format=csv': FILES });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
afterAll(() => api.close());

it('saves the CSV files as one ZIP file named in the language, and says so', async () => {
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
    <I18nextProvider i18n={createI18n('fr')}>
      <RuntimeConfigProvider config={api.config}>
        <MyDataDownload />
      </RuntimeConfigProvider>
    </I18nextProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Télécharger en CSV (fichier ZIP)' }));
  // The first API call loads Amplify for its token (lib/api/amplify.ts): allow for that import.
  await screen.findByText(/^Données téléchargées\s: mes-donnees-\d{4}-\d{2}-\d{2}\.zip \(2 fichiers CSV\)$/, {}, { timeout: 20_000 });
  expect(saved).toHaveLength(1);
  expect(saved[0]!.name).toMatch(/^mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = await new Promise<ArrayBuffer>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.readAsArrayBuffer(saved[0]!.blob);
  });
  const entries = unzipSync(new Uint8Array(bytes));
  expect(Object.keys(entries)).toEqual(['mes-donnees-fiche.csv', 'mes-donnees-enfants.csv']);
  // Byte for byte what the server sent: the byte-order mark that tells a spreadsheet it is UTF-8, the accents.
  const children = entries['mes-donnees-enfants.csv']!;
  expect([...children.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(strFromU8(children)).toBe(FILES.files[1]!.text.slice(1)); // the decoder reads the mark and drops it
});
