// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { ContactDetails } from '../../frontend/src/components/directory/contact-details';
import { HighlightQuery } from '../../frontend/src/components/directory/highlight';
import { createI18n } from '../../frontend/src/i18n/i18n';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const PERSON = {
  email: 'francois.cote@exemple.ca',
  phone: '5145551234',
  address: { street: "123, rue de l'Église", city: 'Montréal', postalCode: 'h2x1y4' },
};

function renderIn(locale: 'fr' | 'en', query = '') {
  return render(
    <I18nextProvider i18n={createI18n(locale)}>
      <HighlightQuery.Provider value={query}>
        <ContactDetails {...PERSON} matchEmail />
      </HighlightQuery.Provider>
    </I18nextProvider>,
  );
}

/** A clipboard that records what was written, or refuses. */
function stubClipboard(refuse = false): string[] {
  const written: string[] = [];
  vi.stubGlobal('navigator', {
    ...navigator,
    clipboard: {
      writeText: (text: string) => {
        if (refuse) return Promise.reject(new Error('denied'));
        written.push(text);
        return Promise.resolve();
      },
    },
  });
  return written;
}

describe('contact details', () => {
  it('links email and phone, shows Québec formats, and highlights the query in the email', () => {
    const { container } = renderIn('fr', 'cote');
    expect(container.querySelector('a[href="mailto:francois.cote@exemple.ca"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: '514 555-1234' }).getAttribute('href')).toBe('tel:+15145551234');
    // A text message from every list (a trial found none on Parents or Students).
    expect(screen.getByRole('link', { name: 'Envoyer un texto au 514 555-1234' }).getAttribute('href')).toBe('sms:+15145551234');
    expect(container.textContent).toContain("123, rue de l'Église, Montréal H2X 1Y4");
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['cote']);
    cleanup();
    // An office's line (the school's card) takes no text message.
    render(
      <I18nextProvider i18n={createI18n('fr')}>
        <ContactDetails phone="5145550199" textable={false} />
      </I18nextProvider>,
    );
    expect(screen.queryByRole('link', { name: /texto/ })).toBeNull();
  });

  it('copies each line as shown, says so to screen readers, then becomes a copy button again (fr)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const written = stubClipboard();
    renderIn('fr');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copier le numéro de téléphone' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: "Copier l'adresse" })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copier le courriel' })));
    expect(written).toEqual(['514 555-1234', "123, rue de l'Église, Montréal H2X 1Y4", 'francois.cote@exemple.ca']);
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Copié', 'Copié', 'Copié']);

    await act(async () => vi.advanceTimersByTime(2_000));
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['', '', '']);
  });

  it('says when the copy fails, in English', async () => {
    stubClipboard(true);
    renderIn('en');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy phone number' })));
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['', 'Copy failed', '']);
  });

  it('never breaks a phone number or a postal code across two lines', () => {
    renderIn('fr');
    expect(screen.getByRole('link', { name: '514 555-1234' }).style.whiteSpace).toBe('nowrap');
    expect(screen.getByText('H2X 1Y4').style.whiteSpace).toBe('nowrap');
  });

  it('shows nothing for a person who shared no contact', () => {
    const { container } = render(
      <I18nextProvider i18n={createI18n('en')}>
        <ContactDetails />
      </I18nextProvider>,
    );
    expect(container.textContent).toBe('');
  });
});
