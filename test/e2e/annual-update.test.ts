import { InitiateAuthCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { readFileSync } from 'node:fs';
import { ulid } from 'ulid';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, resetDocumentClient, tableName } from '../../lambdas/common/dynamo';
import { keys } from '../../lambdas/common/keys';
import { hashToken } from '../../lambdas/annual-update/token-repository';
import { getEntity, newEntityMeta, readDirectory } from '../../lambdas/directory/directory-repository';
import { removeRecord, seedFamilyLink, seedRecord } from '../lambdas/directory-writes';
import { getParticipant } from '../../lambdas/annual-update/campaign-repository';
import { runDueReminders } from '../../lambdas/annual-update/reminder-service';
import { continueSendJob, startSendJob } from '../../lambdas/annual-update/send-job-service';
import type { StackInfo } from '../../local/stack-info';
import { CurrentCampaignResponseSchema, ParticipantsResponseSchema } from '@shared/contracts/annual-update-api';
import { LettersResponseSchema } from '@shared/contracts/annual-update-letters-api';
import { DirectoryResponseSchema } from '@shared/contracts/directory-api';
import { ProfileFormResponseSchema } from '@shared/rules/parent-form';
import { formatLongDate } from '@shared/format/long-date';
import { addDays, schoolDay } from '@shared/rules/school-calendar';
import type { Committee } from '@shared/schemas/committee';
import type { Parent } from '@shared/schemas/parent';
import type { Staff } from '@shared/schemas/staff';
import type { Student } from '@shared/schemas/student';
import { chooseOption, openBrowser, trackPageErrors, VIEWPORTS, type BrowserSession, type ViewportName } from '../support/browser';
import { useStack } from '../support/stack';
import { testSendDeps } from '../lambdas/annual-update-support';
import { stackCognito } from '../lambdas/auth-support';
import { CAMPAIGN_TEXT as TEXT, closeOpenCampaign, codeOf, endCampaignJourney, browserToday, goTo, noHorizontalScroll, pickDayByWeeks, staffLinkFor, type Lang } from './campaign-support';
import { contextIn, demoAccount, expectAt, explained, mailTo, signedInContext, updateLinkFor } from './auth-support';
import { expectFocusOn, focused, pressButton, retype, tabTo } from './keyboard-support';

/**
 * The annual update campaign (docs/annual-update.md) in Chromium on the shared seeded stack: ONE journey per
 * language (French at 1440 px, English at 375 px), each with ONE campaign, where the administrator (signed in once)
 * and the parents do in sequence what the campaign offers. The French journey walks every step; the English one
 * walks what an English administrator, parent and staff member meet where the language matters (the English
 * screens of start, answer, letters, review and close, the emails and letters in English, the ?lang=en links) and
 * leaves the rest to the French pass, to the jsdom tests of the same screens in English
 * (test/frontend/campaign-screens-english.test.tsx, link-reasons.test.tsx, annual-update-page.test.tsx) and to the
 * handler tests of the same rules (test/lambdas/annual-update-*.test.ts). Steps marked (fr) are the French pass's only:
 * 1. the dashboard's card leads to the campaign page; the admin starts the campaign with the keyboard alone (typing
 *    nothing), with a deadline (automatic reminders), review before publishing and staff links; (fr) the two
 *    committees open to sign-ups on their screen first (the English pass, run alone, opens them by the same route);
 * 2. sends to three parents of this file's own; one follows the emailed link on a 375 px phone and changes phone,
 *    language and interests with the keyboard alone, another opts out; (fr) the manager filtered on "email sent"
 *    shows 1 submitted, 1 opted out, 1 pending and 66,7 % (as cards on a phone), and the history in words;
 * 3. the reminder seven days before the deadline (a controlled clock) goes to the parent who has not answered only;
 *    (fr) the manager shows it;
 * 4. a parent's phone and address change waits for review (the form says so; (fr) the form shows it again and the
 *    directory keeps the old values); a parent joins a committee by their link (French) or shares a new address with
 *    the co-parent (English);
 * 5. paper letters: (fr) the PDF of the school's letters, one page per parent without an email, in their language;
 *    a typed short code opens the form; one family's letter reprinted alone (the English pass in its screen, the
 *    French one by the route): its old code says a newer letter replaced it, the other code still opens its form;
 * 6. the review screen: the held answers accepted, one address rejected; (fr) the directory shows what was accepted;
 *    (en) the co-parent's card shows the shared address;
 * 7. a staff member's link: title and extension changed, email hidden; (fr) the staff page and the staff filter;
 * 8. (fr) bounces: a simulated bounce shows in the manager, no further email to it, a corrected email is sendable;
 * 9. closing (keyboard alone) ends the links and the dashboard card says completed; (fr) a submitted link stays
 *    usable until then; reopened, a parent answers once more; a link replaced by the reminder's and one past its day
 *    each say why;
 * 10. a signed-in parent edits My Profile and the directory shows it.
 * The manager's screen is read afresh by moving away from it and back inside the app (its queries refetch when it
 * mounts again), not by loading the app again.
 * (Refusals and the unticked shared-address case: test/lambdas/update-form-committees.test.ts.)
 */
let stack: StackInfo;
let cognito: CognitoIdentityProviderClient;
let session: BrowserSession;
const tokens: Partial<Record<'admin' | 'parent', string>> = {};
const run = ulid().toLowerCase();
// Each language's cast has its own id: the search matches words inside words, so with one id shared by both casts,
// an id that happened to contain "fr" (or "en") let a search for a French email also find its English twin.
const castRun: Record<Lang, string> = { fr: ulid().toLowerCase(), en: ulid().toLowerCase() };
let demoParentPhone: string | undefined;
let committee: Committee;
let garden: Committee;
let student: Student;

/** This file's own people, per language. */
interface Cast {
  main: Parent[];
  review: Parent;
  staff: Staff;
  bouncer: Parent;
  bounceOther: Parent;
  letters: Parent[];
  /** French: the parent who joins a committee. English: the parent who shares an address, and the co-parent. */
  committee: Parent[];
}
const cast: Partial<Record<Lang, Cast>> = {};
const everyParent = () => Object.values(cast).flatMap((c) => [...c.main, c.review, c.bouncer, c.bounceOther, ...c.letters, ...c.committee]);

const FIRST_NAMES = ['Mireille', 'Octave', 'Rosalie'] as const;
const OLD_STREET = '12, rue des Érables';
const NAMES = {
  fr: { review: 'Révisée', staff: 'Parcours-Personnel', bounce: 'Rebond-Parcours', letters: 'Lettre-Papier' },
  en: { review: 'Reviewed', staff: 'Staff-Journey', bounce: 'Bounce-Path', letters: 'Paper-Letter' },
} as const;
/** How long each step took (printed after the run with JOURNEY_TIMINGS=1: where the journey spends its time). */
const timings: string[] = [];
const committeeName = { fr: `Comité des fêtes ${run.slice(-6)}`, en: `Party committee ${run.slice(-6)}` };
/** A second committee the French journey opens to sign-ups from the committees screen. */
const gardenName = { fr: `Comité des jardins ${run.slice(-6)}`, en: `Garden committee ${run.slice(-6)}` };

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

const parent = (fields: Partial<Parent> & { firstName: string; lastName: string; preferredLanguage: Lang }) =>
  seedRecord('PARENT', { ...newEntityMeta(), interests: [], skills: '', participation: 'full', ...fields } as Parent);

const emailOf = (what: string, lang: Lang, name: string) => `e2e-${what}-${lang}-${name.toLowerCase()}-${castRun[lang]}@test.example`;
const withAddress = { phone: '4505550111', address: { street: OLD_STREET, city: 'Laval', postalCode: 'H7N 1A1' } };

