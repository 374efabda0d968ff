// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { MeResponse } from '@shared/contracts/auth-api';
import { useProfileLanguage } from '../../frontend/src/features/auth';
import { createI18n } from '../../frontend/src/i18n/i18n';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const parentMe = (preferredLanguage: 'fr' | 'en'): MeResponse =>
  ({
    email: 'jordan@example.com',
    displayName: 'Jordan Smith',
    userType: 'parent',
    personIds: ['01JD0000000000000000000001'],
    isAdmin: false,
    parents: [{ id: '01JD0000000000000000000001', firstName: 'Jordan', lastName: 'Smith', participation: 'full', preferredLanguage, interests: [], skills: '', children: [] }],
  }) as unknown as MeResponse;

function Probe({ me }: { me: MeResponse | null }) {
  useProfileLanguage(me);
  return null;
}

function signIn(me: MeResponse | null) {
  const i18n = createI18n('fr');
  render(
    <I18nextProvider i18n={i18n}>
      <Probe me={me} />
    </I18nextProvider>,
  );
  return i18n;
}

describe("the signed-in parent's own language", () => {
  it('shows the app in English to a parent whose profile says English, on a device where nobody chose a language, and keeps it', async () => {
    const i18n = signIn(parentMe('en'));
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('locale')).toBe('en');
  });

  it('leaves a language chosen on this device as it is (a shared tablet), and French for a French profile or a staff member', async () => {
    window.localStorage.setItem('locale', 'fr');
    const chosen = signIn(parentMe('en'));
    cleanup();
    window.localStorage.clear();
    const french = signIn(parentMe('fr'));
    cleanup();
    const staff = signIn({ ...parentMe('en'), userType: 'staff', parents: undefined } as unknown as MeResponse);
    // Give a wrong switch the time to happen.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([chosen.language, french.language, staff.language]).toEqual(['fr', 'fr', 'fr']);
  });
});
