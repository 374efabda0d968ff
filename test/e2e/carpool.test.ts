import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, generateSchool } from '../../local/demo/generate-school';
import { readRawMailbox } from '../../local/ses';
import { fsaOf } from '@shared/rules/carpool';
import type { Parent } from '@shared/schemas/parent';
import { openBrowser, trackPageErrors, type BrowserSession } from '../support/browser';
import { useStack } from '../support/stack';
import { JOURNEY_PARENTS, createAccount, h1, seededParentEmail, signedInAt, usersWithEmail, warmUp } from './auth-support';
import { navigateInApp } from './client-navigation';

/**
 * Families near me (docs/messages.md, "Families near me") in Chromium, issue 32's carpool journey: two families of
 * one FSA turn it on, one in English at 1,440 px (on the page, which first says nobody of the FSA has yet), the
 * other in French on a 375 px phone (on My Profile); each finds the other, a third family of the same FSA that did
 * not turn it on never appears; the French parent writes to the English one and the SES emulator holds exactly one
 * email, to that parent alone.
 */
const stack = useStack();
let session: BrowserSession;
const PASSWORD = 'Covoiturage-2026!';

/**
 * Three seeded families of one FSA, in three households, none a demo account or a journey's reserved parent, and the
 * two who sign in without an account yet: the stack is shared with other files, which create accounts for parents
 * of their own choosing (privacy-visibility's stranger is the first unreserved parent), so the groups are taken from
 * the end of the school's list and any group whose first two already have an account is passed over.
 */
async function threeNeighbours(): Promise<[Parent, Parent, Parent]> {
  const school = generateSchool();
  const taken = new Set([...DEMO_ACCOUNTS.map((a) => a.email), ...Array.from({ length: JOURNEY_PARENTS }, (_, i) => seededParentEmail(i))]);
  const children = (id: string) => school.families.filter((f) => f.parentId === id).map((f) => f.studentId);
  const byFsa = new Map<string, Parent[]>();
  for (const parent of [...school.parents].reverse()) {
    const fsa = fsaOf(parent.address?.postalCode);
    if (!fsa || !parent.email || taken.has(parent.email) || children(parent.id).length === 0) continue;
    const group = byFsa.get(fsa) ?? [];
    if (group.some((other) => children(other.id).some((s) => children(parent.id).includes(s)))) continue;
    byFsa.set(fsa, [...group, parent]);
  }
  for (const group of byFsa.values()) {
    if (group.length < 3) continue;
    const accounts = await Promise.all(group.slice(0, 2).map((p) => usersWithEmail(stack, p.email!)));
    if (accounts.every((users) => users.length === 0)) return [group[0]!, group[1]!, group[2]!];
  }
  throw new Error('no FSA with three families free for this journey');
}

beforeAll(async () => {
  session = await openBrowser({ bypassCSP: true });
  await warmUp(session, stack);
});
afterAll(async () => {
  await session?.close();
});

describe('families near me', () => {
  it('two opted-in families of one FSA find each other, a third never appears, and one email reaches the other', { timeout: 300_000 }, async () => {
    const [french, english, absent] = await threeNeighbours();
    const fsa = fsaOf(french.address!.postalCode)!;
    const name = (p: Parent) => `${p.firstName} ${p.lastName}`;
    for (const parent of [french, english]) await createAccount(stack, parent.email!, PASSWORD, true);

    // English, 1,440 px: turned on from the page itself, which says nobody of the FSA has yet. Each parent signs in
    // once, straight to the screen they start on (signedInAt).
    const enPage = await signedInAt(session, stack, { email: english.email!, password: PASSWORD }, 'en', 'desktop', '/carpool');
    const enErrors = trackPageErrors(enPage);
    await h1(enPage).getByText('Families near me').waitFor({ timeout: 60_000 });
    await enPage.getByRole('checkbox', { name: 'Find families near me' }).check({ timeout: 30_000 });
    await enPage.getByText('It is on: the families of your area').waitFor({ timeout: 30_000 });
    await enPage.getByText(`No other family of ${fsa} has opted in yet.`).waitFor({ timeout: 30_000 });

    // French, 375 px: turned on from My Profile, then the list, where the English family is and the third is not.
    const frPage = await signedInAt(session, stack, { email: french.email!, password: PASSWORD }, 'fr', 'mobile', '/profile');
    const frErrors = trackPageErrors(frPage);
    await frPage.getByRole('checkbox', { name: 'Trouver des familles près de chez moi' }).check({ timeout: 60_000 });
    await frPage.getByText("C'est activé").waitFor({ timeout: 30_000 });
    await frPage.getByRole('link', { name: 'Voir les familles près de chez moi' }).click();
    const frList = frPage.getByRole('list', { name: `Familles de ${fsa}` });
    await frList.getByRole('heading', { name: name(english) }).waitFor({ timeout: 30_000 });
    expect(await frList.textContent()).not.toContain(absent.lastName);
    expect(await frPage.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);

    // The English family finds the French one once the page reads again: to the help page and back inside the app
    // (a screen's data is read afresh when it opens).
    await navigateInApp(enPage, stack.appUrl, '/help');
    await navigateInApp(enPage, stack.appUrl, '/carpool');
    const enList = enPage.getByRole('list', { name: `Families of ${fsa}` });
    await enList.getByRole('heading', { name: name(french) }).waitFor({ timeout: 30_000 });
    expect(await enList.textContent()).not.toContain(absent.lastName);

    // The French parent writes through the app: one email, to the English parent alone.
    const subject = `Covoiturage ${Date.now()}`;
    await frList.getByRole('button', { name: `Écrire à ${name(english)}` }).click();
    const dialog = frPage.getByRole('dialog');
    await dialog.getByLabel('Objet', { exact: true }).fill(subject);
    await dialog.getByLabel('Message', { exact: true }).fill('Bonjour, nous partons à 7 h 45 vers l\'école. Voulez-vous faire équipe?');
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await frPage.getByText(`Message envoyé à ${name(english)}.`).waitFor({ timeout: 30_000 });
    const mail = (await readRawMailbox(stack.mailboxUrl)).filter((m) => m.raw.includes(subject));
    expect(mail.map((m) => m.destinations)).toEqual([[english.email]]);
    expect(mail[0]!.raw).not.toContain(french.email!);

    expect(frErrors).toEqual([]);
    expect(enErrors).toEqual([]);
    await frPage.context().close();
    await enPage.context().close();
  });
});
