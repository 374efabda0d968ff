import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { resetDocumentClient } from '../../lambdas/common/dynamo';
import { createEntity, getEntity, newEntityMeta } from '../../lambdas/directory/directory-repository';
import { getCampaignLock } from '../../lambdas/annual-update/campaign-repository';
import { closeCampaign } from '../../lambdas/annual-update/campaign-service';
import { continueSendJob, startSendJob } from '../../lambdas/annual-update/send-job-service';
import type { StackInfo } from '../../local/stack-info';
import type { Parent } from '../../shared/schemas/parent';
import { openBrowser, type BrowserSession } from '../support/browser';
import { useStack } from '../support/stack';
import { testSendDeps } from '../lambdas/annual-update-support';
import { closeOpenCampaign, endCampaignJourney } from './campaign-support';
import { contextIn, demoAccount, explained, signInWith, updateLinkFor } from './auth-support';

/**
 * Review before publishing (docs/annual-update.md) in Chromium on the shared stack, French at 1440 px and English
 * at 375 px: the administrator starts a campaign with review on (the start dialog's checkbox), a parent of this
 * file's own changes phone and address through the emailed link, the form then says the changes await review and
 * the directory still shows the old values; the administrator accepts the phone and rejects the address on the
 * review screen; the directory shows the new phone and the old address. Each language closes its campaign.
 */
let stack: StackInfo;
let session: BrowserSession;
const own: Parent[] = [];
/** Years of their own (one campaign per school year on the shared stack, which other files also use). */
const BASE_YEAR = 2300 + Math.floor(Math.random() * 600);

const TEXT = {
  fr: {
    viewport: 'desktop',
    schoolYear: `${BASE_YEAR}-${BASE_YEAR + 1}`,
    firstName: 'Révisée',
    title: 'Mise à jour annuelle des renseignements',
    startOpen: 'Lancer la campagne',
    schoolYearLabel: 'Année scolaire',
    reviewOption: 'Réviser les changements avant de les publier',
    confirmLabel: 'Tapez confirm pour confirmer',
    start: 'Lancer',
    started: 'est lancée',
    reviewLabel: 'Révision avant publication',
    reviewOn: 'Activée',
    phone: 'Téléphone',
    street: 'Adresse (numéro et rue)',
    validate: 'Valider',
    successNote: "Vos changements attendent la révision de l'école\u00a0: le bottin les montrera une fois acceptés.",
    awaiting: "Vos changements attendent la révision de l'école",
    reviewLink: 'Réviser les changements en attente (1)',
    reviewTitle: 'Révision des changements',
    accept: 'Accepter Téléphone',
    reject: 'Refuser Adresse',
    accepted: 'Changement publié pour',
    empty: "Aucun changement n'attend de révision.",
  },
  en: {
    viewport: 'mobile',
    schoolYear: `${BASE_YEAR + 1}-${BASE_YEAR + 2}`,
    firstName: 'Reviewed',
    title: 'Annual information update',
    startOpen: 'Start campaign',
    schoolYearLabel: 'School year',
    reviewOption: 'Review changes before publishing them',
    confirmLabel: 'Type confirm to confirm',
    start: 'Start',
    started: 'has started',
    reviewLabel: 'Review before publishing',
    reviewOn: 'On',
    phone: 'Phone',
    street: 'Street address',
    validate: 'Validate',
    successNote: 'Your changes are awaiting review by the school: the directory will show them once accepted.',
    awaiting: 'Your changes are awaiting review by the school',
    reviewLink: 'Review pending changes (1)',
    reviewTitle: 'Review changes',
    accept: 'Accept Phone',
    reject: 'Reject Address',
    accepted: 'Change published for',
    empty: 'No changes are waiting for review.',
  },
} as const;

const OLD_STREET = '12, rue des Érables';

beforeAll(async () => {
  stack = useStack();
  resetDocumentClient();
  for (const lang of ['fr', 'en'] as const) {
    own.push(
      await createEntity('PARENT', {
        ...newEntityMeta(),
        firstName: TEXT[lang].firstName,
        lastName: 'Parcours-Révision',
        email: `e2e-review-${lang}-${ulid().toLowerCase()}@test.example`,
        phone: '4505550111',
        address: { street: OLD_STREET, city: 'Laval', postalCode: 'H7N 1A1' },
        interests: [],
        skills: '',
        participation: 'full',
        preferredLanguage: lang,
      }),
    );
  }
  session = await openBrowser();
});

