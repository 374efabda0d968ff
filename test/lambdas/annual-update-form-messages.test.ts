import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEntity } from '../../lambdas/directory/directory-repository';
import { getMessageConsents, listConsent } from '../../lambdas/directory/public';
import { closeCampaign } from '../../lambdas/annual-update/campaign-service';
import { handler } from '../../lambdas/annual-update/index';
import { DEFAULT_MESSAGE_CONSENTS } from '@shared/contracts/messages-api';
import { ParentFormSchema, UpdateSubmitResponseSchema } from '@shared/rules/parent-form';
import type { Parent } from '@shared/schemas/parent';
import { formAnswer, invoke, reviewedCampaignLink, seedSmallSchool, type SmallSchool } from './annual-update-support';
import { scanAll, useDirectoryTable } from './directory-support';
import { workerStack } from '../support/stack';

/**
 * The emails a parent accepts, asked on the update link's form (docs/messages.md, "Consents"), in-process against
 * this file's own table: the form shows them, an answer records them with their consent-log entry in its own
 * transaction, at once even while the campaign holds answers for review (docs/privacy.md, "Messages"), and a refused
 * answer writes neither.
 */
useDirectoryTable('annual-update-form-messages');

const stack = workerStack();
let school: SmallSchool;
let campaignId: string;
let target: Parent;
let token: string;

const load = async () => ParentFormSchema.parse((await invoke(handler, { method: 'POST', resource: '/api/update/load', body: { token } })).body);
const submit = async (data: Record<string, unknown>) => invoke(handler, { method: 'POST', resource: '/api/update/submit', body: { token, data } });
const answer = formAnswer;
const key = () => `PARENT#${target.id}`;

beforeAll(async () => {
  school = await seedSmallSchool('form-messages');
  target = school.reachable.find((p) => p.participation !== 'nameOnly' && p.email !== school.adminEmail)!;
  // Review on: the reviewed fields wait, the email choices must not.
  ({ campaignId, token } = await reviewedCampaignLink(stack, school, '2063-2064', target));
});

afterAll(async () => {
  await closeCampaign(campaignId, 'test-cleanup');
});

describe('message consents on the update form', () => {
  it('shows the defaults (all on) to a parent who never chose, and nothing is stored by loading', async () => {
    const before = await scanAll();
    expect((await load()).messages).toEqual(DEFAULT_MESSAGE_CONSENTS);
    expect(await scanAll()).toEqual(before);
  });

  it('refuses malformed choices with a 400 naming the field, and a stale version with a 409, writing nothing', async () => {
    const form = await load();
    const before = await scanAll();
    for (const messages of [{ school: 'yes', class: true, committee: true }, { school: true, class: true }, { ...DEFAULT_MESSAGE_CONSENTS, other: true }]) {
      const response = await submit(answer(form, { messages }));
      expect(response.status, JSON.stringify(messages)).toBe(400);
      const fields = (response.body as { error: { fields: { path: string }[] } }).error.fields;
      expect(fields.some((f) => f.path.startsWith('data.messages')), JSON.stringify(fields)).toBe(true);
    }
    // A valid change sent with an old version: the whole answer is refused, the choices with it (one transaction).
    const stale = await submit(answer(form, { version: form.parent.version + 5, messages: { school: false, class: false, committee: false } }));
    expect(stale.status).toBe(409);
    expect(await scanAll()).toEqual(before);
  });

  it('records a change at once, with its consent-log entry, even while the reviewed fields wait', async () => {
    const form = await load();
    const logBefore = await listConsent(target.id);
    const choice = { school: true, class: false, committee: true };
    const response = await submit(answer(form, { phone: '514 555-0142', messages: choice }));
    expect(response.status).toBe(200);
    const body = UpdateSubmitResponseSchema.parse(response.body);

    // The phone waits for the school's review; the choice is in force now.
    expect(body.form.pendingReview?.fields).toEqual(['phone']);
    expect((await getEntity('PARENT', target.id))!.phone).toBe(target.phone);
    expect(await getMessageConsents(key())).toEqual(choice);
    expect(body.form.messages).toEqual(choice);
    expect((await load()).messages).toEqual(choice);

    const log = await listConsent(target.id);
    expect(log).toHaveLength(logBefore.length + 1);
    expect(log[0]).toMatchObject({
      by: 'linkHolder',
      channel: 'updateLink',
      before: { messages: DEFAULT_MESSAGE_CONSENTS, participation: target.participation },
      after: { messages: choice, participation: target.participation },
    });
  });

  it('writes no log entry and no choice when the same choices come back unchanged', async () => {
    const form = await load();
    const logBefore = await listConsent(target.id);
    const stored = await scanAll();
    const consentsItem = stored.find((item) => item.pk === 'MESSAGE_CONSENTS' && item.sk === key());
    const response = await submit(answer(form, { messages: form.messages }));
    expect(response.status).toBe(200);
    expect(await listConsent(target.id)).toHaveLength(logBefore.length);
    expect((await scanAll()).find((item) => item.pk === 'MESSAGE_CONSENTS' && item.sk === key())).toEqual(consentsItem);
  });
});
