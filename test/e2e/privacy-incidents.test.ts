import { readFileSync } from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, trackPageErrors, VIEWPORTS, type BrowserSession } from '../support/browser';
import { seriousFindings } from '../support/axe';
import { useStack } from '../support/stack';
import { demoAccount, h1, signedInContext, warmUp } from './auth-support';

/**
 * The confidentiality-incident register (docs/privacy.md) in Chromium: the demo administrator, in French at
 * 1440 px, records an incident (after the form has said what is missing), edits it (confirming the change),
 * exports the register as CSV; then, the window narrowed to 375 px (the layout follows the width, as when a
 * window is resized), the same screens pass axe with no serious or critical finding. One signed-in profile and one
 * load of the register for both.
 */
const stack = useStack();
let session: BrowserSession;

beforeAll(async () => {
  session = await openBrowser({ bypassCSP: true });
  await warmUp(session, stack);
});
afterAll(async () => {
  await session?.close();
});

/** A marker unique to this run, so the row is found whatever else the shared stack's register holds. */
const MARKER = `Courriel de classe envoyé au mauvais groupe ${Date.now()}`;

async function signedInAdmin(): Promise<Page> {
  const context = await signedInContext(session, stack, demoAccount(stack, 'admin'), 'fr', 'desktop');
  const page = await context.newPage();
  await page.goto(`${stack.appUrl}/admin/privacy-incidents`);
  await expect.poll(() => h1(page).textContent(), { timeout: 30_000 }).toBe('Registre des incidents de confidentialité');
  return page;
}

async function fillIncident(page: Page): Promise<void> {
  const main = page.getByRole('main');
  await main.getByLabel("Date de l'incident", { exact: true }).fill('2026-09-14');
  await main.getByLabel("Date de connaissance de l'incident", { exact: true }).fill('2026-09-15');
  await main.getByLabel("Description de l'incident", { exact: true }).fill(MARKER);
  await main.getByLabel('Renseignements personnels visés', { exact: true }).fill('Noms et adresses courriel des parents');
  await main.getByLabel('Nombre de personnes concernées', { exact: true }).fill('18');
  await main.getByRole('radio', { name: 'Non, pas de risque de préjudice sérieux' }).check();
  await main.getByLabel("Motifs de l'évaluation du risque", { exact: true }).fill('Destinataires connus; messages supprimés');
  await main.getByRole('checkbox', { name: 'Les personnes concernées ont été avisées' }).check();
  await main.getByLabel("Date de l'avis aux personnes", { exact: true }).fill('2026-09-16');
}

describe('incident register', () => {
  it('records, edits and exports an incident (fr, 1440 px); at 375 px the register, the form with its messages and the confirmation have no serious or critical axe finding', { timeout: 360_000 }, async () => {
    const page = await signedInAdmin();
    const errors = trackPageErrors(page);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Consigner un incident' }).first().click();
    await main.getByRole('button', { name: "Consigner l'incident" }).click();
    await main.getByText('Corrigez les champs signalés.', { exact: true }).waitFor();
    expect(await main.getByText('Ce champ est obligatoire.', { exact: true }).count()).toBeGreaterThanOrEqual(4);

    await fillIncident(page);
    await main.getByRole('button', { name: "Consigner l'incident" }).click();
    await page.getByText("L'incident est consigné au registre.").waitFor({ timeout: 30_000 });
    const row = main.getByRole('row').filter({ hasText: MARKER });
    await row.waitFor();
    expect(await row.textContent()).toContain('2026-09-16');

    await row.getByRole('button', { name: "Modifier l'incident connu le 15 septembre 2026" }).click();
    await main.getByLabel('Mesures prises pour diminuer le risque', { exact: true }).fill('Rappel des règles aux bénévoles');
    await main.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Enregistrer les modifications?').waitFor();
    await dialog.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await page.getByText("L'incident est mis à jour.").waitFor({ timeout: 30_000 });

    const download = await new Promise<Download>((resolve, reject) => {
      page.once('download', resolve);
      main.getByRole('button', { name: 'Exporter en CSV' }).click().catch(reject);
    });
    expect(download.suggestedFilename()).toMatch(/^registre-incidents-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFIdentifiant;')).toBe(true);
    expect(csv).toContain(MARKER);
    expect(csv).toContain('Rappel des règles aux bénévoles');
    expect(errors).toEqual([]);

    // The same screens on a phone.
    await page.setViewportSize(VIEWPORTS.mobile);
    await expect.poll(() => page.evaluate('window.innerWidth')).toBe(VIEWPORTS.mobile.width);
    await main.getByText(MARKER).first().waitFor({ timeout: 30_000 });
    const findings: Record<string, unknown[]> = { list: await seriousFindings(page) };
    await main.getByRole('button', { name: 'Consigner un incident' }).first().click();
    await main.getByRole('button', { name: "Consigner l'incident" }).click();
    await main.getByText('Corrigez les champs signalés.', { exact: true }).waitFor();
    findings.form = await seriousFindings(page);
    await main.getByRole('button', { name: 'Annuler' }).click();
    await main.getByRole('button', { name: "Modifier l'incident connu le 15 septembre 2026" }).first().click();
    await main.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await page.getByRole('dialog').getByText('Enregistrer les modifications?').waitFor();
    findings.confirm = await seriousFindings(page);
    expect(findings).toEqual({ list: [], form: [], confirm: [] });
    // No horizontal scrolling of the page at 375 px.
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await page.context().close();
  });
});