async function castFor(lang: Lang, schoolClass: { id: string; levels: readonly Student['level'][] }): Promise<Cast> {
  const text = TEXT[lang];
  const names = NAMES[lang];
  const main: Parent[] = [];
  for (const name of FIRST_NAMES) {
    main.push(
      await parent({
        firstName: name, lastName: text.lastName, email: emailOf('update', lang, name), preferredLanguage: lang,
        ...withAddress, interests: ['reading'], skills: 'Lecture aux élèves',
      }),
    );
  }
  const review = await parent({ firstName: names.review, lastName: 'Parcours-Révision', email: emailOf('review', lang, 'r'), preferredLanguage: lang, ...withAddress });
  const staff = await seedRecord('STAFF', {
    ...newEntityMeta(), firstName: 'Solange', lastName: names.staff, email: emailOf('staff', lang, 'solange'),
    title: { fr: 'Enseignante', en: 'Teacher' }, department: 'teaching', interests: [], preferredLanguage: lang,
  });
  const bouncer = await parent({ firstName: 'Anatole', lastName: names.bounce, email: `bounce+e2e-${lang}-${castRun[lang]}@simulator.amazonses.com`, preferredLanguage: lang, participation: 'limited' });
  const bounceOther = await parent({ firstName: 'Bérénice', lastName: names.bounce, email: emailOf('bounce-ok', lang, 'b'), preferredLanguage: lang, participation: 'limited' });
  // Without an email (paper letters): one in this language, one in the other.
  const letters = [
    await parent({ firstName: 'Solange', lastName: names.letters, preferredLanguage: lang }),
    await parent({ firstName: 'Anselme', lastName: names.letters, preferredLanguage: lang === 'fr' ? 'en' : 'fr' }),
  ];
  const shared = { phone: '4505550122', address: { street: '7, rue des Lilas', city: 'Laval', postalCode: 'H7N 1A1' } };
  const committeeParents =
    lang === 'fr'
      ? [await parent({ firstName: 'Josée', lastName: 'Bénévole-Parcours', email: emailOf('signup', lang, 'josee'), preferredLanguage: 'fr', ...shared })]
      : [
          await parent({ firstName: 'Harper', lastName: 'Homefield', email: emailOf('signup', lang, 'harper'), preferredLanguage: 'en', ...shared }),
          await parent({ firstName: 'Rowan', lastName: 'Homefield', email: emailOf('signup', lang, 'rowan'), preferredLanguage: 'en', ...shared }),
        ];
  if (lang === 'en') {
    student = await seedRecord('STUDENT', { ...newEntityMeta(), firstName: 'Ellis', lastName: 'Homefield', level: schoolClass.levels[0]!, classId: schoolClass.id });
    for (const p of committeeParents) await seedFamilyLink({ parentId: p.id, studentId: student.id });
  }
  return { main, review, staff, bouncer, bounceOther, letters, committee: committeeParents };
}

beforeAll(async () => {
  stack = useStack();
  resetDocumentClient();
  cognito = stackCognito(stack);
  tokens.admin = await idToken('admin');
  tokens.parent = await idToken('parent');
  const { classes } = await readDirectory();
  // Both closed: the French journey opens them from the committees screen.
  committee = await seedRecord('COMMITTEE', { ...newEntityMeta(), name: committeeName, kind: 'volunteer', otherMembers: [] });
  garden = await seedRecord('COMMITTEE', { ...newEntityMeta(), name: gardenName, kind: 'volunteer', otherMembers: [] });
  for (const lang of ['fr', 'en'] as const) cast[lang] = await castFor(lang, classes[0]!);
  const profile = ProfileFormResponseSchema.parse((await api('parent', 'GET', '/api/profile/form')).body);
  demoParentPhone = profile.form.parent.phone;
  session = await openBrowser();
});

afterAll(async () => {
  await endCampaignJourney(everyParent(), Object.values(cast).map((c) => c.staff));
  for (const [kind, id] of [['STUDENT', student?.id], ['COMMITTEE', committee?.id], ['COMMITTEE', garden?.id]] as const) {
    const left = id ? await getEntity(kind, id) : undefined;
    if (left) await removeRecord(kind, left);
  }
  // Give the demo parent their phone back: other journeys read the seeded school.
  const profile = ProfileFormResponseSchema.parse((await api('parent', 'GET', '/api/profile/form')).body);
  if (profile.form.parent.phone !== demoParentPhone) {
    const { parent: p } = profile.form;
    await api('parent', 'PUT', '/api/profile', {
      data: {
        version: p.version, firstName: p.firstName, lastName: p.lastName, phone: demoParentPhone ?? null,
        address: p.address ?? null, interests: p.interests, skills: p.skills, participation: p.participation,
        preferredLanguage: p.preferredLanguage,
      },
    });
  }
  cognito?.destroy();
  await session?.close();
  if (process.env.JOURNEY_TIMINGS) console.log(`campaign journey steps:\n${timings.join('\n')}`);
});

/** One language's journey: its people, its pages, and what it learnt on the way. */
interface Journey {
  lang: Lang;
  text: (typeof TEXT)['fr'] | (typeof TEXT)['en'];
  who: Cast;
  /** The administrator, signed in once. */
  page: Page;
  /** Anonymous people following emailed links (a phone in both languages; the language's width for the others). */
  phone: BrowserContext;
  anon: BrowserContext;
  /** The demo parent's browser, signed in once (when first needed). */
  parentContext?: BrowserContext;
  parentPage?: Page;
  campaignId: string;
  /** Chosen on the start dialog's calendar: five weeks from today. */
  deadline: string;
  links: Partial<Record<'first' | 'second' | 'third' | 'reminded', string>>;
}

const at = (page: Page, viewport: ViewportName) => page.setViewportSize(VIEWPORTS[viewport]);

/** The directory's parents page searched on one email: what it shows (a table at 1440 px, cards at 375 px). */
async function directoryShows(page: Page, email: string, shown: string): Promise<string> {
  await goTo(page, stack.appUrl, `/parents?q=${encodeURIComponent(email)}`);
  const main = page.getByRole('main');
  // Inside the app, Parents shows the directory copy it holds at once and the server's answer when it comes
  // (docs/frontend.md, "Server state"): wait for what this step expects, not only for the row.
  await explained(page, () => expect.poll(() => main.innerText(), { timeout: 30_000 }).toContain(shown));
  return main.innerText();
}

/**
 * The campaign page, read afresh: already on it, the administrator goes to the dashboard and back inside the app
 * (the page mounts again and its queries refetch: docs/frontend.md, "Server state"), not by loading the app again.
 * The first rows shown may be the ones read before: each caller waits for the state it needs.
 */
async function openManager(j: Journey) {
  const manager = '/admin/annual-update';
  if (new URL(j.page.url()).pathname === manager) await goTo(j.page, stack.appUrl, '/admin');
  await goTo(j.page, stack.appUrl, manager);
  await j.page.getByRole('heading', { level: 1, name: j.text.annualUpdateTitle }).waitFor({ timeout: 60_000 });
}

/** One participant as the manager's route lists them. */
async function participant(j: Journey, id: string) {
  const listed = await api('admin', 'GET', `/api/admin/annual-update/campaigns/${j.campaignId}/participants`);
  return ParticipantsResponseSchema.parse(listed.body).participants.find((p) => p.parentId === id);
}

/** Every send button asks first (emails cannot be taken back): its dialog's button, "Send to <count> parents", sends. */
async function confirmSend(j: Journey, count: number, staff = false) {
  await j.page.getByRole('dialog').getByRole('button', { name: j.text.sendConfirm(count, staff), exact: true }).click();
}

/**
 * Selects people by their row's checkbox (table or cards) after searching `lastName`, then sends to them. The dialog
 * counts those who will get an email (`count`, all of them unless said: an address that bounced is not counted) and
 * says "people" rather than "parents" when a staff member is among them (`staff`).
 */
async function sendTo(j: Journey, lastName: string, people: { firstName: string; lastName: string }[], confirm: { count?: number; staff?: boolean } = {}) {
  await j.page.getByPlaceholder(j.text.search).fill(lastName);
  for (const p of people) await j.page.getByRole('checkbox', { name: `${p.firstName} ${p.lastName}` }).check({ timeout: 30_000 });
  await j.page.getByRole('button', { name: j.text.sendSelected(people.length) }).click();
  await confirmSend(j, confirm.count ?? people.length, confirm.staff);
}

/** The signed-in demo parent's page: a profile from signedInContext (signed in once per worker and language), opened at `path`. */
async function demoParentAt(j: Journey, path: string): Promise<Page> {
  if (!j.parentPage) {
    j.parentContext = await signedInContext(session, stack, demoAccount(stack, 'parent'), j.lang, j.text.viewport);
    j.parentPage = await j.parentContext.newPage();
    await j.parentPage.goto(`${stack.appUrl}${path}`);
  } else {
    await goTo(j.parentPage, stack.appUrl, path);
  }
  await expectAt(j.parentPage, path);
  return j.parentPage;
}

/**
 * 1a. French: the dashboard's committees card leads to the committees screen, where two committees open to parents'
 * sign-ups (their switches); the screen fits a phone too.
 */
