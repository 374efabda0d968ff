// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { LettersProgress } from '../../frontend/src/features/annual-update/components/letters-progress';
import { SendProgress } from '../../frontend/src/features/annual-update/components/send-progress';
import { createI18n } from '../../frontend/src/i18n/i18n';
import type { Locale } from '../../frontend/src/i18n/locale';
import type { SendJobProgress } from '@shared/contracts/annual-update-api';

/**
 * Long admin actions say what is happening (docs/annual-update.md, "Long actions"): a send shows its first step while
 * the server lists the recipients (a single invitation took 2.6 s with nothing on screen but a disabled button), then
 * the emails out of the total; paper letters (1.5 to 5 s) show the server's codes, then the browser's layout. Each
 * step in the reader's language, in a polite live region, with a bar.
 */
afterEach(cleanup);

const show = (locale: Locale, ui: React.ReactElement) => render(<I18nextProvider i18n={createI18n(locale)}>{ui}</I18nextProvider>);
const region = () => screen.getByTestId('step-progress');
const bar = () => (screen.getByRole('progressbar') as HTMLProgressElement).value;

const JOB: SendJobProgress = {
  jobId: '01JABCDEFGHJKMNPQRSTVW0001', campaignId: '01JABCDEFGHJKMNPQRSTVW0002', mode: 'selected', status: 'running',
  total: 4, pending: 1, retrying: 0, sending: 1, sent: 2, failed: 0, uncertain: 0, skipped: 0, done: false, busy: false,
  createdAt: '2026-09-10T12:00:00.000Z',
};

describe('a send shows its progress from the click on', () => {
  it('step 1 of 2 while the server lists the recipients (no job yet)', () => {
    show('fr', <SendProgress job={null} />);
    expect(region().getAttribute('aria-live')).toBe('polite');
    expect(region().textContent).toContain('Envoi des courriels');
    expect(region().textContent).toContain('Étape 1 sur 2\u00a0: préparation de la liste des destinataires…');
    expect(bar()).toBe(0);
    expect(document.body.textContent).toContain("Gardez cette page ouverte jusqu'à la fin de l'envoi");
  });

  it('step 2 of 2 with the emails handled out of the total', () => {
    show('en', <SendProgress job={JOB} />);
    expect(region().textContent).toContain('Step 2 of 2: sending the emails…');
    expect(region().textContent).toContain('2 sent, 0 failed, 0 skipped, out of 4');
    // The page drives the sending: it says to stay (a trial's volunteer left at 188 of 404 and it stopped unsaid).
    expect(document.body.textContent).toContain('Keep this page open until the sending ends: it stops if you leave it or lock the phone');
    expect(bar()).toBe(50);
  });
});

describe("a send's bar says its share as the page writes percentages", () => {
  it.each([
    ['fr', '37,5\u00a0%'],
    ['en', '37.5%'],
  ] as const)('%s: 3 of 8 emails handled: « %s », to the bar\'s text and to a screen reader', (locale, text) => {
    show(locale, <SendProgress job={{ ...JOB, total: 8, pending: 4, sending: 1, sent: 3 }} />);
    // Cloudscape rounded the value itself and wrote it its own way ("38%"), which a screen reader heard as well.
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe(text);
    expect(region().querySelector('progress + [aria-hidden="true"] > *')!.textContent).toBe(text);
    expect(region().textContent).not.toContain('38');
  });
});

describe('paper letters show their steps', () => {
  it.each([
    ['fr', 'codes', 'Étape 1 sur 2\u00a0: création des codes personnels…', 0],
    ['fr', 'layout', 'Étape 2 sur 2\u00a0: mise en page des lettres…', 50],
    ['en', 'codes', 'Step 1 of 2: issuing the personal codes…', 0],
    ['en', 'layout', 'Step 2 of 2: laying out the letters…', 50],
  ] as const)('%s, %s', (locale, step, text, value) => {
    show(locale, <LettersProgress step={step} />);
    expect(region().textContent).toContain(locale === 'fr' ? 'Préparation des lettres' : 'Preparing the letters');
    expect(region().textContent).toContain(text);
    expect(bar()).toBe(value);
  });
});
