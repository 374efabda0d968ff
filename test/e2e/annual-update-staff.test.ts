import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { resetDocumentClient } from '../../lambdas/common/dynamo';
import { createEntity, deleteEntity, getEntity, newEntityMeta } from '../../lambdas/directory/directory-repository';
import { getCampaignLock } from '../../lambdas/annual-update/campaign-repository';
import { closeCampaign } from '../../lambdas/annual-update/campaign-service';
import type { StackInfo } from '../../local/stack-info';
import type { Staff } from '../../shared/schemas/staff';
import { openBrowser, type BrowserSession } from '../support/browser';
import { useStack } from '../support/stack';
import { contextIn, demoAccount, mailTo, signInWith } from './auth-support';

/**
 * Staff update links (docs/annual-update.md, "Staff") in Chromium on the shared seeded stack: the admin starts a
 * campaign with "include staff" ticked, sends to this file's own staff member, who follows the emailed link
 * (French at 1440 px, English at 375 px), changes their title and extension, hides their email and submits; the
 * staff page then shows the new title and extension and no email, and the participants manager's staff filter
 * shows them as submitted. Each language uses its own school year and closes its campaign.
 */
let stack: StackInfo;
let session: BrowserSession;
const own: Staff[] = [];

const TEXT = {
  fr: {
    viewport: 'desktop',
    schoolYear: '2071-2072',
    lastName: 'Parcours-Personnel',
    annualUpdateTitle: 'Mise à jour annuelle des renseignements',
    startOpen: 'Lancer la campagne',
    schoolYearLabel: 'Année scolaire',
    includeStaff: 'Inclure le personnel',
    confirmLabel: 'Tapez confirm pour confirmer',
    start: 'Lancer',
    started: (year: string) => `La campagne ${year} est lancée.`,
    search: 'Rechercher par nom, courriel ou classe',
    sendSelected: 'Envoyer à la sélection (1)',
    sent: 'Envoi terminé : 1 envoyés, 0 en échec, 0 ignorés.',
    pageTitle: 'Mettre à jour ma fiche du personnel',
    noClasses: 'Aucune',
    titleFr: 'Titre (français)',
    titleEn: 'Titre (anglais)',
    extension: 'Poste téléphonique (facultatif)',
    extensionInvalid: 'Entrez de 1 à 6 chiffres, sans lettres ni espaces.',
    showEmail: 'Afficher mon courriel dans le bottin',
    submit: 'Envoyer',
    success: 'Renseignements mis à jour',
    newTitle: { fr: 'Orthopédagogue', en: 'Remedial teacher' },
    shownTitle: 'Orthopédagogue',
    extensionShown: 'Poste 2468',
    staffSearch: 'Chercher par nom, titre ou service',
    staffFilter: 'Personnel',
    submitted: 'Soumis',
  },
  en: {
    viewport: 'mobile',
    schoolYear: '2073-2074',
    lastName: 'Staff-Journey',
    annualUpdateTitle: 'Annual information update',
    startOpen: 'Start campaign',
    schoolYearLabel: 'School year',
    includeStaff: 'Include staff',
    confirmLabel: 'Type confirm to confirm',
    start: 'Start',
    started: (year: string) => `The ${year} campaign has started.`,
    search: 'Search by name, email or class',
    sendSelected: 'Send to selected (1)',
    sent: 'Sending finished: 1 sent, 0 failed, 0 skipped.',
    pageTitle: 'Update my staff entry',
    noClasses: 'None',
    titleFr: 'Title (French)',
    titleEn: 'Title (English)',
    extension: 'Phone extension (optional)',
    extensionInvalid: 'Enter 1 to 6 digits, without letters or spaces.',
    showEmail: 'Show my email in the directory',
    submit: 'Submit',
    success: 'Information updated',
    newTitle: { fr: 'Psychoéducatrice', en: 'Psychoeducator' },
    shownTitle: 'Psychoeducator',
    extensionShown: 'Ext. 2468',
    staffSearch: 'Search by name, title or department',
    staffFilter: 'Staff',
    submitted: 'Submitted',
  },
} as const;

/** The staff link of the last email to `email`, with its query (`lang`, `form=staff`), on this stack's origin. */
async function staffLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const [mail] = await mailTo(stack, email);
      link = /https?:\/\/[^\s"<>]+\/update\/[A-Za-z0-9_-]{43}\?[^\s"<>]+/.exec(mail?.body.text ?? '')?.[0];
      return link;
    }, { timeout: 15_000 })
    .toBeTruthy();
  const url = new URL(link!);
  return `${stack.appUrl}${url.pathname}${url.search}`;
}

const noHorizontalScroll = (page: Page) =>
  page.evaluate('document.documentElement.scrollWidth <= window.innerWidth') as Promise<boolean>;

beforeAll(async () => {
  stack = useStack();
  resetDocumentClient();
  for (const lang of ['fr', 'en'] as const) {
    own.push(
      await createEntity('STAFF', {
        ...newEntityMeta(),
        firstName: 'Solange',
        lastName: TEXT[lang].lastName,
        email: `e2e-staff-${lang}-${ulid().toLowerCase()}@test.example`,
        title: { fr: 'Enseignante', en: 'Teacher' },
        department: 'teaching',
        interests: [],
        preferredLanguage: lang,
      }),
    );
  }
  session = await openBrowser();
});

