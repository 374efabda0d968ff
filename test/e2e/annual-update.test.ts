import { InitiateAuthCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { resetDocumentClient } from '../../lambdas/common/dynamo';
import { createEntity, getEntity, newEntityMeta } from '../../lambdas/directory/directory-repository';
import { runDueReminders } from '../../lambdas/annual-update/reminder-service';
import type { StackInfo } from '../../local/stack-info';
import { CurrentCampaignResponseSchema } from '../../shared/annual-update-api';
import { DirectoryResponseSchema } from '../../shared/directory-api';
import { ProfileFormResponseSchema } from '../../shared/parent-form';
import { addDays } from '../../shared/school-calendar';
import type { Parent } from '../../shared/schemas/parent';
import { openBrowser, VIEWPORTS, type BrowserSession } from '../support/browser';
import { useStack } from '../support/stack';
import { testSendDeps } from '../lambdas/annual-update-support';
import { stackCognito } from '../lambdas/auth-support';
import { closeOpenCampaign, endCampaignJourney } from './campaign-support';
import { contextIn, demoAccount, expectAt, mailTo, signInWith, updateLinkFor } from './auth-support';
import { expectFocusOn, focused, pressButton, retype, tabTo } from './keyboard-support';

/**
 * The annual update journey (docs/annual-update.md) in Chromium on the shared seeded stack, in French then in English: the admin
 * starts a campaign from /admin (typing `confirm`), sends to three parents of this file's own, one parent follows
 * the emailed link on a 375 px phone and changes the phone number, another opts out; the participants manager
 * filtered on "email sent" shows 1 submitted, 1 opted out, 1 pending and 67 %; the directory shows both changes;
 * a link keeps working after its submit and stops once the campaign is closed. Each language uses its own school
 * year (one campaign per year, one active at a time) and closes it. Then a signed-in parent edits My Profile.
 * Starting and closing the campaign, and both parents' forms, use the keyboard alone: Tab, Shift+Tab,
 * Enter, Space, arrow keys and typing, never a click.
 */
let stack: StackInfo;
let cognito: CognitoIdentityProviderClient;
let session: BrowserSession;
const tokens: Partial<Record<'admin' | 'parent', string>> = {};
const own: Parent[] = [];
let demoParentPhone: string | undefined;

type Lang = 'fr' | 'en';
const TEXT = {
  fr: {
    schoolYear: '2091-2092',
    lastName: 'Journée-Parcours',
    dashboardCard: 'Mise à jour annuelle',
    openCampaign: 'Ouvrir la mise à jour annuelle',
    annualUpdateTitle: 'Mise à jour annuelle des renseignements',
    startOpen: 'Lancer la campagne',
    schoolYearLabel: 'Année scolaire',
    deadlineLabel: 'Date limite (facultative)',
    deadline: '2091-10-15',
    remindersPlanned: '7 et 2 jours avant la date limite du 2091-10-15',
    confirmLabel: 'Tapez confirm pour confirmer',
    start: 'Lancer',
    started: (year: string) => `La campagne ${year} est lancée.`,
    search: 'Rechercher par nom, courriel ou classe',
    results: '3 résultats',
    selectAll: 'Sélectionner tous les participants',
    sendSelected: 'Envoyer à la sélection (3)',
    sent: 'Envoi terminé : 3 envoyés, 0 en échec, 0 ignorés.',
    phone: 'Téléphone',
    optOut: 'Je me retire du bottin (nom seulement)',
    validate: 'Valider',
    interests: 'Intérêts',
    gardening: 'Jardinage',
    success: 'Renseignements mis à jour',
    status: 'Statut',
    emailed: 'Courriel envoyé',
    summary: '3 parents affichés : soumis 1, retirés 1, en attente 1 — 67 % de réponses',
    overall: /^2\/\d+ complétés/,
    history: (name: string) => `Historique (2) : ${name}`,
    submittedEvent: 'Formulaire soumis par le lien du courriel',
    reminderEvent: 'Rappel envoyé',
    remindedRow: 'Envoyé (2), sans réponse',
    invitationEvent: "Courriel d'invitation envoyé",
    closeDialog: 'Fermer',
    closeOpen: 'Clore la campagne',
    closed: 'La campagne est close.',
    expired: "Ce lien de mise à jour a expiré. Veuillez communiquer avec le secrétariat de l'école pour obtenir de l'aide.",
    completed: 'Terminée',
    profileEdit: 'Modifier mes renseignements',
    profileSaved: 'Vos renseignements sont enregistrés. Le bottin les montre déjà.',
    demoPhone: '514 555-0181',
  },
  en: {
    schoolYear: '2093-2094',
    lastName: 'Journey-Path',
    dashboardCard: 'Annual update',
    openCampaign: 'Open the annual update',
    annualUpdateTitle: 'Annual information update',
    startOpen: 'Start campaign',
    schoolYearLabel: 'School year',
    deadlineLabel: 'Deadline (optional)',
    deadline: '2093-10-15',
    remindersPlanned: '7 and 2 days before the deadline of 2093-10-15',
    confirmLabel: 'Type confirm to confirm',
    start: 'Start',
    started: (year: string) => `The ${year} campaign has started.`,
    search: 'Search by name, email or class',
    results: '3 matches',
    selectAll: 'Select all participants',
    sendSelected: 'Send to selected (3)',
    sent: 'Sending finished: 3 sent, 0 failed, 0 skipped.',
    phone: 'Phone',
    optOut: 'I withdraw from the directory (name only)',
    validate: 'Validate',
    interests: 'Interests',
    gardening: 'Gardening',
    success: 'Information updated',
    status: 'Status',
    emailed: 'Email sent',
    summary: '3 parents shown: 1 submitted, 1 opted out, 1 pending — 67% answered',
    overall: /^2\/\d+ completed/,
    history: (name: string) => `History (2): ${name}`,
    submittedEvent: 'Form submitted through the emailed link',
    reminderEvent: 'Reminder sent',
    remindedRow: 'Sent (2), no answer',
    invitationEvent: 'Invitation email sent',
    closeDialog: 'Close',
    closeOpen: 'Close campaign',
    closed: 'The campaign is closed.',
    expired: 'This update link has expired. Please contact the school office for assistance.',
    completed: 'Completed',
    profileEdit: 'Update my information',
    profileSaved: 'Your information has been saved. The directory already shows it.',
    demoPhone: '514 555-0182',
  },
} as const;

const FIRST_NAMES = ['Mireille', 'Octave', 'Rosalie'] as const;

async function idToken(role: 'admin' | 'parent'): Promise<string> {
  const account = demoAccount(stack, role);
  const auth = await cognito.send(
    new InitiateAuthCommand({
      ClientId: stack.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
    }),
  );
  return auth.AuthenticationResult!.IdToken!;
}

async function api(role: 'admin' | 'parent', method: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.appUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[role]}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const parentFields = (firstName: string, lastName: string, lang: Lang) => ({
  firstName,
  lastName,
  email: `e2e-update-${lang}-${firstName.toLowerCase()}-${ulid().toLowerCase()}@test.example`,
  phone: '4505550111',
  address: { street: '12, rue des Érables', city: 'Laval', postalCode: 'H7N 1A1' },
  interests: ['reading' as const],
  skills: 'Lecture aux élèves',
  participation: 'full' as const,
  preferredLanguage: lang,
});

/** The emailed update link, on this stack's origin. */
const linkFor = (email: string) => updateLinkFor(stack, email);

const noHorizontalScroll = (page: Page) =>
  page.evaluate('document.documentElement.scrollWidth <= window.innerWidth') as Promise<boolean>;

beforeAll(async () => {
  stack = useStack();
  resetDocumentClient();
  cognito = stackCognito(stack);
  tokens.admin = await idToken('admin');
  tokens.parent = await idToken('parent');
  for (const lang of ['fr', 'en'] as const) {
    for (const name of FIRST_NAMES) {
      own.push(await createEntity('PARENT', { ...newEntityMeta(), ...parentFields(name, TEXT[lang].lastName, lang) }));
    }
  }
  const profile = ProfileFormResponseSchema.parse((await api('parent', 'GET', '/api/profile/form')).body);
  demoParentPhone = profile.form.parent.phone;
  session = await openBrowser();
});

afterAll(async () => {
  await endCampaignJourney(own);
  // Give the demo parent their phone back: other journeys read the seeded school.
  const profile = ProfileFormResponseSchema.parse((await api('parent', 'GET', '/api/profile/form')).body);
  if (profile.form.parent.phone !== demoParentPhone) {
    const { parent } = profile.form;
    await api('parent', 'PUT', '/api/profile', {
      data: {
        version: parent.version,
        firstName: parent.firstName,
        lastName: parent.lastName,
        phone: demoParentPhone ?? null,
        address: parent.address ?? null,
        interests: parent.interests,
        skills: parent.skills,
        participation: parent.participation,
        preferredLanguage: parent.preferredLanguage,
      },
    });
  }
  cognito?.destroy();
  await session?.close();
});

describe.each(['fr', 'en'] as const)('annual update journey (%s)', (lang) => {
  const text = TEXT[lang];
  const parents = () => own.filter((parent) => parent.lastName === text.lastName);

  it('start, send to three, a phone update on a 375 px phone, an opt-out, 67 % in the manager, the directory, the links', async () => {
    // One campaign at a time on this shared stack: one left active by another file (or a failed run) is closed.
    await closeOpenCampaign('test-setup');
    const admin = demoAccount(stack, 'admin');
    const adminContext: BrowserContext = await contextIn(() => session.newContext('desktop'), lang);
    const page = await adminContext.newPage();
    await page.goto(`${stack.appUrl}/auth?redirect=${encodeURIComponent('/admin')}`);
    await signInWith(page, lang, admin.email, admin.password);

    // The dashboard's campaign card leads to the campaign page.
    await expectAt(page, '/admin');
    await page.getByRole('heading', { level: 2, name: text.dashboardCard }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: text.openCampaign }).click();
    await page.getByRole('heading', { level: 1, name: text.annualUpdateTitle }).waitFor({ timeout: 60_000 });

    // Start, with the keyboard alone: the button stays disabled until the exact word is typed.
    await pressButton(page, text.startOpen);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(text.schoolYearLabel).waitFor({ timeout: 10_000 });
    await tabTo(page, { selector: '[role="dialog"] input', name: text.schoolYearLabel });
    await retype(page, text.schoolYear);
    // A deadline: the automatic reminders (7 and 2 days before, ticked by default) become available.
    await tabTo(page, { selector: '[role="dialog"] input', name: text.deadlineLabel });
    await retype(page, text.deadline);
    const start = dialog.getByRole('button', { name: text.start, exact: true });
    await tabTo(page, { selector: '[role="dialog"] input', name: text.confirmLabel });
    await page.keyboard.type('confirmer');
    expect(await start.isDisabled()).toBe(true);
    await retype(page, 'confirm');
    await pressButton(page, text.start, '[role="dialog"]');
    await page.getByText(text.started(text.schoolYear), { exact: false }).waitFor({ timeout: 60_000 });
    // The dialog closed and its opener is gone (the campaign is active): focus is on the message saying so.
    expect((await expectFocusOn(page, 'main *', 'after the start dialog')).name).toContain(text.started(text.schoolYear));
    const current = CurrentCampaignResponseSchema.parse((await api('admin', 'GET', '/api/admin/annual-update')).body);
    expect(current.campaign).toMatchObject({ schoolYear: text.schoolYear, status: 'active', deadline: text.deadline });
    expect(current.campaign!.reminders.days).toEqual([7, 2]);
    await page.getByText(text.remindersPlanned).waitFor({ timeout: 30_000 });

    // Send to this run's three parents: search their shared last name, select all, send to the selection.
    await page.getByPlaceholder(text.search).fill(text.lastName);
    await page.getByText(text.results).first().waitFor({ timeout: 30_000 });
    await page.getByRole('checkbox', { name: text.selectAll }).check();
    await page.getByRole('button', { name: text.sendSelected }).click();
    await page.getByText(text.sent).waitFor({ timeout: 60_000 });

    const [first, second, third] = parents();
    const [link1, link2, link3] = await Promise.all([first!, second!, third!].map((p) => linkFor(p.email!)));

    // Parent 1 opens the email's link on a phone and, with the keyboard alone, changes the phone number, switches
    // the preferred language with the arrow keys, adds an interest from the list, and validates.
    const phone = await contextIn(() => session.newContext('mobile'), lang);
    const onPhone = await phone.newPage();
    await onPhone.goto(link1!);
    const phoneField = onPhone.getByLabel(text.phone, { exact: true });
    await phoneField.waitFor({ timeout: 60_000 });
    expect(await phoneField.inputValue()).toBe('450 555-0111');
    expect(await noHorizontalScroll(onPhone)).toBe(true);
    await tabTo(onPhone, { selector: 'main input', name: text.phone }, { max: 80 });
    await retype(onPhone, '(438) 555-0199');
    const otherLang = lang === 'fr' ? 'en' : 'fr';
    // Tab enters a radio group on its checked button; an arrow key moves the choice.
    await tabTo(onPhone, { selector: 'main input[type="radio"]:checked', name: lang === 'fr' ? 'Français' : 'English' });
    await onPhone.keyboard.press('ArrowDown');
    expect(await focused(onPhone, 'input[type="radio"]:checked')).toMatchObject({ matches: true, name: otherLang === 'fr' ? 'Français' : 'English' });
    // The interests list, not the select of who sees them ("… visibles par", "… visible to") met on the way.
    await tabTo(onPhone, { selector: 'main button[aria-haspopup]', name: new RegExp(`^${text.interests}(?!.*visible)`) });
    await onPhone.keyboard.press('Enter');
    await onPhone.keyboard.type(text.gardening);
    await onPhone.keyboard.press('ArrowDown');
    await onPhone.keyboard.press('Enter');
    await onPhone.keyboard.press('Escape');
    await onPhone.getByText(text.gardening, { exact: true }).first().waitFor({ timeout: 10_000 });
    await pressButton(onPhone, text.validate);
    await onPhone.getByRole('heading', { level: 1, name: text.success }).waitFor({ timeout: 30_000 });
    expect(new URL(onPhone.url()).pathname).toBe('/update-success');
    expect(onPhone.url()).not.toContain('@');

    // Parent 2 opts out: Space ticks the box.
    const other = await phone.newPage();
    await other.goto(link2!);
    await other.getByText(text.optOut).waitFor({ timeout: 60_000 });
    await tabTo(other, { selector: 'main input[type="checkbox"]', name: text.optOut }, { max: 80 });
    await other.keyboard.press('Space');
    await pressButton(other, text.validate);
    await other.getByRole('heading', { level: 1, name: text.success }).waitFor({ timeout: 30_000 });

    // The manager, filtered on "email sent": 1 submitted, 1 opted out, 1 pending, 67 %.
    await page.reload();
    await page.getByTestId('campaign-progress').filter({ hasText: text.overall }).waitFor({ timeout: 60_000 });
    // The select's name is its label then its value ("Statut Tous").
    await page.getByRole('button', { name: new RegExp(`^${text.status} `) }).click();
    await page.getByRole('option', { name: text.emailed }).click();
    await expect.poll(() => page.getByTestId('shown-summary').innerText(), { timeout: 15_000 }).toBe(text.summary);
    // On a phone the manager turns into cards: same filters and summary, nothing wider than the screen.
    await page.setViewportSize(VIEWPORTS.mobile);
    await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 10_000 }).toBe(0);
    expect(await page.getByTestId('shown-summary').innerText()).toBe(text.summary);
    expect(await noHorizontalScroll(page)).toBe(true);
    await page.setViewportSize(VIEWPORTS.desktop);

    // Parent 1's history, in words: the invitation, then the answer.
    await page.getByRole('button', { name: text.history(`${first!.firstName} ${first!.lastName}`) }).click();
    const history = page.getByRole('dialog');
    await history.getByText(text.submittedEvent).waitFor({ timeout: 10_000 });
    expect(await history.getByText(text.invitationEvent).count()).toBe(1);
    await history.getByRole('button', { name: text.closeDialog, exact: true }).click();

    // Seven days before the deadline, the scheduled run (here on a controlled clock, 15:00 UTC that morning) sends
    // one reminder: only to parent 3, who has not answered; parents 1 and 2 answered and get nothing more.
    const morning = new Date(`${addDays(text.deadline, -7)}T15:00:00Z`);
    const run = await runDueReminders(testSendDeps(stack, { now: () => morning }), morning.getTime() + 60_000);
    expect(run).toMatchObject({ outcome: 'sending', offsets: [7], progress: { sent: 1 } });
    expect((await mailTo(stack, third!.email!)).length).toBe(2);
    // The reminder carries parent 3's link from now on (each email replaces the link sent before it).
    const reminded = await linkFor(third!.email!);
    expect(reminded).not.toBe(link3);
    expect((await mailTo(stack, first!.email!)).length).toBe(1);
    expect((await mailTo(stack, second!.email!)).length).toBe(1);
    // The manager says so: two emails to parent 3, no answer yet, and the reminder in the history.
    await page.reload();
    const thirdRow = page.locator('tr').filter({ hasText: third!.email! });
    await thirdRow.getByText(text.remindedRow).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: text.history(`${third!.firstName} ${third!.lastName}`) }).click();
    await page.getByRole('dialog').getByText(text.reminderEvent).waitFor({ timeout: 10_000 });
    await page.getByRole('dialog').getByRole('button', { name: text.closeDialog, exact: true }).click();

    // The directory shows both changes at once.
    const rows = page.locator('table tbody tr');
    await page.goto(`${stack.appUrl}/parents?q=${encodeURIComponent(first!.email!)}`);
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(1);
    expect(await rows.first().innerText()).toContain('438 555-0199');
    await page.goto(`${stack.appUrl}/parents?q=${encodeURIComponent(second!.email!)}`);
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(1);
    expect(await rows.first().locator(`a[href="mailto:${second!.email}"]`).count()).toBe(1);
    expect(await rows.first().locator('a[href^="tel:"]').count()).toBe(0);
    const directory = DirectoryResponseSchema.parse((await api('admin', 'GET', '/api/directory')).body);
    const optedOut = directory.parents.find((p) => p.id === second!.id);
    expect(optedOut?.phone).toBeUndefined();
    expect(optedOut?.address).toBeUndefined();
    // Parent 1's other keyboard changes: the interest is in the directory, the language (not shown there) stored.
    const changed = directory.parents.find((p) => p.id === first!.id);
    expect(changed?.phone).toBe('4385550199');
    expect([...(changed?.interests ?? [])].sort()).toEqual(['gardening', 'reading']);
    expect((await getEntity('PARENT', first!.id))?.preferredLanguage).toBe(otherLang);

    // A submitted link stays usable until the campaign closes (docs/product-rules.md: submit again to change or opt back in).
    await onPhone.goto(link1!);
    await expect.poll(() => onPhone.getByLabel(text.phone, { exact: true }).inputValue(), { timeout: 30_000 }).toBe('438 555-0199');

    // Closing the campaign (keyboard alone) ends every link with the "expired, contact the school office" message.
    await page.goto(`${stack.appUrl}/admin/annual-update`);
    await page.getByRole('button', { name: text.closeOpen }).first().waitFor({ timeout: 60_000 });
    await pressButton(page, text.closeOpen, 'main', { max: 80 });
    await page.getByRole('dialog').getByRole('button', { name: text.closeOpen }).waitFor({ timeout: 10_000 });
    await pressButton(page, text.closeOpen, '[role="dialog"]');
    await page.getByText(text.closed).waitFor({ timeout: 30_000 });
    expect((await expectFocusOn(page, 'main *', 'after the close dialog')).name).toContain(text.closed);
    // The submitted link and the reminded one, never answered.
    for (const link of [link1!, reminded]) {
      await onPhone.goto(link);
      await onPhone.getByText(text.expired).waitFor({ timeout: 30_000 });
    }

    // The dashboard card follows: completed, 2 answers.
    await page.goto(`${stack.appUrl}/admin`);
    const card = page.locator('[data-testid="campaign-card"]');
    await card.getByText(text.completed, { exact: true }).waitFor({ timeout: 30_000 });
    await phone.close();
    await adminContext.close();
  });

  it('a signed-in parent updates the phone from My Profile and the directory shows it', async () => {
    const parent = demoAccount(stack, 'parent');
    const context = await contextIn(() => session.newContext('mobile'), lang);
    const page = await context.newPage();
    await page.goto(`${stack.appUrl}/auth?redirect=${encodeURIComponent('/profile')}`);
    await signInWith(page, lang, parent.email, parent.password);
    await expectAt(page, '/profile');
    await page.getByRole('button', { name: text.profileEdit }).first().click({ timeout: 60_000 });
    const phoneField = page.getByLabel(text.phone, { exact: true });
    await phoneField.waitFor({ timeout: 30_000 });
    await phoneField.fill(text.demoPhone.replace(' ', ''));
    expect(await noHorizontalScroll(page)).toBe(true);
    await page.getByRole('button', { name: text.validate }).click();
    await page.getByText(text.profileSaved).waitFor({ timeout: 30_000 });
    // The view is read again from the server and shows the new number.
    await page.getByText(text.demoPhone).first().waitFor({ timeout: 30_000 });

    await page.goto(`${stack.appUrl}/parents?q=${encodeURIComponent(parent.email)}`);
    await page.getByText(text.demoPhone).first().waitFor({ timeout: 30_000 });
    await context.close();
  });
});