afterAll(async () => {
  await endCampaignJourney(own);
  await session?.close();
});

/** The directory's parents page searched on one email: what it shows (a table at 1440 px, cards at 375 px). */
async function directoryShows(page: Page, email: string, lastName: string): Promise<string> {
  await page.goto(`${stack.appUrl}/parents?q=${encodeURIComponent(email)}`);
  const main = page.getByRole('main');
  await explained(page, () => expect.poll(() => main.innerText(), { timeout: 30_000 }).toContain(lastName));
  return main.innerText();
}

describe.each(['fr', 'en'] as const)('review before publishing (%s)', (lang) => {
  const text = TEXT[lang];
  const parent = () => own.find((p) => p.firstName === text.firstName)!;

  it('with review on, a change waits, is accepted field by field and appears in the directory', async () => {
    await closeOpenCampaign('test-setup');
    const admin = demoAccount(stack, 'admin');
    const context = await contextIn(() => session.newContext(text.viewport), lang);
    const page = await context.newPage();
    await page.goto(`${stack.appUrl}/auth?redirect=${encodeURIComponent('/admin/annual-update')}`);
    await signInWith(page, lang, admin.email, admin.password);
    await page.getByRole('heading', { level: 1, name: text.title }).waitFor({ timeout: 60_000 });

    // Start with review on: the start dialog's checkbox.
    await page.getByRole('button', { name: text.startOpen }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(text.schoolYearLabel).fill(text.schoolYear);
    await dialog.getByRole('checkbox', { name: text.reviewOption }).check();
    await dialog.getByLabel(text.confirmLabel).fill('confirm');
    await dialog.getByRole('button', { name: text.start, exact: true }).click();
    await page.getByText(text.started, { exact: false }).first().waitFor({ timeout: 60_000 });
    await page.getByText(text.reviewLabel, { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByText(text.reviewOn, { exact: true }).waitFor({ timeout: 30_000 });

    // The parent's link (sent server-side: the sending screen has its own journey).
    const lockNow = (await getCampaignLock())!;
    const job = await startSendJob(lockNow.owner, { mode: 'selected', parentIds: [parent().id] }, 'e2e-review', { now: () => new Date() });
    await continueSendJob(lockNow.owner, job.jobId, testSendDeps(stack));
    const link = await updateLinkFor(stack, parent().email!);

    // The parent changes phone and address through the link.
    const parentContext = await contextIn(() => session.newContext(text.viewport), lang);
    const form = await parentContext.newPage();
    await form.goto(link);
    const phone = form.getByLabel(text.phone, { exact: true });
    await phone.waitFor({ timeout: 60_000 });
    await phone.fill('438 555-0177');
    await form.getByLabel(text.street, { exact: false }).first().fill('8, rue des Lilas');
    await form.getByRole('button', { name: text.validate }).click();
    await form.getByText(text.successNote).waitFor({ timeout: 30_000 });

    // The form says the changes await review, and shows the values sent.
    await form.goto(link);
    await form.getByText(text.awaiting, { exact: true }).waitFor({ timeout: 60_000 });
    expect(await form.getByLabel(text.phone, { exact: true }).inputValue()).toBe('438 555-0177');

    // The directory still shows the old values.
    const before = await directoryShows(page, parent().email!, parent().lastName);
    expect(before).toContain('450 555-0111');
    expect(before).not.toContain('438 555-0177');

    // The administrator accepts the phone and rejects the address.
    await page.goto(`${stack.appUrl}/admin/annual-update`);
    await page.getByRole('link', { name: text.reviewLink }).click({ timeout: 60_000 });
    await page.getByRole('heading', { level: 1, name: text.reviewTitle }).waitFor({ timeout: 60_000 });
    const name = `${parent().firstName} ${parent().lastName}`;
    await page.getByRole('button', { name: `${text.accept} (${name})` }).click({ timeout: 30_000 });
    await page.getByText(`${text.accepted} ${name}.`).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: `${text.reject} (${name})` }).click({ timeout: 30_000 });
    await page.getByText(text.empty).waitFor({ timeout: 30_000 });

    // The directory shows the new phone and the old address.
    const after = await directoryShows(page, parent().email!, parent().lastName);
    expect(after).toContain('438 555-0177');
    const stored = (await getEntity('PARENT', parent().id))!;
    expect(stored.phone).toBe('4385550177');
    expect(stored.address?.street).toBe(OLD_STREET);

    await closeCampaign(lockNow.owner, 'e2e-review');
    await parentContext.close();
    await context.close();
  });
});