async function openTwoCommittees(j: Journey) {
  const { page } = j;
  await page.getByRole('link', { name: 'Gérer les comités' }).click();
  await expectAt(page, '/admin/committees');
  await page.getByTestId('committees-open-count').waitFor({ timeout: 60_000 });
  for (const [record, name] of [[committee, committeeName.fr], [garden, gardenName.fr]] as const) {
    const panel = page.getByTestId(`committee-${record.id}`);
    const toggle = panel.getByRole('checkbox', { name: /^Accepter les inscriptions des parents/ });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    await page.getByText(`Le comité «\u00a0${name}\u00a0» accepte maintenant les inscriptions des parents.`).waitFor({ timeout: 30_000 });
    await panel.getByText('Accepte les inscriptions', { exact: true }).waitFor({ timeout: 30_000 });
  }
  expect((await getEntity('COMMITTEE', garden.id))?.openToSignUps).toBe(true);
  await at(page, 'mobile');
  expect(await noHorizontalScroll(page)).toBe(true);
  await at(page, 'desktop');
  // Back to the dashboard inside the app (no new load of it): its card's link to the campaign is what comes next.
  await goTo(page, stack.appUrl, '/admin');
}

/**
 * The English pass starts a campaign with both committees recruiting. After the French pass they are open (it opens
 * them on their screen); alone, it opens them through the route that screen uses.
 */
async function committeesOpenToSignUps() {
  for (const record of [committee, garden]) {
    const current = (await getEntity('COMMITTEE', record.id))!;
    if (current.openToSignUps) continue;
    const body = { name: current.name, kind: current.kind, otherMembers: [], members: [], openToSignUps: true, version: current.version };
    expect((await api('admin', 'PUT', `/api/admin/committees/${record.id}`, body)).status).toBe(200);
  }
}

/**
 * 1. From the dashboard's card to the campaign page; the start, with the keyboard alone: the deadline picked on the
 * calendar (five weeks ahead), no word to type, and the committees that recruit (the French journey's two, ticked
 * as they stand).
 */
async function startFromDashboard(j: Journey) {
  const { page, text } = j;
  if (j.lang === 'en') await committeesOpenToSignUps();
  await page.goto(`${stack.appUrl}/admin`);
  await expectAt(page, '/admin');
  await page.getByRole('heading', { level: 2, name: text.dashboardCard }).waitFor({ timeout: 30_000 });
  if (j.lang === 'fr') await openTwoCommittees(j);
  await page.getByRole('link', { name: text.openCampaign }).click();
  await page.getByRole('heading', { level: 1, name: text.annualUpdateTitle }).waitFor({ timeout: 60_000 });

  await pressButton(page, text.startOpen);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(text.schoolYearLabel).waitFor({ timeout: 10_000 });
  await tabTo(page, { selector: '[role="dialog"] input', name: text.schoolYearLabel });
  await retype(page, text.schoolYear);
  // The deadline is picked on the calendar, with the keyboard, no date typed: it opens on today, five weeks down.
  const today = await browserToday(page);
  j.deadline = await pickDayByWeeks(page, text.calendar, 5);
  expect(j.deadline).toBe(addDays(today, 35));
  expect(await dialog.getByRole('textbox', { name: text.deadlineLabel }).inputValue()).toBe(j.deadline);
  // Review before publishing, and staff links: Space ticks each box.
  await tabTo(page, { selector: '[role="dialog"] input[type="checkbox"]', name: new RegExp(`^${text.reviewOption}`) });
  await page.keyboard.press('Space');
  await tabTo(page, { selector: '[role="dialog"] input[type="checkbox"]', name: new RegExp(`^${text.includeStaff}`) });
  await page.keyboard.press('Space');
  // The committees that recruit: the two opened on their screen are ticked.
  const recruiting = dialog.getByTestId('recruiting-committees');
  for (const name of [committeeName[j.lang], gardenName[j.lang]]) {
    await explained(page, () => recruiting.getByRole('checkbox', { name }).waitFor({ timeout: 30_000 }));
    expect(await recruiting.getByRole('checkbox', { name }).isChecked()).toBe(true);
  }
  // Nothing to type: no English word in a French dialog.
  expect(await dialog.getByPlaceholder('confirm').count()).toBe(0);
  await pressButton(page, text.start, '[role="dialog"]');
  await page.getByText(text.started(text.schoolYear), { exact: false }).waitFor({ timeout: 60_000 });
  // The dialog closed and its opener is gone (the campaign is active): focus is on the message saying so.
  expect((await expectFocusOn(page, 'main *', 'after the start dialog')).name).toContain(text.started(text.schoolYear));
  const current = CurrentCampaignResponseSchema.parse((await api('admin', 'GET', '/api/admin/annual-update')).body);
  expect(current.campaign).toMatchObject({ schoolYear: text.schoolYear, status: 'active', deadline: j.deadline, review: true });
  expect(current.campaign!.reminders.days).toEqual([7, 2]);
  j.campaignId = current.campaign!.id;
  await page.getByText(text.remindersPlanned(formatLongDate(j.deadline, j.lang))).waitFor({ timeout: 30_000 });
  await page.getByText(text.reviewLabel, { exact: true }).waitFor({ timeout: 30_000 });
  await page.getByText(text.reviewOn, { exact: true }).waitFor({ timeout: 30_000 });
  // The summary names the committees that recruit.
  const summary = page.getByTestId('recruiting-summary');
  await explained(page, () => summary.getByText(committeeName[j.lang], { exact: false }).waitFor({ timeout: 30_000 }));
  expect(await summary.textContent()).toContain(gardenName[j.lang]);
  expect((await getEntity('COMMITTEE', committee.id))?.openToSignUps).toBe(true);
}

/** 2. Send to the three; parent 1 (keyboard alone, on a phone) changes phone, language and interests; parent 2 opts out. */
async function threeParentsAnswer(j: Journey) {
  const { page, text } = j;
  await page.getByPlaceholder(text.search).fill(text.lastName);
  await page.getByText(text.results).first().waitFor({ timeout: 30_000 });
  await page.getByRole('checkbox', { name: text.selectAll }).check();
  await page.getByRole('button', { name: text.sendSelected(3) }).click();
  await confirmSend(j, 3);
  await page.getByText(text.sent(3, 0)).waitFor({ timeout: 60_000 });

  const [first, second, third] = j.who.main as [Parent, Parent, Parent];
  const [link1, link2, link3] = await Promise.all([first, second, third].map((p) => updateLinkFor(stack, p.email!)));
  Object.assign(j.links, { first: link1, second: link2, third: link3 });

  const onPhone = await j.phone.newPage();
  await onPhone.goto(j.links.first!);
  const phoneField = onPhone.getByLabel(text.phone, { exact: true });
  await phoneField.waitFor({ timeout: 60_000 });
  expect(await phoneField.inputValue()).toBe('450 555-0111');
  expect(await noHorizontalScroll(onPhone)).toBe(true);
  await tabTo(onPhone, { selector: 'main input', name: text.phone }, { max: 80 });
  await retype(onPhone, '(438) 555-0199');
  const otherLang = j.lang === 'fr' ? 'en' : 'fr';
  // Tab enters a radio group on its checked button; an arrow key moves the choice.
  await tabTo(onPhone, { selector: 'main input[type="radio"]:checked', name: j.lang === 'fr' ? 'Français' : 'English' });
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
  // Held for review: received, not « mis à jour ».
  await onPhone.getByRole('heading', { level: 1, name: text.received, exact: true }).waitFor({ timeout: 30_000 });
  expect(new URL(onPhone.url()).pathname).toBe('/update-success');
  expect(onPhone.url()).not.toContain('@');
  // Review is on: phone and interests wait for the school; the language applied at once.
  await onPhone.getByText(text.successNote).waitFor({ timeout: 30_000 });
  expect((await getEntity('PARENT', first.id))?.preferredLanguage).toBe(otherLang);

  // Parent 2 opts out (applied at once, review or not): the participation's "name only" radio, by arrow keys.
  const other = await j.phone.newPage();
  await other.goto(j.links.second!);
  await other.getByText(text.optOut).waitFor({ timeout: 60_000 });
  // Offered once: no "I withdraw from the directory" checkbox beside the radio any more.
  expect(await other.getByRole('checkbox', { name: /bottin|directory/ }).count()).toBe(0);
  const participation = await tabTo(other, { selector: 'main input[type="radio"]:checked', name: /^(Complète|Limitée|Full|Limited)/ }, { max: 80 });
  for (let i = 0; i < 2 && !(await focused(other, 'input[type="radio"]:checked'))?.name.startsWith(text.optOut); i++) {
    await other.keyboard.press('ArrowDown');
  }
  expect((await focused(other, 'input[type="radio"]:checked'))?.name.startsWith(text.optOut), participation.name).toBe(true);
  await pressButton(other, text.validate);
  await other.getByRole('heading', { level: 1, name: text.success }).waitFor({ timeout: 30_000 });
  await other.close();
  return onPhone;
}

