import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Download } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MyDataResponseSchema } from '@shared/contracts/my-data-api';
import { demoTokens } from '../../local/sign-in';
import { openBrowser, trackPageErrors, type BrowserSession } from '../support/browser';
import { seriousFindings } from '../support/axe';
import { useStack } from '../support/stack';
import { demoAccount, signedInContext, warmUp } from './auth-support';

/**
 * My Profile's "Download my data" (docs/privacy.md, "Download my data") in Chromium: the demo parent downloads one
 * ZIP file, named in their language, holding CSV files worded in that language (labels, the school's level names,
 * no internal codes) and the JSON with their own record, and the success message; in French on a 375 px phone and
 * in English at 1,440 px. A download only adds an audit entry: the shared stack's data is unchanged.
 * On the same visit of My Profile, "Activity on my information" (docs/privacy.md, "Transparency for parents"):
 * after an administrator exports the directory, the parent sees the export with its date and the role, never who,
 * and the French section passes axe (a journey of its own before, which opened the same screen again).
 */
const stack = useStack();
let session: BrowserSession;

beforeAll(async () => {
  // An export only leaves an audit entry: the shared stack's data is unchanged.
  const { admin } = await demoTokens(stack);
  const exported = await fetch(`${stack.appUrl}/api/admin/export/json`, { headers: { Authorization: `Bearer ${admin}` } });
  expect(exported.status).toBe(200);
  session = await openBrowser({ bypassCSP: true });
  await warmUp(session, stack);
});
afterAll(async () => {
  await session?.close();
});

const CASES = {
  fr: {
    viewport: 'mobile',
    button: 'Télécharger mes données (fichier ZIP)',
    zip: /^mes-donnees-\d{4}-\d{2}-\d{2}\.zip$/,
    prefix: 'mes-donnees',
    files: { record: 'fiche', children: 'enfants', json: 'format-json' },
    participation: 'Ce que le bottin montre de vous;',
    separator: ';',
    level: /;\d(re|e) année;/,
    done: /^Données téléchargées\u00a0: mes-donnees-.*\.zip \(7 fichiers\)$/,
    activity: { title: 'Activité sur mes renseignements', exported: 'Bottin exporté (JSON) par un administrateur, avec votre fiche.' },
    /** axe on the activity section (the sweep, test/e2e/accessibility.test.ts, scans My Profile in both languages). */
    scan: true,
  },
  en: {
    viewport: 'desktop',
    button: 'Download my data (ZIP file)',
    zip: /^my-data-\d{4}-\d{2}-\d{2}\.zip$/,
    prefix: 'my-data',
    files: { record: 'record', children: 'children', json: 'json-format' },
    participation: 'What the directory shows about you,',
    separator: ',',
    level: /,Grade \d,/,
    done: /^Data downloaded: my-data-.*\.zip \(7 files\)$/,
    activity: { title: 'Activity on my information', exported: 'Directory exported (JSON) by an administrator, including your record.' },
    scan: false,
  },
} as const;

describe.each(['fr', 'en'] as const)('download my data (%s)', (locale) => {
  const want = CASES[locale];
  it(`saves the parent's own data as one ZIP file, readable in the parent's language, with the JSON beside (${want.viewport})`, { timeout: 180_000 }, async () => {
    const parent = demoAccount(stack, 'parent');
    const context = await signedInContext(session, stack, parent, locale, want.viewport);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${stack.appUrl}/profile`);
    // The administrator's export (beforeAll) is in the parent's activity, by role, never by name or address.
    const activity = page.getByRole('list', { name: want.activity.title });
    await activity.getByText(want.activity.exported).first().waitFor({ timeout: 30_000 });
    expect(await activity.textContent()).not.toContain('@');
    if (want.scan) expect(await seriousFindings(page)).toEqual([]);
    const button = page.getByRole('button', { name: want.button });
    await button.waitFor({ timeout: 30_000 });
    const [download] = (await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), button.click()])) as [Download, void];
    expect(download.suggestedFilename()).toMatch(want.zip);
    const entries = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    const file = (key: keyof typeof want.files, extension: string) => `${want.prefix}-${want.files[key]}.${extension}`;
    expect(Object.keys(entries)).toContain(file('record', 'csv'));
    const text = (name: string) => strFromU8(entries[name]!);
    // The machine-readable copy: the server's JSON, codes and all.
    const data = MyDataResponseSchema.parse(JSON.parse(text(file('json', 'json'))));
    expect(data.parents.map((p) => p.record.email)).toContain(parent.email);
    // The readable files: labels and values in the parent's language, the school's level labels, no codes.
    const record = text(file('record', 'csv'));
    expect(record).toContain(want.participation);
    expect(record).not.toMatch(/[,;](full|limited|nameOnly|school|classes|admins)\r\n/);
    const levels = data.parents.flatMap((p) => p.children.map((c) => c.level));
    expect(levels.length).toBeGreaterThan(0);
    const children = text(file('children', 'csv'));
    expect(children).toMatch(want.level);
    for (const code of levels) expect(children).not.toContain(`${want.separator}${code}${want.separator}`);
    await page.getByText(want.done).waitFor({ timeout: 10_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
