// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { SignUpMark } from '../../frontend/src/features/admin-data/components/record-form';
import { createI18n } from '../../frontend/src/i18n/i18n';

/** The data editor's "signed up on" is a sentence: its day in words (docs/product-rules.md, "Québec conventions"). */
afterEach(cleanup);

describe("the data editor's sign-up mark", () => {
  it.each([
    ['fr', 'Inscrit par le formulaire le 2 septembre 2025'],
    ['en', 'Signed up through the form on September 2, 2025'],
  ] as const)('%s: says the day in words', (lang, words) => {
    render(<I18nextProvider i18n={createI18n(lang)}><SignUpMark at={new Date(2025, 8, 2, 14, 5).toISOString()} /></I18nextProvider>);
    expect(screen.getByText(words, { exact: false })).toBeTruthy();
  });
});
