import { InitiateAuthCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDocumentClient } from '../../lambdas/common/dynamo';
import { createEntity, deleteEntity, getEntity, newEntityMeta } from '../../lambdas/directory/directory-repository';
import { getCampaignLock, getParticipant } from '../../lambdas/annual-update/campaign-repository';
import { closeCampaign } from '../../lambdas/annual-update/campaign-service';
import type { StackInfo } from '../../local/stack-info';
import { ParticipantsResponseSchema, StartCampaignResponseSchema } from '../../shared/annual-update-api';
import type { Parent } from '../../shared/schemas/parent';
import { openBrowser, trackPageErrors, type BrowserSession } from '../support/browser';
import { useStack } from '../support/stack';
import { stackCognito } from '../lambdas/auth-support';
import { contextIn, demoAccount, expectAt, explained, signInWith } from './auth-support';

/**
 * Paper letters (docs/annual-update.md, "Paper letters") in Chromium on the shared seeded stack: with a campaign
 * running, the administrator downloads the letters PDF from the campaign page (French at 1440 px, English at
 * 375 px); the file read back with unpdf holds one page per parent without an email, each in that parent's
 * language. Then a parent of this file's own types their letter's short code on the code page (in lower case, with
 * a space), reaches their form and submits it. Each language uses its own school year and closes its campaign.
 */
let stack: StackInfo;
let cognito: CognitoIdentityProviderClient;
let session: BrowserSession;
let adminToken = '';
const own: Parent[] = [];

type Lang = 'fr' | 'en';
const TEXT = {
  fr: {
    schoolYear: '2075-2076',
    lastName: 'Lettre-Papier',
    title: 'Mise à jour annuelle des renseignements',
    download: /^Télécharger les lettres papier \(\d+\)$/,
    saved: 'Lettres téléchargées',
    letterTitle: 'Mise à jour annuelle de vos renseignements',
    codePage: '/mise-a-jour/code',
    codeTitle: 'Entrer votre code de mise à jour',
    codeLabel: 'Code de la lettre',
    open: 'Ouvrir mon formulaire',
    invalid: "Ce code n'a pas le bon format",
    phone: 'Téléphone',
    validate: 'Valider',
    success: 'Renseignements mis à jour',
    viewport: 'desktop' as const,
  },
  en: {
    schoolYear: '2077-2078',
    lastName: 'Paper-Letter',
    title: 'Annual information update',
    download: /^Download paper letters \(\d+\)$/,
    saved: 'Letters downloaded',
    letterTitle: 'Annual update of your information',
    codePage: '/update/code',
    codeTitle: 'Enter your update code',
    codeLabel: 'Letter code',
    open: 'Open my form',
    invalid: 'This code does not have the right format',
    phone: 'Phone',
    validate: 'Validate',
    success: 'Information updated',
    viewport: 'mobile' as const,
  },
} as const;