/**
 * The status cells whose text wraps inside a word ("sans rép / onse": Cloudscape's status text breaks anywhere):
 * each line break must fall at a space.
 */
const STATUS_BROKEN_MID_WORD = `[...document.querySelectorAll('table tbody tr')].flatMap((tr) => {
  const cell = tr.children[4];
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  const broken = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent;
    let previous;
    for (let i = 0; i < text.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const top = Math.round(range.getBoundingClientRect().top);
      if (previous !== undefined && top > previous && text[i - 1] !== ' ' && text[i] !== ' ') broken.push(text);
      previous = top;
    }
  }
  return broken;
})`;

/** 2 (cont.). The manager: 2 completed, the "email sent" filter's summary (also as cards on a phone), parent 1's history. */
async function managerShowsAnswers(j: Journey) {
  const { page, text } = j;
  const [first] = j.who.main as [Parent];
  await openManager(j);
  await page.getByTestId('campaign-progress').filter({ hasText: text.overall }).waitFor({ timeout: 60_000 });
  // The select's name is its label then its value ("Statut Tous").
  await chooseOption(page, new RegExp(`^${text.status} `), text.emailed);
  await expect.poll(() => page.getByTestId('shown-summary').innerText(), { timeout: 15_000 }).toBe(text.summary);
  // On a phone the manager turns into cards: same filters and summary, nothing wider than the screen.
  await at(page, 'mobile');
  await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 10_000 }).toBe(0);
  expect(await page.getByTestId('shown-summary').innerText()).toBe(text.summary);
  expect(await noHorizontalScroll(page)).toBe(true);
  // At 1,280 px, the narrowest table layout, with the navigation open: every column inside the table's frame.
  await page.setViewportSize({ width: 1280, height: 800 });
  const tableOverflow = `(() => { const table = document.querySelector('table');
    return table ? table.scrollWidth - table.parentElement.clientWidth : Infinity; })()`;
  await expect.poll(() => page.evaluate(tableOverflow) as Promise<number>, { timeout: 10_000 }).toBeLessThanOrEqual(0);
  expect(await page.evaluate(STATUS_BROKEN_MID_WORD)).toEqual([]);
  await at(page, 'desktop');
  await expect.poll(() => page.evaluate(tableOverflow) as Promise<number>, { timeout: 10_000 }).toBeLessThanOrEqual(0);
  expect(await page.evaluate(STATUS_BROKEN_MID_WORD)).toEqual([]);

  // Parent 1's history, in words: the invitation, then the answer.
  await page.getByRole('button', { name: text.history(`${first.firstName} ${first.lastName}`) }).click();
  const history = page.getByRole('dialog');
  await history.getByText(text.submittedEvent).waitFor({ timeout: 10_000 });
  expect(await history.getByText(text.invitationEvent).count()).toBe(1);
  await history.getByRole('button', { name: text.closeDialog, exact: true }).click();
}

/** 3. Seven days before the deadline (a controlled clock, 15:00 UTC that morning): one reminder, to parent 3 only. */
async function reminderToTheSilentOne(j: Journey) {
  const { page, text } = j;
  const [first, second, third] = j.who.main as [Parent, Parent, Parent];
  const morning = new Date(`${addDays(j.deadline, -7)}T15:00:00Z`);
  const reminders = await runDueReminders(testSendDeps(stack, { now: () => morning }), morning.getTime() + 60_000);
  expect(reminders).toMatchObject({ outcome: 'sending', offsets: [7], progress: { sent: 1 } });
  expect((await mailTo(stack, third.email!)).length).toBe(2);
  // The reminder carries parent 3's link from now on (each email replaces the link sent before it).
  j.links.reminded = await updateLinkFor(stack, third.email!);
  expect(j.links.reminded).not.toBe(j.links.third);
  expect((await mailTo(stack, first.email!)).length).toBe(1);
  expect((await mailTo(stack, second.email!)).length).toBe(1);
  // The English reminder's row and history: test/frontend/campaign-screens-english.test.tsx.
  if (j.lang === 'en') return;
  // The manager says so: two emails to parent 3, no answer yet, and the reminder in the history.
  // The manager shows its rows in pages: the search brings parent 3's row to the first.
  await openManager(j);
  await page.getByPlaceholder(text.search).fill(third.email!);
  const thirdRow = page.locator('tr').filter({ hasText: third.email! });
  await thirdRow.getByText(text.remindedRow).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: text.history(`${third.firstName} ${third.lastName}`) }).click();
  await page.getByRole('dialog').getByText(text.reminderEvent).waitFor({ timeout: 10_000 });
  await page.getByRole('dialog').getByRole('button', { name: text.closeDialog, exact: true }).click();
}

/** 4. Held for review: a phone and address change; the form says so, the directory keeps the old values. */
async function answerHeldForReview(j: Journey) {
  const { text, who } = j;
  // Their links (sent server-side: the sending screen is seen above), with the committee parent's.
  const job = await startSendJob(j.campaignId, { mode: 'selected', parentIds: [who.review.id, who.committee[0]!.id] }, 'e2e-campaign', { now: () => new Date() });
  await continueSendJob(j.campaignId, job.jobId, testSendDeps(stack));
  const link = await updateLinkFor(stack, who.review.email!);
  const form = await j.anon.newPage();
  await form.goto(link);
  const phone = form.getByLabel(text.phone, { exact: true });
  await phone.waitFor({ timeout: 60_000 });
  await phone.fill('438 555-0177');
  await form.getByLabel(text.street, { exact: false }).first().fill('8, rue des Lilas');
  await form.getByRole('button', { name: text.validate, exact: true }).click();
  await form.getByText(text.successNote).waitFor({ timeout: 30_000 });
  // The administrator's next screens are at the language's width (375 px in English).
  await at(j.page, text.viewport);
  // The English form saying so when opened again: test/frontend/annual-update-page.test.tsx; the held values kept
  // out of the directory: test/lambdas/annual-update-review.test.ts and the French pass.
  if (j.lang === 'en') return form.close();
  // The form says the changes await review, and shows the values sent.
  await form.goto(link);
  await form.getByText(text.awaiting, { exact: true }).waitFor({ timeout: 60_000 });
  // And when the answer came (the page, on a phone, names the day: the school's).
  await form.getByText(/^Vous avez répondu le \d{1,2}(er)? \p{L}+ \d{4} à \d{1,2} h \d{2}\./u).waitFor({ timeout: 10_000 });
  expect(await form.getByLabel(text.phone, { exact: true }).inputValue()).toBe('438 555-0177');
  await form.close();
  // The directory still shows the old values.
  const before = await directoryShows(j.page, who.review.email!, who.review.lastName);
  expect(before).toContain('450 555-0111');
  expect(before).not.toContain('438 555-0177');
}

/** 4 (cont.), French at 1440 px: a parent joins a committee open to sign-ups by their link; /committees lists them. */
async function joinsACommittee(j: Journey) {
  const [josee] = j.who.committee as [Parent];
  const page = await j.anon.newPage();
  await page.goto(await updateLinkFor(stack, josee.email!));
  // An open committee's box is labelled by its name alone (no « Je me joins au … » that a typed name cannot agree with).
  const join = page.getByRole('checkbox', { name: committeeName.fr });
  await explained(page, () => join.waitFor({ timeout: 60_000 }));
  expect(await page.getByText('Comités ouverts aux inscriptions', { exact: true }).count()).toBe(1);
  await join.click();
  await page.getByRole('button', { name: 'Valider', exact: true }).click();
  await explained(page, () => page.getByRole('heading', { level: 1, name: j.text.success }).waitFor({ timeout: 30_000 }));
  await page.close();

  const signedIn = await demoParentAt(j, '/committees');
  // Searching the committee's name leaves its card alone on the screen: the parent is listed on it, as a volunteer.
  const main = signedIn.getByRole('main');
  await explained(signedIn, () => main.getByPlaceholder('Comité ou membre').waitFor({ timeout: 30_000 }));
  await main.getByPlaceholder('Comité ou membre').fill(committeeName.fr);
  await explained(signedIn, () => main.getByRole('heading', { name: new RegExp(committeeName.fr) }).waitFor({ timeout: 30_000 }));
  await expect.poll(() => main.getByRole('heading', { level: 2 }).count(), { timeout: 15_000 }).toBe(1);
  await main.getByText('Josée Bénévole-Parcours').first().waitFor({ timeout: 30_000 });
  expect(await main.getByText('Bénévole', { exact: true }).count()).toBeGreaterThan(0);
}

