import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getParticipant } from '../../lambdas/annual-update/campaign-repository';
import { closeCampaign, startCampaign } from '../../lambdas/annual-update/campaign-service';
import { handler } from '../../lambdas/annual-update/index';
import { CODE_ATTEMPTS_PER_CLIENT, CODE_ATTEMPTS_PER_CODE, limitCodeAttempts } from '../../lambdas/common/code-attempts';
import { LettersResponseSchema, type LettersResponse } from '@shared/contracts/annual-update-letters-api';
import { ParentFormSchema, type ParentForm } from '@shared/rules/parent-form';
import { SHORT_CODE_ALPHABET, formatShortCode, shortCodeFrom } from '@shared/rules/short-code';
import { adminClaims, invoke, seedSmallSchool, type SmallSchool } from './annual-update-support';
import { scanAll, useDirectoryTable } from './directory-support';
import { workerStack } from '../support/stack';
import { randomBytes } from 'node:crypto';

/**
 * Paper letters (docs/annual-update.md, "Paper letters"), in-process against this file's own table: one letter
 * per parent without an email, short codes stored hashed, usable like a link, rotated by a new printout, limited
 * per client and per code, and dead once the campaign closes.
 */
useDirectoryTable('annual-update-letters');
workerStack();

let school: SmallSchool;
let campaignId: string;

const LOAD = { method: 'POST', resource: '/api/update/load' };
const SUBMIT = { method: 'POST', resource: '/api/update/submit' };
const lettersCall = (id: string, body?: unknown) => ({
  method: 'POST',
  resource: '/api/admin/annual-update/campaigns/{campaignId}/letters',
  pathParameters: { campaignId: id },
  claims: adminClaims(school.adminEmail),
  ...(body === undefined ? {} : { body }),
});

async function printLetters(): Promise<LettersResponse> {
  const response = await invoke(handler, lettersCall(campaignId));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return LettersResponseSchema.parse(response.body);
}

const errorCode = (body: unknown) => (body as { error?: { code?: string } }).error?.code;
const storedHash = (code: string) => createHash('sha256').update(`short-code:${code.replace('-', '')}`).digest('hex');
const answer = (form: ParentForm) => {
  const { id: _id, email: _email, ...fields } = form.parent;
  return fields;
};

beforeAll(async () => {
  school = await seedSmallSchool('letters');
  const { campaign } = await startCampaign({ schoolYear: '2062-2063', deadline: '2062-10-01', confirmation: 'confirm' }, 'admin-1');
  campaignId = campaign.id;
});

afterAll(async () => {
  await closeCampaign(campaignId, 'test-cleanup');
});

describe('POST /api/admin/annual-update/campaigns/{campaignId}/letters', () => {
  it('gives one letter per parent without an email, in their language, with a code, its link and the deadline', async () => {
    const printed = await printLetters();

    expect(printed.letters.map((l) => l.parentId)).toEqual(school.unreachableIds);
    const [letter] = printed.letters;
    const parent = school.parents.find((p) => p.id === letter!.parentId)!;
    expect(letter).toMatchObject({ firstName: parent.firstName, lastName: parent.lastName, language: parent.preferredLanguage });
    expect(letter!.code).toMatch(new RegExp(`^[${SHORT_CODE_ALPHABET}]{5}-[${SHORT_CODE_ALPHABET}]{5}$`));
    expect(letter!.url).toBe(`${process.env.PUBLIC_BASE_URL}/update/${letter!.code}?lang=${letter!.language}`);
    expect(letter!.codePageUrl).toMatch(/\/(mise-a-jour|update)\/code$/);
    expect(printed.campaign).toMatchObject({ id: campaignId, schoolYear: '2062-2063', deadline: '2062-10-01' });
  });

  it('stores only the hash of each code, and audits the printout without personal data', async () => {
    const { letters } = await printLetters();
    const items = await scanAll();
    const dump = JSON.stringify(items);
    for (const { code } of letters) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace('-', ''));
      expect(items.some((i) => i.pk === `TOKEN#${storedHash(code)}` && i.parentId !== undefined)).toBe(true);
    }
    const audits = items.filter((i) => i.type === 'AUDIT' && i.action === 'campaign.lettersIssue');
    expect(audits.length).toBeGreaterThanOrEqual(1);
    expect(audits.at(-1)).toMatchObject({ target: { type: 'CAMPAIGN', id: campaignId }, count: letters.length });
  });

  it('two printouts at once leave each parent exactly one usable code (the codes are rotated conditionally)', async () => {
    const both = await Promise.all([invoke(handler, lettersCall(campaignId)), invoke(handler, lettersCall(campaignId))]);
    // One may lose the race: refused as a conflict, never a 5xx, and never two live codes for one parent.
    for (const response of both) expect([200, 409], JSON.stringify(response.body)).toContain(response.status);
    const printed = both.filter((r) => r.status === 200).map((r) => LettersResponseSchema.parse(r.body));
    expect(printed.length).toBeGreaterThan(0);
    for (const parentId of school.unreachableIds) {
      const codes = printed.flatMap((p) => p.letters.filter((l) => l.parentId === parentId).map((l) => l.code));
      const usable = [];
      for (const code of codes) if ((await invoke(handler, { ...LOAD, body: { token: code } })).status === 200) usable.push(code);
      expect(usable, parentId).toHaveLength(1);
    }
  });

  it('refuses a body, an unknown campaign, and a caller who is not an administrator', async () => {
    expect((await invoke(handler, lettersCall(campaignId, { rotate: true }))).status).toBe(400);
    expect((await invoke(handler, lettersCall('01KZZZZZZZZZZZZZZZZZZZZZZZ'))).status).toBe(404);
    const member = school.reachable[1]!.email!;
    const refused = await invoke(handler, { ...lettersCall(campaignId), claims: adminClaims(member) });
    expect(refused.status).toBe(403);
  });
});

