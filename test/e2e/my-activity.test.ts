import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTokens } from '../../local/sign-in';
import { openBrowser, trackPageErrors, type BrowserSession } from '../support/browser';
import { seriousFindings } from '../support/axe';
import { useStack } from '../support/stack';
import { demoAccount, signedInContext, warmUp } from './auth-support';

/**
 * My Profile's "Activity on my information" (docs/privacy.md, "Transparency for parents") in Chromium: after an
 * administrator exports the directory, the demo parent (French, 375 px) sees the export with its date and the
 * role, never who; the section passes axe.
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

describe('my activity', () => {
  it('shows a parent the directory export that carried their record (fr, 375 px)', { timeout: 180_000 }, async () => {
    // An export only leaves an audit entry: the shared stack's data is unchanged.
    const { admin } = await demoTokens(stack);
    const exported = await fetch(`${stack.appUrl}/api/admin/export/json`, { headers: { Authorization: `Bearer ${admin}` } });
    expect(exported.status).toBe(200);

    const context = await signedInContext(session, stack, demoAccount(stack, 'parent'), 'fr', 'mobile');
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${stack.appUrl}/profile`);
    const section = page.getByRole('list', { name: 'Activité sur mes renseignements' });
    await section.getByText('Bottin exporté (JSON) par un administrateur, avec votre fiche.').first().waitFor({ timeout: 30_000 });
    expect(await section.textContent()).not.toContain('@');

    expect(await seriousFindings(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
