import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { resetDocumentClient } from '../../lambdas/common/dynamo';
import { createEntity, newEntityMeta } from '../../lambdas/directory/directory-repository';
import { closeCampaign, startCampaign } from '../../lambdas/annual-update/campaign-service';
import type { StackInfo } from '../../local/stack-info';
import type { Parent } from '../../shared/schemas/parent';
import { openBrowser, type BrowserSession } from '../support/browser';
import { useStack } from '../support/stack';
import { closeOpenCampaign, endCampaignJourney } from './campaign-support';
import { contextIn, demoAccount, mailTo, signInWith } from './auth-support';

/**
 * Bounces in Chromium (docs/annual-update.md, "Bounces and complaints"), French at 1440 px then English at 375 px,
 * on the shared stack: two parents of this file's own, one whose address is SES's bounce simulator address. The
 * admin sends to both; the local stack answers that address with the bounce SNS would deliver; the participants
 * manager shows "address bounced" with its date (the status filter finds it); sending again reaches the other
 * parent only (the emulator's mailbox); the admin corrects the email on the directory data page, and the next
 * send reaches the new address. Each language starts its own campaign and closes it.
 */
let stack: StackInfo;
let session: BrowserSession;
const own: Parent[] = [];

type Lang = 'fr' | 'en';
const TEXT = {
  fr: {
    viewport: 'desktop' as const,
    schoolYear: '2081-2082',
    lastName: 'Rebond-Parcours',
    title: 'Mise à jour annuelle des renseignements',
    search: 'Rechercher par nom, courriel ou classe',
    sendSelected: (n: number) => `Envoyer à la sélection (${n})`,
    sent: (sent: number, skipped: number) => `Envoi terminé : ${sent} envoyés, 0 en échec, ${skipped} ignorés.`,
    status: 'Statut',
    suppressedFilter: 'Adresse invalide ou plainte',
    bounced: /^Adresse invalide \(rebond\) depuis le \d{4}-\d{2}-\d{2} \d{1,2} h \d{2}$/,
    dataTitle: 'Données du bottin',
    editTab: 'Modifier',
    searchParent: 'Rechercher un parent',
    editOne: (name: string) => `Modifier ${name}`,
    email: 'Courriel',
    save: 'Enregistrer',
    saved: (name: string) => `La fiche de ${name} est enregistrée.`,
  },
  en: {
    viewport: 'mobile' as const,
    schoolYear: '2083-2084',
    lastName: 'Bounce-Path',
    title: 'Annual information update',
    search: 'Search by name, email or class',
    sendSelected: (n: number) => `Send to selected (${n})`,
    sent: (sent: number, skipped: number) => `Sending finished: ${sent} sent, 0 failed, ${skipped} skipped.`,
    status: 'Status',
    suppressedFilter: 'Bounced or complaint',
    bounced: /^Address bounced since \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
    dataTitle: 'Directory data',
    editTab: 'Edit',
    searchParent: 'Search for a parent',
    editOne: (name: string) => `Edit ${name}`,
    email: 'Email',
    save: 'Save',
    saved: (name: string) => `${name}'s record is saved.`,
  },
} as const;

const run = ulid().toLowerCase();
const bounceAddress = (lang: Lang) => `bounce+e2e-${lang}-${run}@simulator.amazonses.com`;

beforeAll(async () => {
  stack = useStack();
  resetDocumentClient();
  for (const lang of ['fr', 'en'] as const) {
    for (const [firstName, email] of [
      ['Anatole', bounceAddress(lang)],
      ['Bérénice', `e2e-bounce-ok-${lang}-${run}@test.example`],
    ] as const) {
      own.push(
        await createEntity('PARENT', {
          ...newEntityMeta(),
          firstName,
          lastName: TEXT[lang].lastName,
          email,
          interests: [],
          skills: '',
          participation: 'limited',
          preferredLanguage: lang,
        } as Parent),
      );
    }
  }
  session = await openBrowser();
});

afterAll(async () => {
  await endCampaignJourney(own);
  await session?.close();
});

/** Selects this run's parents of one language by their row's checkbox (table or cards), then sends to them. */
async function sendTo(page: Page, lang: Lang, people: Parent[]) {
  const text = TEXT[lang];
  await page.getByPlaceholder(text.search).fill(text.lastName);
  for (const p of people) await page.getByRole('checkbox', { name: `${p.firstName} ${p.lastName}` }).check({ timeout: 30_000 });
  await page.getByRole('button', { name: text.sendSelected(people.length) }).click();
}

