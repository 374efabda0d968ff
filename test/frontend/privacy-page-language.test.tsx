// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { buildPrivacyNotice } from '../../lambdas/privacy/notice-text';
import { privacyNoticeKey } from '../../frontend/src/features/privacy/api/privacy-queries';
import { PrivacyPage } from '../../frontend/src/features/privacy/pages/privacy-page';
import { renderWithAnswers } from './render-screen';

/**
 * The privacy policy's address names its language (/confidentialite, /privacy): its title, description and version
 * line follow it, whatever the visitor's own language (an English reader of /confidentialite saw "Privacy policy"
 * over the French policy); the link to the other version is in that other language.
 */
const NOTICE = buildPrivacyNotice({ schoolName: 'École des Érables', contactEmail: 'secretariat@ecole.example', settingsVersion: 3, region: 'ca-central-1' });
afterEach(cleanup);

describe('the privacy policy page', () => {
  it.each([
    ['fr', 'en', 'Politique de confidentialité', 'Read in English'],
    ['en', 'fr', 'Privacy policy', 'Lire en français'],
  ] as const)('at its %s address, read by a visitor in %s: the page speaks the policy\'s language', async (policy, visitor, title, other) => {
    renderWithAnswers(<PrivacyPage lang={policy} />, { locale: visitor, answers: [[privacyNoticeKey, NOTICE]] });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title), { timeout: 20_000 });
    expect(screen.getByRole('link', { name: other })).toBeTruthy();
    expect(screen.getByTestId('privacy-notice').getAttribute('lang')).toBe(policy);
    // The title marked in its language for screen readers (the app around it speaks the visitor's).
    expect(screen.getByRole('heading', { level: 1 }).closest('[lang]')?.getAttribute('lang')).toBe(policy);
    expect(screen.getByTestId('privacy-notice').textContent).toContain(`Version ${NOTICE.version}`);
  });
});
