import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Download } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MyDataResponseSchema } from '@shared/contracts/my-data-api';
import { openBrowser, trackPageErrors, type BrowserSession } from '../support/browser';
import { useStack } from '../support/stack';
import { contextIn, demoAccount, expectAt, signInWith, warmUp } from './auth-support';

/**
 * My Profile's "Download my data" (docs/privacy.md, "Download my data") in Chromium: the demo parent (English,
 * 375 px) downloads one ZIP file: CSV files worded in English and the JSON with their own record, and the success
 * message. A download only
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
  it('saves the parent\'s own data as one ZIP file, readable in English, with the JSON beside (en, 375 px)', { timeout: 180_000 }, async () => {
    const context = await contextIn(() => session.newContext('mobile'), 'en');
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${stack.appUrl}/auth`);
    const parent = demoAccount(stack, 'parent');
    await signInWith(page, 'en', parent.email, parent.password);
    await expectAt(page, '/');
    await page.goto(`${stack.appUrl}/profile`);
    const button = page.getByRole('button', { name: 'Download my data (ZIP file)' });
    await button.waitFor({ timeout: 30_000 });
    const [download] = (await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), button.click()])) as [Download, void];
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    expect(Object.keys(entries)).toContain('my-data-record.csv');
    const text = (name: string) => strFromU8(entries[name]!);
    // The machine-readable copy: the server's JSON, codes and all.
    const data = MyDataResponseSchema.parse(JSON.parse(text('my-data-json-format.json')));
    expect(data.parents.map((p) => p.record.email)).toContain(parent.email);
    // The readable files: labels and values in English, the school's level labels, no codes.
    const record = text('my-data-record.csv');
    expect(record).toContain('What the directory shows about you,');
    expect(record).not.toMatch(/,(full|limited|nameOnly|school|classes|admins)\r\n/);
    const levels = data.parents.flatMap((p) => p.children.map((c) => c.level));
    expect(levels.length).toBeGreaterThan(0);
    const children = text('my-data-children.csv');
    expect(children).toMatch(/,Grade \d,/);
    for (const code of levels) expect(children).not.toContain(`,${code},`);
    await page.getByText(/^Data downloaded: my-data-.*\.zip \(7 files\)$/).waitFor({ timeout: 10_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