describe('a short code, typed like a link', () => {
  it('opens the same form as a link, whatever the case, spaces and dashes typed, and saves an answer', async () => {
    const { letters } = await printLetters();
    const letter = letters[0]!;
    const typed = ` ${letter.code.toLowerCase().replace('-', ' ')} `;

    const loaded = await invoke(handler, { ...LOAD, body: { token: typed } });
    expect(loaded.status, JSON.stringify(loaded.body)).toBe(200);
    const form = ParentFormSchema.parse(loaded.body);
    expect(form.parent.id).toBe(letter.parentId);

    const saved = await invoke(handler, { ...SUBMIT, body: { token: letter.code, data: { ...answer(form), phone: '514 555-0199' } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const participant = await getParticipant(campaignId, letter.parentId);
    expect(participant?.submittedAt).toBeDefined();
  });

  it('answers TOKEN_INVALID for an unknown or malformed code, and CODE_REPLACED for the code of an earlier printout', async () => {
    const first = (await printLetters()).letters[0]!;
    const second = (await printLetters()).letters[0]!;
    expect(second.code).not.toBe(first.code);

    const old = await invoke(handler, { ...LOAD, body: { token: first.code } });
    expect([old.status, errorCode(old.body)]).toEqual([410, 'CODE_REPLACED']);
    expect((await invoke(handler, { ...LOAD, body: { token: second.code } })).status).toBe(200);

    const unknown = formatShortCode(shortCodeFrom((size) => randomBytes(size)));
    for (const token of [unknown, 'ABCDE-FGHJ0', '<script>', 'é'.repeat(10)]) {
      const response = await invoke(handler, { ...LOAD, body: { token } });
      expect([response.status, errorCode(response.body)], token).toEqual([404, 'TOKEN_INVALID']);
    }
  });
});

describe('rate limits on typing codes', () => {
  it('counts every attempt per client address: over the limit, RATE_LIMITED', async () => {
    const now = Date.now();
    const ip = `198.51.100.${Math.floor(Math.random() * 200)}`;
    for (let i = 0; i < CODE_ATTEMPTS_PER_CLIENT.limit; i++) {
      await limitCodeAttempts(shortCodeFrom((size) => randomBytes(size)), ip, now);
    }
    await expect(limitCodeAttempts(shortCodeFrom((size) => randomBytes(size)), ip, now)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    // Another client is not affected; link tokens are never counted.
    await expect(limitCodeAttempts(shortCodeFrom((size) => randomBytes(size)), `${ip}1`, now)).resolves.toBeUndefined();
    await expect(limitCodeAttempts(randomBytes(32).toString('base64url'), ip, now)).resolves.toBeUndefined();
  });

  it('counts every attempt per code, from any address: over the limit the route answers 429, even for the right code', async () => {
    const { letters } = await printLetters();
    const code = letters[0]!.code;
    for (let i = 0; i < CODE_ATTEMPTS_PER_CODE.limit; i++) await limitCodeAttempts(code.toLowerCase(), `203.0.113.${i}`);

    const response = await invoke(handler, { ...LOAD, body: { token: code } });
    expect([response.status, errorCode(response.body)]).toEqual([429, 'RATE_LIMITED']);
  });
});

describe('when the campaign closes', () => {
  it('makes every code unusable (CAMPAIGN_CLOSED) and refuses new letters', async () => {
    const { letters } = await printLetters();
    await closeCampaign(campaignId, 'admin-1');

    const response = await invoke(handler, { ...LOAD, body: { token: letters[0]!.code } });
    expect([response.status, errorCode(response.body)]).toEqual([410, 'CAMPAIGN_CLOSED']);
    const again = await invoke(handler, lettersCall(campaignId));
    expect([again.status, errorCode(again.body)]).toEqual([409, 'CONFLICT']);
  });
});