async function api(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${stack.appUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Closes the campaign holding the lock, if any: one campaign at a time on this shared stack. */
async function closeRunning(reason: string) {
  const lock = await getCampaignLock();
  if (lock) await closeCampaign(lock.owner, reason);
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

beforeAll(async () => {
  stack = useStack();
  resetDocumentClient();
  cognito = stackCognito(stack);
  const admin = demoAccount(stack, 'admin');
  const auth = await cognito.send(
    new InitiateAuthCommand({
      ClientId: stack.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: admin.email, PASSWORD: admin.password },
    }),
  );
  adminToken = auth.AuthenticationResult!.IdToken!;
  // Parents without an email of this file's own: one per language in each run's campaign.
  for (const lang of ['fr', 'en'] as const) {
    for (const firstName of ['Solange', 'Anselme']) {
      const preferredLanguage: Lang = firstName === 'Solange' ? lang : lang === 'fr' ? 'en' : 'fr';
      own.push(
        await createEntity('PARENT', {
          ...newEntityMeta(),
          firstName,
          lastName: TEXT[lang].lastName,
          participation: 'full',
          interests: [],
          skills: '',
          preferredLanguage,
        }),
      );
    }
  }
  session = await openBrowser();
});

afterAll(async () => {
  await closeRunning('test-cleanup');
  for (const parent of own) {
    const current = await getEntity('PARENT', parent.id);
    if (current) await deleteEntity('PARENT', current);
  }
  cognito?.destroy();
  await session?.close();
});

describe.each(['fr', 'en'] as const)('paper letters journey (%s)', (lang) => {
  const text = TEXT[lang];

  it('downloads one letter per parent without an email, each in its language, and a typed short code opens the form', async () => {
    await closeRunning('test-setup');
    const started = StartCampaignResponseSchema.parse(
      await api('POST', '/api/admin/annual-update/campaigns', { schoolYear: text.schoolYear, deadline: `${text.schoolYear.slice(0, 4)}-10-15`, confirmation: 'confirm' }),
    );
    const campaignId = started.campaign.id;
    const { participants } = ParticipantsResponseSchema.parse(await api('GET', `/api/admin/annual-update/campaigns/${campaignId}/participants`));
    const unreachable = participants.filter((p) => p.unreachable && !p.email && p.lastName !== undefined);
    const mine = own.filter((p) => p.lastName === text.lastName);
    expect(unreachable.map((p) => p.parentId)).toEqual(expect.arrayContaining(mine.map((p) => p.id)));

    // The administrator downloads the letters from the campaign page.
    const adminContext = await contextIn(() => session.newContext(text.viewport), lang);
    const page = await adminContext.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${stack.appUrl}/auth?redirect=${encodeURIComponent('/admin/annual-update')}`);
    const admin = demoAccount(stack, 'admin');
    await signInWith(page, lang, admin.email, admin.password);
    await page.getByRole('heading', { level: 1, name: text.title }).waitFor({ timeout: 60_000 });
    const pdf = await downloadLetters(page, text.download);
    await page.getByText(text.saved).first().waitFor({ timeout: 30_000 });
    expect(pdf.file).toMatch(new RegExp(`${text.schoolYear}\\.pdf$`));

    // One page per parent without an email, each in the parent's language, each with its own code.
    expect(pdf.pages.length).toBe(unreachable.length);
    const french = pdf.pages.filter((p) => p.includes(TEXT.fr.letterTitle)).length;
    const english = pdf.pages.filter((p) => p.includes(TEXT.en.letterTitle)).length;
    expect([french, english]).toEqual([
      unreachable.filter((p) => (p.preferredLanguage ?? 'fr') === 'fr').length,
      unreachable.filter((p) => p.preferredLanguage === 'en').length,
    ]);
    const codeOf = (page: string) => /\b[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}\b/.exec(page)?.[0];
    expect(new Set(pdf.pages.map(codeOf)).size).toBe(pdf.pages.length);
    for (const parent of mine) {
      const letter = pdf.pages.find((p) => p.includes(`${parent.firstName} ${parent.lastName}`));
      expect(letter, parent.firstName).toBeDefined();
      expect(letter).toContain(TEXT[parent.preferredLanguage].letterTitle);
      expect(letter).toContain(`${stack.appUrl}${TEXT[parent.preferredLanguage].codePage}`);
    }
    expect(errors).toEqual([]);
    await adminContext.close();

    // The parent types the code of their letter (lower case, a space instead of the dash) on the code page.
    const parent = mine.find((p) => p.preferredLanguage === lang)!;
    const code = codeOf(pdf.pages.find((p) => p.includes(`${parent.firstName} ${parent.lastName}`))!)!;
    const parentContext = await session.newContext(text.viewport);
    const onPaper = await parentContext.newPage();
    await onPaper.goto(`${stack.appUrl}${text.codePage}`);
    await onPaper.getByRole('heading', { level: 1, name: text.codeTitle }).waitFor({ timeout: 60_000 });
    const field = onPaper.getByLabel(text.codeLabel);
    await field.fill('ABCDE');
    await onPaper.getByRole('button', { name: text.open }).click();
    await onPaper.getByText(text.invalid).waitFor({ timeout: 10_000 });
    await field.fill(code.toLowerCase().replace('-', ' '));
    await onPaper.getByRole('button', { name: text.open }).click();
    await expectAt(onPaper, `/update/${code}?lang=${lang}`);
    const phone = onPaper.getByLabel(text.phone, { exact: true });
    await explained(onPaper, () => phone.waitFor({ timeout: 60_000 }));
    await phone.fill('514 555-0177');
    await onPaper.getByRole('button', { name: text.validate }).click();
    await onPaper.getByRole('heading', { level: 1, name: text.success }).waitFor({ timeout: 30_000 });
    expect((await getParticipant(campaignId, parent.id))?.submittedAt).toBeDefined();
    expect((await getEntity('PARENT', parent.id))?.phone).toBe('5145550177');
    await parentContext.close();
    await closeRunning('test-cleanup');
  });
});