/** 4 (cont.), English at 375 px: a parent types a new address and ticks "<co-parent> also lives at this address". */
async function sharesAnAddress(j: Journey) {
  const [harper] = j.who.committee as [Parent];
  const page = await j.anon.newPage();
  await page.goto(await updateLinkFor(stack, harper.email!));
  const shared = page.getByText('Rowan Homefield also lives at this address', { exact: true });
  await explained(page, () => shared.waitFor({ timeout: 60_000 }));
  await page.getByLabel('Street address', { exact: false }).first().fill('88, rue des Merisiers');
  await page.getByLabel('City', { exact: false }).first().fill('Boisbriand');
  await page.getByLabel('Postal code', { exact: false }).first().fill('J7G 2B5');
  await shared.click();
  await page.getByRole('button', { name: 'Validate', exact: true }).click();
  await explained(page, () => page.getByRole('heading', { level: 1, name: j.text.success }).waitFor({ timeout: 30_000 }));
  await page.close();
}

/** Clicks the download button, captures the file, and reads the PDF's text page by page. */
async function downloadLetters(page: Page, name: RegExp): Promise<{ file: string; pages: string[] }> {
  const button = page.getByRole('button', { name });
  await explained(page, () => button.waitFor({ timeout: 60_000 }));
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), button.click()]);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  return { file: download.suggestedFilename(), pages: text };
}

/** What the update form is told for a letter's code or an emailed link (POST /api/update/load, as the form asks). */
async function loadForm(codeOrLink: string) {
  const token = codeOrLink.startsWith('http') ? new URL(codeOrLink).pathname.split('/').at(-1)! : codeOrLink;
  const response = await fetch(`${stack.appUrl}/api/update/load`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { error?: { code?: string; details?: { endedOn?: string } }; parent?: { phone?: string }; campaign?: { deadline?: string } },
  };
}

/**
 * 5. Paper letters, for the parents without an email. French: the administrator downloads the school's letters (one
 * page per parent, each in their language: the one PDF of the school's letters the journey builds). English: the
 * letters are issued by the route the download button calls (the French pass checks the PDF of both languages'
 * letters). Then the parent in this language types the code of their letter on the code page, in this language.
 */
async function paperLetters(j: Journey) {
  const { page, text } = j;
  const listed = await api('admin', 'GET', `/api/admin/annual-update/campaigns/${j.campaignId}/participants`);
  const { participants } = ParticipantsResponseSchema.parse(listed.body);
  const unreachable = participants.filter((p) => p.unreachable && !p.email && p.lastName !== undefined && p.kind !== 'staff');
  const mine = j.who.letters;
  expect(unreachable.map((p) => p.parentId)).toEqual(expect.arrayContaining(mine.map((p) => p.id)));
  const codes = new Map<string, string>();

  if (j.lang === 'fr') {
    await openManager(j);
    const errors = trackPageErrors(page);
    const pdf = await downloadLetters(page, text.download);
    await page.getByText(text.lettersSaved).first().waitFor({ timeout: 30_000 });
    expect(pdf.file).toMatch(new RegExp(`${text.schoolYear}\\.pdf$`));
    expect(pdf.pages.length).toBe(unreachable.length);
    const french = pdf.pages.filter((p) => p.includes(TEXT.fr.letterTitle)).length;
    const english = pdf.pages.filter((p) => p.includes(TEXT.en.letterTitle)).length;
    expect([french, english]).toEqual([
      unreachable.filter((p) => (p.preferredLanguage ?? 'fr') === 'fr').length,
      unreachable.filter((p) => p.preferredLanguage === 'en').length,
    ]);
    expect(new Set(pdf.pages.map(codeOf)).size).toBe(pdf.pages.length);
    for (const p of mine) {
      const letter = pdf.pages.find((onPage) => onPage.includes(`${p.firstName} ${p.lastName}`));
      expect(letter, p.firstName).toBeDefined();
      expect(letter).toContain(TEXT[p.preferredLanguage].letterTitle);
      expect(letter).toContain(`${stack.appUrl}${TEXT[p.preferredLanguage].codePage}`);
      codes.set(p.id, codeOf(letter!)!);
    }
    expect(errors).toEqual([]);
  } else {
    const issued = LettersResponseSchema.parse((await api('admin', 'POST', `/api/admin/annual-update/campaigns/${j.campaignId}/letters`, {})).body);
    expect(issued.letters.map((l) => l.parentId).sort()).toEqual(unreachable.map((p) => p.parentId).sort());
    for (const p of mine) {
      const letter = issued.letters.find((l) => l.parentId === p.id)!;
      expect(letter).toMatchObject({ language: p.preferredLanguage, codePageUrl: expect.stringMatching(new RegExp(`${TEXT[p.preferredLanguage].codePage}$`)) });
      codes.set(p.id, letter.code);
    }
  }

  // The parent types the code of their letter (lower case, a space instead of the dash) on the code page.
  const writer = mine.find((p) => p.preferredLanguage === j.lang)!;
  const code = codes.get(writer.id)!;
  // A browser that never chose a language: the code page's address says which.
  const paperContext = await session.newContext(text.viewport);
  const onPaper = await paperContext.newPage();
  await onPaper.goto(`${stack.appUrl}${text.codePage}`);
  await onPaper.getByRole('heading', { level: 1, name: text.codeTitle }).waitFor({ timeout: 60_000 });
  const field = onPaper.getByLabel(text.codeLabel);
  await field.fill('ABCDE');
  await onPaper.getByRole('button', { name: text.openCode }).click();
  await onPaper.getByText(text.codeInvalid).waitFor({ timeout: 10_000 });
  // A code of the right form that no letter has: said on this page, under the field, which stays.
  await field.fill('ABCDE-FGHJK');
  await onPaper.getByRole('button', { name: text.openCode }).click();
  await onPaper.getByText(text.codeUnknown).waitFor({ timeout: 10_000 });
  expect(new URL(onPaper.url()).pathname).toBe(text.codePage);
  await field.fill(code.toLowerCase().replace('-', ' '));
  await onPaper.getByRole('button', { name: text.openCode }).click();
  await expectAt(onPaper, `/update/${code}?lang=${j.lang}`);
  const phone = onPaper.getByLabel(text.phone, { exact: true });
  await explained(onPaper, () => phone.waitFor({ timeout: 60_000 }));
  await phone.fill('514 555-0177');
  await onPaper.getByRole('button', { name: text.validate, exact: true }).click();
  await onPaper.getByRole('heading', { level: 1, name: text.success }).waitFor({ timeout: 30_000 });
  // A family without email is not sent to create an account « avec le courriel que l'école a » (a trial): how to add one.
  await onPaper.getByText(j.lang === 'fr' ? "L'école n'a pas de courriel à votre dossier." : 'The school has no email on file for you.', { exact: false }).waitFor();
  expect((await getParticipant(j.campaignId, writer.id))?.submittedAt).toBeDefined();
  await paperContext.close();
  await reprintOneLetter(j, codes);
}

/**
 * 5 (cont.). A lost letter: the other family's letter is reprinted alone. English: in the campaign page's screen
 * (chosen by name, asked first, no word to type; its one-page PDF). French: by the route that screen calls (the
 * English pass walks the screen; test/frontend/closed-campaign-and-reprint.test.tsx its words in both languages). Its
 * old code now says a newer letter replaced it (French: as the parent reads it); the first family's code still opens
 * its form.
 */