describe.each(['fr', 'en'] as const)('bounces in the participants manager (%s)', (lang) => {
  const text = TEXT[lang];

  it('a simulated bounce shows in the manager, no further email goes to that address, a corrected email is sendable', async () => {
    await closeOpenCampaign('test-setup');
    const { campaign } = await startCampaign({ schoolYear: text.schoolYear, confirmation: 'confirm' }, 'e2e-bounces');
    const [bouncer, other] = own.filter((p) => p.lastName === text.lastName) as [Parent, Parent];
    const admin = demoAccount(stack, 'admin');
    const context = await contextIn(() => session.newContext(text.viewport), lang);
    const page = await context.newPage();
    const openManager = async () => {
      await page.goto(`${stack.appUrl}/admin/annual-update`);
      await page.getByRole('heading', { level: 1, name: text.title }).waitFor({ timeout: 60_000 });
    };
    await page.goto(`${stack.appUrl}/auth?redirect=${encodeURIComponent('/admin/annual-update')}`);
    await signInWith(page, lang, admin.email, admin.password);
    await page.getByRole('heading', { level: 1, name: text.title }).waitFor({ timeout: 60_000 });

    // The first send reaches both; SES (simulated) answers the bounce address with a permanent bounce.
    await sendTo(page, lang, [bouncer, other]);
    await page.getByText(text.sent(2, 0)).waitFor({ timeout: 60_000 });
    expect(await mailTo(stack, bouncer.email!)).toHaveLength(1);

    // The manager marks the parent, with the date; the status filter finds them.
    await expect
      .poll(
        async () => {
          await openManager();
          await page.getByRole('button', { name: new RegExp(`^${text.status} `) }).click();
          await page.getByRole('option', { name: text.suppressedFilter }).click();
          await page.getByPlaceholder(text.search).fill(text.lastName);
          return page.getByText(text.bounced).count();
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(1);
    await page.getByText(`${bouncer.firstName}`, { exact: false }).first().waitFor({ timeout: 10_000 });
    expect(await page.getByText(`${other.lastName}, ${other.firstName}`).count()).toBe(0);

    // Sending again: the other parent gets a second email, the bounced address nothing.
    await openManager();
    await sendTo(page, lang, [bouncer, other]);
    await page.getByText(text.sent(1, 1)).waitFor({ timeout: 60_000 });
    expect(await mailTo(stack, bouncer.email!)).toHaveLength(1);
    expect(await mailTo(stack, other.email!)).toHaveLength(2);

    // The admin corrects the email on the directory data page.
    const corrected = `e2e-bounce-fixed-${lang}-${run}@test.example`;
    const name = `${bouncer.firstName} ${bouncer.lastName}`;
    await page.goto(`${stack.appUrl}/admin/data`);
    await page.getByRole('heading', { level: 1, name: text.dataTitle }).waitFor({ timeout: 60_000 });
    await page.getByRole('tab', { name: text.editTab, exact: true }).click();
    await page.getByLabel(text.searchParent).fill(text.lastName);
    await page.getByRole('button', { name: text.editOne(name), exact: true }).click({ timeout: 30_000 });
    const email = page.getByLabel(text.email, { exact: true });
    await email.waitFor({ timeout: 30_000 });
    await email.fill(corrected);
    await page.getByRole('button', { name: text.save, exact: true }).click();
    await page.getByText(text.saved(name)).waitFor({ timeout: 30_000 });

    // Sendable again: no more bounce status, and the next send reaches the new address.
    await openManager();
    await page.getByPlaceholder(text.search).fill(text.lastName);
    await page.getByRole('checkbox', { name: name }).waitFor({ timeout: 30_000 });
    expect(await page.getByText(text.bounced).count()).toBe(0);
    await sendTo(page, lang, [bouncer]);
    await page.getByText(text.sent(1, 0)).waitFor({ timeout: 60_000 });
    expect(await mailTo(stack, corrected)).toHaveLength(1);
    expect(await mailTo(stack, bouncer.email!)).toHaveLength(1);

    await closeCampaign(campaign.id, 'e2e-bounces');
    await context.close();
  });
});
