import { InitiateAuthCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDocumentClient } from '../../lambdas/common/dynamo';
import { createEntity, deleteEntity, getEntity, newEntityMeta } from '../../lambdas/directory/directory-repository';
import { getCampaignLock } from '../../lambdas/annual-update/campaign-repository';
import { closeCampaign } from '../../lambdas/annual-update/campaign-service';
import type { StackInfo } from '../../local/stack-info';
import { CurrentCampaignResponseSchema, ParticipantsResponseSchema } from '../../shared/annual-update-api';
import { DirectoryResponseSchema } from '../../shared/directory-api';
import type { Parent } from '../../shared/schemas/parent';
import { openBrowser, type BrowserSession } from '../support/browser';
import { useStack } from '../support/stack';
import { mailTo, tokenIn } from '../lambdas/annual-update-support';
import { stackCognito } from '../lambdas/auth-support';
import { signInWith } from './auth-support';

/**
 * The annual update in Chromium on the shared seeded stack: the admin starts a campaign through
 * /admin/annual-update (typing `confirm`), two parents of this file's own are emailed, one follows the link on a
 * 375 px phone and changes the phone number, the other opts out; the directory shows both at once. The campaign
 * uses a school year no other test uses and is closed at the end, and both parents are removed.
 */
const SCHOOL_YEAR = '2091-2092';
let stack: StackInfo;
let cognito: CognitoIdentityProviderClient;
let session: BrowserSession;
let adminToken: string;
const own: Parent[] = [];

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.appUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const parentFields = (firstName: string) => ({
  firstName,
  lastName: 'Journée-Parcours',
  email: `e2e-update-${firstName.toLowerCase()}-${ulid().toLowerCase()}@test.example`,
  phone: '4505550111',
  address: { street: '12, rue des Érables', city: 'Laval', postalCode: 'H7N 1A1' },
  interests: ['reading' as const],
  skills: 'Lecture aux élèves',
  participation: 'full' as const,
  preferredLanguage: 'fr' as const,
});

beforeAll(async () => {
  stack = useStack();
  resetDocumentClient();
  cognito = stackCognito(stack);
  const admin = stack.demoAccounts.find((a) => a.role === 'admin')!;
  const auth = await cognito.send(
    new InitiateAuthCommand({
      ClientId: stack.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: admin.email, PASSWORD: admin.password },
    }),
  );
  adminToken = auth.AuthenticationResult!.IdToken!;
  for (const name of ['Mireille', 'Octave']) own.push(await createEntity('PARENT', { ...newEntityMeta(), ...parentFields(name) }));
  session = await openBrowser();
});

afterAll(async () => {
  // Other files start their own campaigns on this stack: never leave ours holding the lock.
  const lock = await getCampaignLock();
  if (lock) await closeCampaign(lock.owner, 'test-cleanup');
  for (const parent of own) {
    const current = await getEntity('PARENT', parent.id);
    if (current) await deleteEntity('PARENT', current);
  }
  cognito?.destroy();
  await session?.close();
});

describe('annual update journey', () => {
  it('admin starts, a parent updates the phone on a phone, another opts out, the directory follows', async () => {
    const admin = stack.demoAccounts.find((a) => a.role === 'admin')!;
    const page = await session.newPage('desktop');
    await page.goto(`${stack.appUrl}/auth?redirect=${encodeURIComponent('/admin/annual-update')}`);
    await signInWith(page, 'fr', admin.email, admin.password);
    await page.getByRole('heading', { level: 1, name: 'Mise à jour annuelle des renseignements' }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Lancer la campagne' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Année scolaire').fill(SCHOOL_YEAR);
    const start = dialog.getByRole('button', { name: 'Lancer', exact: true });
    await dialog.getByLabel('Tapez confirm pour confirmer').fill('confirmer');
    expect(await start.isDisabled()).toBe(true);
    await dialog.getByLabel('Tapez confirm pour confirmer').fill('confirm');
    await start.click();
    await page.getByText(`La campagne ${SCHOOL_YEAR} est lancée.`, { exact: false }).waitFor({ timeout: 60_000 });

    const current = CurrentCampaignResponseSchema.parse((await api('GET', '/api/admin/annual-update')).body);
    expect(current.campaign).toMatchObject({ schoolYear: SCHOOL_YEAR, status: 'active' });
    // Send to this file's two parents only: search their shared last name, select all, send to the selection.
    await page.getByPlaceholder('Rechercher par nom, courriel ou classe').fill('Journée-Parcours');
    await page.getByText('2 résultats').first().waitFor({ timeout: 30_000 });
    await page.getByRole('checkbox', { name: 'Sélectionner tous les participants' }).check();
    await page.getByRole('button', { name: 'Envoyer à la sélection (2)' }).click();
    await page.getByText('Envoi terminé : 2 envoyés, 0 en échec, 0 ignorés.').waitFor({ timeout: 60_000 });
    const participants = ParticipantsResponseSchema.parse(
      (await api('GET', `/api/admin/annual-update/campaigns/${current.campaign!.id}/participants`)).body,
    );
    expect(participants.campaign.counts.emailsSent).toBe(2);

    // Parent 1, on a phone: change the phone, press Valider.
    const phone = await session.newContext('mobile');
    const first = await phone.newPage();
    const [mail1] = await mailTo(stack, own[0]!.email!);
    await first.goto(`${stack.appUrl}/update/${tokenIn(mail1!)}`);
    const phoneField = first.getByLabel('Téléphone', { exact: true });
    await phoneField.waitFor({ timeout: 60_000 });
    expect(await phoneField.inputValue()).toBe('450 555-0111');
    await phoneField.fill('(438) 555-0199');
    await first.getByRole('button', { name: 'Valider' }).click();
    await first.getByRole('heading', { level: 1, name: 'Renseignements mis à jour' }).waitFor({ timeout: 30_000 });
    expect(new URL(first.url()).pathname).toBe('/update-success');
    expect(first.url()).not.toContain('@');

    // Parent 2 opts out.
    const second = await phone.newPage();
    const [mail2] = await mailTo(stack, own[1]!.email!);
    await second.goto(`${stack.appUrl}/update/${tokenIn(mail2!)}`);
    await second.getByText('Je me retire du répertoire (nom seulement)').click({ timeout: 60_000 });
    await second.getByRole('button', { name: 'Valider' }).click();
    await second.getByRole('heading', { level: 1, name: 'Renseignements mis à jour' }).waitFor({ timeout: 30_000 });

    const directory = DirectoryResponseSchema.parse((await api('GET', '/api/directory')).body);
    const find = (id: string) => directory.parents.find((p) => p.id === id);
    expect(find(own[0]!.id)).toMatchObject({ phone: '4385550199' });
    const optedOut = find(own[1]!.id);
    expect(optedOut?.email).toBe(own[1]!.email);
    expect(optedOut?.phone).toBeUndefined();
    expect(optedOut?.address).toBeUndefined();

    // The admin page shows the answers once reloaded.
    await page.reload();
    await page.getByText(/^2\/\d+ complétés/).waitFor({ timeout: 60_000 });
    await phone.close();
  });
});
