// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import type { i18n as I18n } from 'i18next';
import { createI18n } from '../../frontend/src/i18n/i18n';
import { LOCALE_STORAGE_KEY } from '../../frontend/src/i18n/locale';
import { useLinkLanguage } from '../../frontend/src/i18n/use-link-language';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.documentElement.lang = '';
});

function LinkPage() {
  useLinkLanguage();
  return null;
}

/** An update link's page opened at `path` on a device whose app starts in its saved language (or French). */
async function openLink(path: string): Promise<I18n> {
  const i18n = createI18n();
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <LinkPage />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return i18n;
}

describe("an update link's ?lang= (docs/annual-update.md, Update link)", () => {
  it('shows the page in the link language without saving it as the device choice', async () => {
    const i18n = await openLink('/update/abc?lang=en');
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull();
    cleanup();

    // Two parents sharing a tablet: the next parent's French link, and the app itself, open in French.
    const next = await openLink('/update/def?lang=fr');
    await waitFor(() => expect(document.documentElement.lang).toBe('fr'));
    expect(next.language).toBe('fr');
    expect(createI18n().language).toBe('fr');
  });

  it("keeps the device's saved choice while the link shows its own language", async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'fr');
    const i18n = await openLink('/update/abc?lang=en');
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('fr');
  });

  it('a language picked with the switch on the link page is saved, as anywhere', async () => {
    const i18n = await openLink('/update/abc?lang=en');
    await waitFor(() => expect(i18n.language).toBe('en'));
    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('fr');
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
  });

  it('ignores a ?lang= that is not a supported language', async () => {
    const i18n = await openLink('/update/abc?lang=de');
    expect(i18n.language).toBe('fr');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull();
  });
});
