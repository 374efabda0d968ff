import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDocumentClient } from '../../lambdas/common/dynamo';
import { createEntity, deleteEntity, getEntity, linkFamily, newEntityMeta, readDirectory } from '../../lambdas/directory/directory-repository';
import { getCampaignLock } from '../../lambdas/annual-update/campaign-repository';
import { closeCampaign, startCampaign } from '../../lambdas/annual-update/campaign-service';
import { continueSendJob, startSendJob } from '../../lambdas/annual-update/send-job-service';
import type { StackInfo } from '../../local/stack-info';
import type { Committee } from '../../shared/schemas/committee';
import type { Parent } from '../../shared/schemas/parent';
import type { Student } from '../../shared/schemas/student';
import { openBrowser, type BrowserSession } from '../support/browser';
import { useStack } from '../support/stack';
import { testSendDeps } from '../lambdas/annual-update-support';
import { contextIn, demoAccount, expectAt, explained, signInWith, updateLinkFor } from './auth-support';

/**
 * The parent form's committees and shared address (docs/product-rules.md) in Chromium on the shared seeded stack.
 * French at 1440 px: a parent follows their update link, joins a committee open to sign-ups, and the signed-in
 * /committees screen lists them as a member. English at 375 px: a parent follows their link, types a new address
 * and ticks "<co-parent> also lives at this address"; the co-parent's card in the directory shows it.
 * (Refusals and the unticked case: test/lambdas/update-form-committees.test.ts.)
 */
let stack: StackInfo;
let session: BrowserSession;
let campaignId: string;
let committee: Committee;
let student: Student;
const own: Parent[] = [];
const links: Record<string, string> = {};
const run = ulid().toLowerCase().slice(-6);

const parentFields = (firstName: string, lastName: string, lang: 'fr' | 'en') => ({
  firstName,
  lastName,
  email: `e2e-signup-${lang}-${firstName.toLowerCase()}-${run}@test.example`,
  phone: '4505550122',
  address: { street: '7, rue des Lilas', city: 'Laval', postalCode: 'H7N 1A1' },
  interests: [],
  skills: '',
  participation: 'full' as const,
  preferredLanguage: lang,
});

/** The emailed update link, on this stack's origin. */
const linkFor = (email: string) => updateLinkFor(stack, email);

beforeAll(async () => {
  stack = useStack();
  resetDocumentClient();
  const { classes } = await readDirectory();
  const schoolClass = classes[0]!;
  committee = await createEntity('COMMITTEE', {
    ...newEntityMeta(),
    name: { fr: `Comité des fêtes ${run}`, en: `Party committee ${run}` },
    kind: 'volunteer',
    otherMembers: [],
    openToSignUps: true,
  });
  own.push(await createEntity('PARENT', { ...newEntityMeta(), ...parentFields('Josée', 'Bénévole-Parcours', 'fr') }));
  own.push(await createEntity('PARENT', { ...newEntityMeta(), ...parentFields('Harper', 'Homefield', 'en') }));
  own.push(await createEntity('PARENT', { ...newEntityMeta(), ...parentFields('Rowan', 'Homefield', 'en') }));
  student = await createEntity('STUDENT', {
    ...newEntityMeta(),
    firstName: 'Ellis',
    lastName: 'Homefield',
    level: schoolClass.levels[0]!,
    classId: schoolClass.id,
  });
  await linkFamily({ parentId: own[1]!.id, studentId: student.id });
  await linkFamily({ parentId: own[2]!.id, studentId: student.id });

  const { campaign } = await startCampaign({ schoolYear: '2085-2086', confirmation: 'confirm' }, 'e2e-signup');
  campaignId = campaign.id;
  const job = await startSendJob(campaignId, { mode: 'selected', parentIds: [own[0]!.id, own[1]!.id] }, 'e2e-signup', { now: () => new Date() });
  await continueSendJob(campaignId, job.jobId, testSendDeps(stack));
  session = await openBrowser();
});

afterAll(async () => {
  await session?.close();
  const lock = await getCampaignLock();
  if (lock?.owner === campaignId) await closeCampaign(campaignId, 'test-cleanup');
  for (const parent of own) {
    const current = await getEntity('PARENT', parent.id);
    if (current) await deleteEntity('PARENT', current);
  }
  const leftStudent = await getEntity('STUDENT', student.id);
  if (leftStudent) await deleteEntity('STUDENT', leftStudent);
  const leftCommittee = await getEntity('COMMITTEE', committee.id);
  if (leftCommittee) await deleteEntity('COMMITTEE', leftCommittee);
});

