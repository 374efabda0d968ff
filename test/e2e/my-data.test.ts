import { readFileSync } from 'node:fs';
import type { Download } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MyDataResponseSchema } from '../../shared/my-data-api';
import { openBrowser, trackPageErrors, type BrowserSession } from '../support/browser';
import { useStack } from '../support/stack';
import { contextIn, demoAccount, expectAt, signInWith, warmUp } from './auth-support';

/**
 * My Profile's "Download my data" (docs/privacy.md, "Download my data") in Chromium: the demo parent (English,
 * 375 px) downloads their data as JSON and gets their own record, and the success message. A download only
 * adds an audit entry: the shared stack's data is unchanged.
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

describe('download my data', () => {
  it('saves the parent\'s own data as a JSON file (en, 375 px)', { timeout: 180_000 }, async () => {
    const context = await contextIn(() => session.newContext('mobile'), 'en');
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${stack.appUrl}/auth`);
    const parent = demoAccount(stack, 'parent');
    await signInWith(page, 'en', parent.email, parent.password);
    await expectAt(page, '/');
    await page.goto(`${stack.appUrl}/profile`);
    const button = page.getByRole('button', { name: 'Download as JSON' });
    await button.waitFor({ timeout: 30_000 });
    const [download] = (await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), button.click()])) as [Download, void];
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = MyDataResponseSchema.parse(JSON.parse(readFileSync((await download.path())!, 'utf8')));
    expect(data.parents.map((p) => p.record.email)).toContain(parent.email);
    await page.getByText(/^Data downloaded: my-data-/).waitFor({ timeout: 10_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