afterAll(async () => {
  // Other files start their own campaigns on this stack: never leave ours holding the lock.
  const lock = await getCampaignLock();
  if (lock) await closeCampaign(lock.owner, 'test-cleanup');
  for (const member of own) {
    const current = await getEntity('STAFF', member.id);
    if (current) await deleteEntity('STAFF', current);
  }
  await session?.close();
});

describe.each(['fr', 'en'] as const)('staff update link journey (%s)', (lang) => {
  const text = TEXT[lang];
  const member = () => own.find((s) => s.lastName === text.lastName)!;

  it('a staff member updates their entry through a link; the staff page and the staff filter show it', async () => {
    const lock = await getCampaignLock();
    if (lock) await closeCampaign(lock.owner, 'test-setup');
    const admin = demoAccount(stack, 'admin');
    const adminContext = await contextIn(() => session.newContext(text.viewport), lang);
    const page = await adminContext.newPage();
    await page.goto(`${stack.appUrl}/auth?redirect=${encodeURIComponent('/admin/annual-update')}`);
    await signInWith(page, lang, admin.email, admin.password);
    await page.getByRole('heading', { level: 1, name: text.annualUpdateTitle }).waitFor({ timeout: 60_000 });

    // Start with "include staff" ticked.
    await page.getByRole('button', { name: text.startOpen }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(text.schoolYearLabel).fill(text.schoolYear);
    await dialog.getByRole('checkbox', { name: text.includeStaff }).check();
    await dialog.getByLabel(text.confirmLabel).fill('confirm');
    await dialog.getByRole('button', { name: text.start, exact: true }).click();
    await page.getByText(text.started(text.schoolYear), { exact: false }).waitFor({ timeout: 60_000 });

    // The staff member is a participant: search their last name, select, send.
    await page.getByPlaceholder(text.search).fill(text.lastName);
    // The row's own checkbox (a table at 1440 px, a card at 375 px).
    await page.getByRole('checkbox', { name: `${member().firstName} ${member().lastName}` }).check();
    await page.getByRole('button', { name: text.sendSelected }).click();
    await page.getByText(text.sent).waitFor({ timeout: 60_000 });

    // The emailed link, in the staff member's language, opens the staff form.
    const link = await staffLinkFor(member().email!);
    expect(link).toContain(`lang=${lang}`);
    const staffContext = await contextIn(() => session.newContext(text.viewport), lang);
    const form = await staffContext.newPage();
    await form.goto(link);
    await form.getByRole('heading', { level: 1, name: text.pageTitle }).waitFor({ timeout: 60_000 });
    expect(await form.getByTestId('staff-classes').innerText()).toBe(text.noClasses);
    expect(await noHorizontalScroll(form)).toBe(true);
    await form.getByLabel(text.titleFr, { exact: true }).fill(text.newTitle.fr);
    await form.getByLabel(text.titleEn, { exact: true }).fill(text.newTitle.en);
    // A bad extension is refused in words, before anything is sent.
    await form.getByLabel(text.extension, { exact: true }).fill('24 68');
    await form.getByRole('button', { name: text.submit, exact: true }).click();
    await form.getByText(text.extensionInvalid).waitFor({ timeout: 10_000 });
    await form.getByLabel(text.extension, { exact: true }).fill('2468');
    await form.getByRole('checkbox', { name: text.showEmail }).uncheck();
    await form.getByRole('button', { name: text.submit, exact: true }).click();
    await form.getByRole('heading', { level: 1, name: text.success }).waitFor({ timeout: 30_000 });
    expect(new URL(form.url()).pathname).toBe('/update-success');

    // The staff page: the new title and extension, and the email nowhere.
    await page.goto(`${stack.appUrl}/staff`);
    await page.getByPlaceholder(text.staffSearch).fill(text.lastName);
    const main = page.getByRole('main');
    await main.getByText(text.shownTitle).first().waitFor({ timeout: 30_000 });
    await main.getByText(text.extensionShown).first().waitFor({ timeout: 10_000 });
    expect(await page.locator(`a[href="mailto:${member().email}"]`).count()).toBe(0);
    expect(await page.content()).not.toContain(member().email!);

    // The participants manager's staff filter shows them as submitted.
    await page.goto(`${stack.appUrl}/admin/annual-update`);
    await page.getByRole('heading', { level: 1, name: text.annualUpdateTitle }).waitFor({ timeout: 60_000 });
    // The select's name is its label then its value ("Participants Tous").
    await page.getByRole('button', { name: /^Participants / }).click();
    await page.getByRole('option', { name: text.staffFilter, exact: true }).click();
    await page.getByPlaceholder(text.search).fill(text.lastName);
    const row = page.getByRole('main').getByText(text.submitted, { exact: true });
    await row.first().waitFor({ timeout: 30_000 });
    expect(await noHorizontalScroll(page)).toBe(true);

    const lockNow = await getCampaignLock();
    if (lockNow) await closeCampaign(lockNow.owner, 'test-cleanup');
    await staffContext.close();
    await adminContext.close();
  });
});
