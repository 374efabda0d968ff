// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import Modal from '@cloudscape-design/components/modal';
import { CloudscapeI18n } from '../../frontend/src/i18n/cloudscape-i18n';
import { createI18n } from '../../frontend/src/i18n/i18n';

/** Cloudscape's own labels, as the app's provider gives them (frontend/src/i18n/i18n.ts, CLOUDSCAPE_WORDING). */
afterEach(cleanup);

describe("Cloudscape's labels", () => {
  it.each([
    ['fr', 'Fermer la fenêtre'],
    ['en', 'Close dialog'],
  ] as const)('%s: a dialog\'s close button reads as the language does (« Fermer le modal » in French before)', (lang, close) => {
    render(
      <I18nextProvider i18n={createI18n(lang)}>
        <CloudscapeI18n>
          <Modal visible header="Titre" onDismiss={() => undefined}>
            Texte
          </Modal>
        </CloudscapeI18n>
      </I18nextProvider>,
    );
    expect(screen.getByRole('button', { name: close })).toBeTruthy();
  });
});