async function reprintOneLetter(j: Journey, codes: Map<string, string>) {
  const { page, text } = j;
  const lost = j.who.letters.find((p) => p.preferredLanguage !== j.lang)!;
  const kept = j.who.letters.find((p) => p.preferredLanguage === j.lang)!;
  const name = `${lost.firstName} ${lost.lastName}`;
  const oldCode = codes.get(lost.id)!;
  let newCode: string | undefined;
  if (j.lang === 'en') {
    // The page shows the letters printed once its participants are read again.
    await openManager(j);
    await page.getByRole('button', { name: text.chooseParents }).click({ timeout: 60_000 });
    await page.getByRole('option', { name: `${lost.lastName}, ${lost.firstName}` }).first().click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: text.reprintOne, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(name, { exact: false }).waitFor({ timeout: 10_000 });
    expect(await dialog.getByRole('textbox').count()).toBe(0);
    const errors = trackPageErrors(page);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 90_000 }),
      dialog.getByRole('button', { name: text.reprintOne, exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`${text.schoolYear}-${text.reprintFile}-\\d{4}-\\d{2}-\\d{2}-\\d{4}\\.pdf$`));
    const { text: pages } = await extractText(await getDocumentProxy(new Uint8Array(readFileSync((await download.path())!))), { mergePages: false });
    expect(pages.length).toBe(1);
    expect(pages[0]).toContain(name);
    expect(pages[0]).toContain(TEXT[lost.preferredLanguage].letterTitle);
    newCode = codeOf(pages[0]!);
    expect(errors).toEqual([]);
  } else {
    const reprinted = LettersResponseSchema.parse(
      (await api('admin', 'POST', `/api/admin/annual-update/campaigns/${j.campaignId}/letters`, { parentIds: [lost.id] })).body,
    );
    expect(reprinted.letters.map((l) => l.parentId)).toEqual([lost.id]);
    newCode = reprinted.letters[0]!.code;
    const reader = await j.phone.newPage();
    await reader.goto(`${stack.appUrl}/update/${oldCode}?lang=${j.lang}`);
    await explained(reader, () => reader.getByText(text.codeReplaced, { exact: false }).waitFor({ timeout: 60_000 }));
    await reader.close();
  }
  expect(newCode).toBeDefined();
  expect(newCode).not.toBe(oldCode);
  expect((await loadForm(oldCode)).body.error?.code).toBe('CODE_REPLACED');
  expect((await loadForm(newCode!)).status).toBe(200);
  expect((await loadForm(codes.get(kept.id)!)).status).toBe(200);
}

/** 6. The review screen: every held answer accepted, but the review parent's address rejected. */
async function reviewScreen(j: Journey) {
  const { page, text, who } = j;
  const held = [who.main[0]!, who.letters.find((p) => p.preferredLanguage === j.lang)!, ...(j.lang === 'en' ? [who.committee[0]!] : [])];
  await openManager(j);
  await page.getByRole('link', { name: text.reviewLink(held.length + 1) }).click({ timeout: 60_000 });
  await page.getByRole('heading', { level: 1, name: text.reviewTitle }).waitFor({ timeout: 60_000 });
  for (const p of held) {
    const name = `${p.firstName} ${p.lastName}`;
    // Several changes: Accept all, in the header before the fields' own; one change: its field's Accept alone.
    await page.getByRole('button', { name: new RegExp(`^${text.acceptAll} \\(${name}\\)$`) }).first().click({ timeout: 30_000 });
    await page.getByText(new RegExp(`^${text.acceptedAll} ${name}\\.$`)).waitFor({ timeout: 30_000 });
  }
  const name = `${who.review.firstName} ${who.review.lastName}`;
  const acceptPhone = page.getByRole('button', { name: `${text.accept} (${name})` });
  await acceptPhone.click({ timeout: 30_000 });
  await page.getByText(`${text.accepted} ${name}.`).waitFor({ timeout: 30_000 });
  // The screen shows the answer's one field left (read again after the decision) before the next decision on it.
  await acceptPhone.waitFor({ state: 'detached', timeout: 30_000 });
  await page.getByRole('button', { name: `${text.reject} (${name})` }).click({ timeout: 30_000 });
  // A refusal asks first (a trial's one tap threw away a parent's new address); its own button refuses.
  const confirm = page.getByRole('dialog').filter({ hasText: name });
  await confirm.getByRole('button', { name: text.reject.split(' ')[0], exact: true }).click({ timeout: 30_000 });
  await explained(page, () => page.getByText(text.reviewEmpty).waitFor({ timeout: 30_000 }));
}

/**
 * 6 (cont.). The directory shows what was accepted: new phones, the opt-out, the old address kept. English: the
 * co-parent's card shows the address Harper shared (the accepted values themselves: the French pass and
 * test/lambdas/annual-update-review.test.ts).
 */
async function directoryAfterReview(j: Journey) {
  const { page, who } = j;
  if (j.lang === 'en') {
    // The co-parent's card shows the address Harper shared (saved on them when the address was accepted).
    const [, rowan] = who.committee as [Parent, Parent];
    const signedIn = await demoParentAt(j, `/parents?q=${encodeURIComponent(rowan.email!)}`);
    await explained(signedIn, () => signedIn.getByText(/88, rue des Merisiers/).first().waitFor({ timeout: 30_000 }));
    expect(await getEntity('PARENT', rowan.id)).toMatchObject({ address: { street: '88, rue des Merisiers', city: 'Boisbriand', postalCode: 'J7G 2B5' } });
    return;
  }
  const after = await directoryShows(page, who.review.email!, '438 555-0177');
  expect(after).toContain(who.review.lastName);
  const stored = (await getEntity('PARENT', who.review.id))!;
  expect(stored.phone).toBe('4385550177');
  expect(stored.address?.street).toBe(OLD_STREET);
  expect((await getEntity('PARENT', who.letters.find((p) => p.preferredLanguage === j.lang)!.id))?.phone).toBe('5145550177');

  // Parent 1's and parent 2's answers, in the directory table (1440 px).
  const [first, second] = who.main as [Parent, Parent];
  await at(page, 'desktop');
  const rows = page.locator('table tbody tr');
  await page.goto(`${stack.appUrl}/parents?q=${encodeURIComponent(first.email!)}`);
  await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(1);
  expect(await rows.first().innerText()).toContain('438 555-0199');
  await page.goto(`${stack.appUrl}/parents?q=${encodeURIComponent(second.email!)}`);
  await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(1);
  expect(await rows.first().locator(`a[href="mailto:${second.email}"]`).count()).toBe(1);
  expect(await rows.first().locator('a[href^="tel:"]').count()).toBe(0);
  const directory = DirectoryResponseSchema.parse((await api('admin', 'GET', '/api/directory')).body);
  const optedOut = directory.parents.find((p) => p.id === second.id);
  expect(optedOut?.phone).toBeUndefined();
  expect(optedOut?.address).toBeUndefined();
  const changed = directory.parents.find((p) => p.id === first.id);
  expect(changed?.phone).toBe('4385550199');
  expect([...(changed?.interests ?? [])].sort()).toEqual(['gardening', 'reading']);
  await at(page, j.text.viewport);
}

/** 7. A staff member's link: title and extension changed, email hidden; the staff page and the staff filter. */
async function staffLink(j: Journey) {
  const { page, text } = j;
  const member = j.who.staff;
  await openManager(j);
  await sendTo(j, member.lastName, [member], { staff: true });
  await page.getByText(text.sent(1, 0)).waitFor({ timeout: 60_000 });
  // The emailed link, in the staff member's language, opens the staff form.
  const link = await staffLinkFor(stack, member.email!);
  expect(link).toContain(`lang=${j.lang}`);
  const form = await j.anon.newPage();
  await form.goto(link);
  await form.getByRole('heading', { level: 1, name: text.staffPageTitle }).waitFor({ timeout: 60_000 });
  // The school's name with French's article and elision ("de l'École …"), "of …" in English.
  await form.getByText(text.staffIntro, { exact: false }).first().waitFor({ timeout: 10_000 });
  expect(await form.getByTestId('staff-classes').innerText()).toBe(text.noClasses);
  expect(await noHorizontalScroll(form)).toBe(true);
  await form.getByLabel(text.titleFr, { exact: true }).fill(text.newTitle.fr);
  await form.getByLabel(text.titleEn, { exact: true }).fill(text.newTitle.en);
  // A bad extension is refused in words, before anything is sent.
  await form.getByLabel(text.extension, { exact: true }).fill('24 68');
  await form.getByRole('button', { name: text.staffSubmit, exact: true }).click();
  await form.getByText(text.extensionInvalid).waitFor({ timeout: 10_000 });
  await form.getByLabel(text.extension, { exact: true }).fill('2468');
  await form.getByRole('checkbox', { name: text.showEmail }).uncheck();
  await form.getByRole('button', { name: text.staffSubmit, exact: true }).click();
  await form.getByRole('heading', { level: 1, name: text.success }).waitFor({ timeout: 30_000 });
  expect(new URL(form.url()).pathname).toBe('/update-success');
  await form.close();
  // The English staff page and the manager's staff filter after the answer: campaign-screens-english.test.tsx.
  if (j.lang === 'en') return;

  // The staff page: the new title and extension, and the email nowhere. Opened afresh: the app revalidates its
  // copy of the directory at most every 30 s (REVALIDATE_AFTER_MS), and directoryAfterReview may have loaded it
  // less than 30 s ago; in-app navigation would then show the copy from before the staff member's answer.
  await page.goto(`${stack.appUrl}/staff`);
  await page.getByPlaceholder(text.staffSearch).fill(member.lastName);
  const main = page.getByRole('main');
  await main.getByText(text.shownTitle).first().waitFor({ timeout: 30_000 });
  await main.getByText(text.extensionShown).first().waitFor({ timeout: 10_000 });
  expect(await page.locator(`a[href="mailto:${member.email}"]`).count()).toBe(0);
  expect(await page.content()).not.toContain(member.email!);

  // The participants manager's staff filter shows them as submitted. The select's name is its label then its value.
  await openManager(j);
  await chooseOption(page, /^Participants /, text.staffFilter, { exact: true });
  await page.getByPlaceholder(text.search).fill(member.lastName);
  await page.getByRole('main').getByText(text.submitted, { exact: true }).first().waitFor({ timeout: 30_000 });
  expect(await noHorizontalScroll(page)).toBe(true);
}