describe('the update form: committees and a shared address', () => {
  it('French, 1440 px: a parent joins a committee by their link, and /committees lists them as a member', async () => {
    const context = await contextIn(() => session.newContext('desktop'), 'fr');
    const page = await context.newPage();
    links.fr = await linkFor(own[0]!.email!);
    await page.goto(links.fr);
    const join = page.getByText(`Je me joins au comité Comité des fêtes ${run}`, { exact: true });
    await explained(page, () => join.waitFor({ timeout: 60_000 }));
    expect(await page.getByText('Comités ouverts aux inscriptions', { exact: true }).count()).toBe(1);
    await join.click();
    await page.getByRole('button', { name: 'Valider', exact: true }).click();
    await explained(page, () => page.getByRole('heading', { level: 1, name: 'Renseignements mis à jour' }).waitFor({ timeout: 30_000 }));

    const viewer = await contextIn(() => session.newContext('desktop'), 'fr');
    const signedIn = await viewer.newPage();
    const account = demoAccount(stack, 'parent');
    await signedIn.goto(`${stack.appUrl}/auth?redirect=${encodeURIComponent('/committees')}`);
    await signInWith(signedIn, 'fr', account.email, account.password);
    await expectAt(signedIn, '/committees');
    // Searching the committee's name leaves its card alone on the screen: the parent is listed on it, as a volunteer.
    const main = signedIn.getByRole('main');
    await explained(signedIn, () => main.getByPlaceholder('Chercher un comité ou un de ses membres').waitFor({ timeout: 30_000 }));
    await main.getByPlaceholder('Chercher un comité ou un de ses membres').fill(`Comité des fêtes ${run}`);
    await explained(signedIn, () => main.getByRole('heading', { name: new RegExp(`Comité des fêtes ${run}`) }).waitFor({ timeout: 30_000 }));
    await expect.poll(() => main.getByRole('heading', { level: 2 }).count(), { timeout: 15_000 }).toBe(1);
    await main.getByText('Josée Bénévole-Parcours').first().waitFor({ timeout: 30_000 });
    expect(await main.getByText('Bénévole', { exact: true }).count()).toBeGreaterThan(0);
    await viewer.close();
    await context.close();
  });

  it("English, 375 px: a parent saves a new address on their co-parent too, and the co-parent's card shows it", async () => {
    const context = await contextIn(() => session.newContext('mobile'), 'en');
    const page = await context.newPage();
    links.en = await linkFor(own[1]!.email!);
    await page.goto(links.en);
    const shared = page.getByText('Rowan Homefield also lives at this address', { exact: true });
    await explained(page, () => shared.waitFor({ timeout: 60_000 }));
    await page.getByLabel('Street address', { exact: false }).first().fill('88, rue des Merisiers');
    await page.getByLabel('City', { exact: false }).first().fill('Boisbriand');
    await page.getByLabel('Postal code', { exact: false }).first().fill('J7G 2B5');
    await shared.click();
    await page.getByRole('button', { name: 'Validate', exact: true }).click();
    await explained(page, () => page.getByRole('heading', { level: 1, name: 'Information updated' }).waitFor({ timeout: 30_000 }));

    const viewer = await contextIn(() => session.newContext('mobile'), 'en');
    const signedIn = await viewer.newPage();
    const account = demoAccount(stack, 'parent');
    const search = `/parents?q=${encodeURIComponent(own[2]!.email!)}`;
    await signedIn.goto(`${stack.appUrl}/auth?redirect=${encodeURIComponent(search)}`);
    await signInWith(signedIn, 'en', account.email, account.password);
    await expectAt(signedIn, search);
    await explained(signedIn, () => signedIn.getByText(/88, rue des Merisiers/).first().waitFor({ timeout: 30_000 }));
    expect(await getEntity('PARENT', own[2]!.id)).toMatchObject({ address: { street: '88, rue des Merisiers', city: 'Boisbriand', postalCode: 'J7G 2B5' } });
    await viewer.close();
    await context.close();
  });
});