/** 8. A simulated bounce shows in the manager, no further email goes to that address, a corrected email is sendable. */
async function bounces(j: Journey) {
  const { page, text } = j;
  const { bouncer, bounceOther: other } = j.who;
  const lastName = bouncer.lastName;
  // The first send reaches both; SES (simulated) answers the bounce address with a permanent bounce.
  await openManager(j);
  await sendTo(j, lastName, [bouncer, other]);
  await page.getByText(text.sent(2, 0)).waitFor({ timeout: 60_000 });
  expect(await mailTo(stack, bouncer.email!)).toHaveLength(1);

  // The bounce comes back through SNS: once the server has it, the manager marks the parent, with the date, and
  // the status filter finds them.
  await expect.poll(async () => (await participant(j, bouncer.id))?.suppression, { timeout: 60_000, interval: 1_000 }).toBeDefined();
  await openManager(j);
  await chooseOption(page, new RegExp(`^${text.status} `), text.suppressedFilter);
  await page.getByPlaceholder(text.search).fill(lastName);
  await explained(page, () => expect.poll(() => page.getByText(text.bounced).count(), { timeout: 30_000 }).toBe(1));
  await page.getByText(`${bouncer.firstName}`, { exact: false }).first().waitFor({ timeout: 10_000 });
  expect(await page.getByText(`${other.lastName}, ${other.firstName}`).count()).toBe(0);

  // Sending again: the other parent gets a second email, the bounced address nothing (the dialog counts 1).
  await openManager(j);
  await sendTo(j, lastName, [bouncer, other], { count: 1 });
  await page.getByText(text.sent(1, 1)).waitFor({ timeout: 60_000 });
  expect(await mailTo(stack, bouncer.email!)).toHaveLength(1);
  expect(await mailTo(stack, other.email!)).toHaveLength(2);

  // The admin corrects the email on the directory data page.
  const corrected = `e2e-bounce-fixed-${j.lang}-${castRun[j.lang]}@test.example`;
  const name = `${bouncer.firstName} ${bouncer.lastName}`;
  await goTo(page, stack.appUrl, '/admin/data');
  await page.getByRole('heading', { level: 1, name: text.dataTitle }).waitFor({ timeout: 60_000 });
  await page.getByRole('tab', { name: text.editTab, exact: true }).click();
  await page.getByLabel(text.searchParent).fill(lastName);
  await page.getByRole('button', { name: text.editOne(name), exact: true }).click({ timeout: 30_000 });
  const email = page.getByLabel(text.email, { exact: true });
  await email.waitFor({ timeout: 30_000 });
  await email.fill(corrected);
  await page.getByRole('button', { name: text.save, exact: true }).click();
  await page.getByText(text.saved(name)).waitFor({ timeout: 30_000 });
  await expect.poll(async () => (await participant(j, bouncer.id))?.suppression, { timeout: 30_000, interval: 1_000 }).toBeUndefined();

  // Sendable again: no more bounce status, and the next send reaches the new address.
  await openManager(j);
  await page.getByPlaceholder(text.search).fill(lastName);
  await page.getByRole('checkbox', { name }).waitFor({ timeout: 30_000 });
  // The rows read before the correction may show first: the bounce status goes once they are read again.
  await expect.poll(() => page.getByText(text.bounced).count(), { timeout: 30_000 }).toBe(0);
  await sendTo(j, lastName, [bouncer]);
  await explained(page, () => page.getByText(text.sent(1, 0)).waitFor({ timeout: 60_000 }));
  expect(await mailTo(stack, corrected)).toHaveLength(1);
  expect(await mailTo(stack, bouncer.email!)).toHaveLength(1);
}

/**
 * 9. A submitted link stays usable; closing (keyboard alone) first says what it ends (who has not answered, until
 * when it can be reopened) and waits for the reader's word (« confirmer » in French: "confirm" does not count); the
 * campaign page and the dashboard then both read closed, with the same counts and no send button; every link says
 * the period ended, on which day; reopening with a new deadline makes the links work again, and a parent answers once
 * more (docs/annual-update.md, "Campaign lifecycle").
 */
/**
 * (en) One more week for the parents: the deadline moves on the open campaign's « Deadline and reminders » dialog; the
 * card, the reminders and the form a link opens give the new day (the links' expiry follows it:
 * test/lambdas/annual-update-lifecycle.test.ts).
 */
async function movesTheDeadline(j: Journey) {
  const { page } = j;
  const text = TEXT.en;
  await openManager(j);
  await pressButton(page, text.scheduleOpen, 'main', { max: 80 });
  const dialog = page.getByRole('dialog');
  const field = dialog.getByRole('textbox', { name: text.scheduleDeadline });
  await field.waitFor({ timeout: 10_000 });
  expect(await field.inputValue()).toBe(j.deadline);
  const later = addDays(j.deadline, 7);
  await field.fill(later);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const longDate = formatLongDate(later, 'en');
  await page.getByText(text.deadlineMoved(longDate)).waitFor({ timeout: 30_000 });
  await page.getByText(text.remindersPlanned(longDate)).waitFor({ timeout: 30_000 });
  j.deadline = later;
  const form = await loadForm(j.links.reminded!);
  expect(form.body.campaign?.deadline).toBe(later);
}

async function closeTheCampaign(j: Journey, onPhone: Page) {
  const { page, text } = j;
  // docs/product-rules.md: submit again to change or opt back in, until the campaign closes (the form loads with the
  // values sent: parent 1 opened it again in step 2's way).
  const beforeClose = await loadForm(j.links.first!);
  expect(beforeClose.status).toBe(200);
  expect(beforeClose.body.parent?.phone).toBe('4385550199');

  await at(page, 'desktop');
  await openManager(j);
  await page.getByRole('button', { name: text.closeOpen }).first().waitFor({ timeout: 60_000 });
  await pressButton(page, text.closeOpen, 'main', { max: 80 });
  const dialog = page.getByRole('dialog');
  const closeNow = dialog.getByRole('button', { name: text.closeOpen });
  await closeNow.waitFor({ timeout: 10_000 });
  await dialog.getByText(text.closeUnanswered).waitFor({ timeout: 10_000 });
  await dialog.getByText(text.closeReopenUntil).waitFor({ timeout: 10_000 });
  expect(await closeNow.isDisabled()).toBe(true);
  await tabTo(page, { selector: '[role="dialog"] input', name: text.typeWord });
  if (j.lang === 'fr') {
    // The English word is not the French reader's.
    await page.keyboard.type('confirm');
    expect(await closeNow.isDisabled()).toBe(true);
    await retype(page, text.word);
  } else {
    await page.keyboard.type(text.word);
  }
  await pressButton(page, text.closeOpen, '[role="dialog"]');
  await page.getByText(text.closed).waitFor({ timeout: 30_000 });
  expect((await expectFocusOn(page, 'main *', 'after the close dialog')).name).toContain(text.closed);

  // The campaign page reads closed, offers reopening, and has no send button.
  await page.getByRole('heading', { level: 2, name: text.closedTitle }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: text.reopenOpen }).waitFor({ timeout: 10_000 });
  expect(await page.locator('main').getByRole('button', { name: text.sendButton }).count()).toBe(0);
  const counts = (await page.locator('main').getByText(text.progressLine).first().textContent())!;

  // The reminded link, never answered: the period ended, on that day, as the parent reads it; the submitted one
  // too (the form is told the same: every link and code, test/lambdas/annual-update-lifecycle.test.ts).
  await onPhone.goto(j.links.reminded!);
  await onPhone.getByText(text.closedLink).waitFor({ timeout: 30_000 });
  expect((await loadForm(j.links.first!)).body.error?.code).toBe('CAMPAIGN_CLOSED');
  // The dashboard card follows: closed, with the campaign page's counts; on a phone too, within the screen.
  await goTo(page, stack.appUrl, '/admin');
  const card = page.locator('[data-testid="campaign-card"]');
  await card.getByText(text.completed, { exact: true }).waitFor({ timeout: 30_000 });
  expect((await card.getByText(text.progressLine).first().textContent())!).toBe(counts);
  // English stops here: its reopen dialog, test/frontend/campaign-screens-english.test.tsx; the reasons a link
  // gives in English, test/frontend/link-reasons.test.tsx.
  if (j.lang === 'en') return;
  await at(page, 'mobile');
  await card.getByText(text.completed, { exact: true }).waitFor({ timeout: 10_000 });
  expect(await noHorizontalScroll(page)).toBe(true);
  await at(page, 'desktop');

  // Reopened with a new deadline, one week after the proposed one (the campaign's own deadline while more than 30 days
  // ahead, as here: a reopen must not quietly move the letters' date sooner; else today + 30 days), picked on the
  // calendar with the keyboard: the reminded parent's link works again.
  await openManager(j);
  await pressButton(page, text.reopenOpen, 'main', { max: 80 });
  await page.getByRole('dialog').getByRole('button', { name: text.reopenOpen }).waitFor({ timeout: 10_000 });
  const reopenDeadline = await pickDayByWeeks(page, text.calendar, 1);
  const inAMonth = addDays(schoolDay(), 30);
  expect(reopenDeadline).toBe(addDays(j.deadline > inAMonth ? j.deadline : inAMonth, 7));
  await pressButton(page, text.reopenOpen, '[role="dialog"]');
  await page.getByText(text.reopened).waitFor({ timeout: 30_000 });
  await page.getByText(formatLongDate(reopenDeadline, j.lang), { exact: false }).first().waitFor({ timeout: 10_000 });
  await page.getByRole('heading', { level: 2, name: text.cardTitle }).waitFor({ timeout: 30_000 });
  await onPhone.goto(j.links.reminded!);
  const phone = onPhone.getByLabel(text.phone, { exact: true });
  await explained(onPhone, () => phone.waitFor({ timeout: 60_000 }));
  await phone.fill('514 555-0166');
  await pressButton(onPhone, text.validate);
  await onPhone.getByRole('heading', { level: 1, name: text.success }).waitFor({ timeout: 30_000 });
  await goTo(page, stack.appUrl, '/admin');
  await card.getByText(text.open, { exact: true }).waitFor({ timeout: 30_000 });
  await deadLinksSayWhy(j, onPhone);
}

/**
 * 9 (cont.), the campaign open again: parent 3's first link, replaced by the reminder's, says so with its day (it
 * once said « invalide »), as the parent reads it; parent 2's link, once past its own last day, is told it expired on
 * that day (the sentence in both languages: test/frontend/link-reasons.test.tsx).
 */
async function deadLinksSayWhy(j: Journey, onPhone: Page) {
  const { text } = j;
  await onPhone.goto(j.links.third!);
  await explained(onPhone, () => onPhone.getByText(text.linkReplaced).waitFor({ timeout: 30_000 }));
  const token = new URL(j.links.second!).pathname.split('/').at(-1)!;
  const key = keys.updateToken(hashToken(token));
  const stored = (await documentClient().send(new GetCommand({ TableName: tableName(), Key: key }))).Item!;
  const lastDay = Math.floor(Date.now() / 1000) - 2 * 86_400;
  await documentClient().send(new PutCommand({ TableName: tableName(), Item: { ...stored, expiresAt: lastDay } }));
  const expired = await loadForm(j.links.second!);
  expect(expired.status).toBe(410);
  expect(expired.body.error).toMatchObject({ code: 'TOKEN_EXPIRED', details: { endedOn: schoolDay(new Date(lastDay * 1000)) } });
}

/** 10. The signed-in demo parent updates the phone from My Profile (375 px); the directory shows it. */
async function myProfile(j: Journey) {
  const { text } = j;
  // The close step reopened the campaign, which reviews answers: while it runs, My Profile's phone would be held
  // for review like a link's (docs/annual-update.md, "What is held"). This step is the directory showing a change
  // at once, so the campaign is closed first, as it is between campaigns.
  await closeOpenCampaign('test-my-profile');
  const account = demoAccount(stack, 'parent');
  const page = await demoParentAt(j, '/profile');
  await at(page, 'mobile');
  await page.getByRole('button', { name: text.profileEdit }).first().click({ timeout: 60_000 });
  const phoneField = page.getByLabel(text.phone, { exact: true });
  await phoneField.waitFor({ timeout: 30_000 });
  await phoneField.fill(text.demoPhone.replace(' ', ''));
  expect(await noHorizontalScroll(page)).toBe(true);
  // Leaving with the change not saved asks first; staying keeps the form and the change.
  await page.getByRole('banner').getByRole('link', { name: text.appName }).click();
  await page.getByRole('dialog').getByText(text.leaveTitle, { exact: true }).waitFor({ timeout: 10_000 });
  await page.getByRole('dialog').getByRole('button', { name: text.stay }).click();
  expect(new URL(page.url()).pathname).toBe('/profile');
  expect(await phoneField.inputValue()).toContain(text.demoPhone.slice(-8));
  await page.getByRole('button', { name: text.validate, exact: true }).click();
  await page.getByText(text.profileSaved).waitFor({ timeout: 30_000 });
  // The view is read again from the server and shows the new number.
  await page.getByText(text.demoPhone).first().waitFor({ timeout: 30_000 });
  await goTo(page, stack.appUrl, `/parents?q=${encodeURIComponent(account.email)}`);
  await page.getByText(text.demoPhone).first().waitFor({ timeout: 30_000 });
}

describe.each(['fr', 'en'] as const)('the annual update campaign (%s)', (lang) => {
  it('start, send, answers by link and by letter, reminders, review, staff, bounces, close; then My Profile', { timeout: 600_000 }, async () => {
    // One campaign at a time on this shared stack: one left active by another file (or a failed run) is closed.
    await closeOpenCampaign('test-setup');
    const text = TEXT[lang];
    // Signed in once per worker and language (signedInContext): signing in is the auth journeys' subject, not this one's.
    const adminContext = await signedInContext(session, stack, demoAccount(stack, 'admin'), lang, 'desktop');
    const phone = await contextIn(() => session.newContext('mobile'), lang);
    const anon = lang === 'en' ? phone : await contextIn(() => session.newContext(text.viewport), lang);
    const j: Journey = { lang, text, who: cast[lang]!, page: await adminContext.newPage(), phone, anon, campaignId: '', deadline: '', links: {} };
    const timed = async <T>(name: string, step: () => Promise<T>): Promise<T> => {
      const began = Date.now();
      try {
        return await step();
      } finally {
        timings.push(`${lang} ${name} ${Date.now() - began} ms`);
      }
    };
    try {
      await timed('start', () => startFromDashboard(j));
      const onPhone = await timed('threeParentsAnswer', () => threeParentsAnswer(j));
      if (lang === 'fr') await timed('managerShowsAnswers', () => managerShowsAnswers(j));
      await timed('reminderToTheSilentOne', () => reminderToTheSilentOne(j));
      await timed('answerHeldForReview', () => answerHeldForReview(j));
      await timed('committee', () => (lang === 'fr' ? joinsACommittee(j) : sharesAnAddress(j)));
      await timed('paperLetters', () => paperLetters(j));
      await timed('reviewScreen', () => reviewScreen(j));
      await timed('directoryAfterReview', () => directoryAfterReview(j));
      await timed('staffLink', () => staffLink(j));
      if (lang === 'fr') await timed('bounces', () => bounces(j));
      else await timed('movesTheDeadline', () => movesTheDeadline(j));
      await timed('close', () => closeTheCampaign(j, onPhone));
      await timed('myProfile', () => myProfile(j));
    } finally {
      for (const context of new Set([adminContext, phone, anon, j.parentContext])) await context?.close();
    }
  });
});
