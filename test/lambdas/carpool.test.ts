import { beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { bulkWriteDirectory } from '../../lambdas/directory/directory-repository';
import { listConsent } from '../../lambdas/directory/consent-repository';
import { handler } from '../../lambdas/messages/index';
import { generateSchool } from '../../local/demo/generate-school';
import { readRawMailbox } from '../../local/ses';
import { CARPOOL_QUOTA, type CarpoolResponse } from '@shared/contracts/carpool-api';
import type { Parent } from '@shared/schemas/parent';
import { invoke } from './annual-update-support';
import { apiEvent, claimsFor } from './auth-support';
import { useDirectoryTable } from './directory-support';
import { workerStack } from '../support/stack';

/**
 * Families near me (docs/messages.md, "Families near me") through the real messages handler, against DynamoDB Local
 * and the SES emulator, in this file's own table: off by default, no postal code no opt-in, who finds whom (one
 * FSA, opted in, never by asking for an id), what of a neighbour is shown, one email to one family, opting out.
 */
useDirectoryTable('carpool');

const stack = workerStack();
const run = ulid().toLowerCase();

type Person = Pick<Parent, 'id' | 'email'> & { email: string };
/** a, b, c: one FSA (H2X) and three households; d: another FSA; e: no address; f: a's co-parent. */
let p: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f', Person>;
let streetB = '';

beforeAll(async () => {
  const school = generateSchool({ seed: 31, families: 8 });
  school.parents = school.parents.map((parent, i) => ({ ...parent, email: `carpool-${i}-${run}@test.example` }));
  // One parent per household, the first household's second parent as a's co-parent.
  const childrenOf = (id: string) => school.families.filter((f) => f.parentId === id).map((f) => f.studentId);
  const households: Parent[][] = [];
  for (const parent of school.parents) {
    const home = households.find((h) => h.some((o) => childrenOf(o.id).some((s) => childrenOf(parent.id).includes(s))));
    if (home) home.push(parent);
    else households.push([parent]);
  }
  const withCoParent = households.find((h) => h.length > 1)!;
  const singles = households.filter((h) => h !== withCoParent).map((h) => h[0]!);
  const [a, f] = withCoParent as [Parent, Parent];
  const [b, c, d, e] = singles as [Parent, Parent, Parent, Parent];
  const at = (parent: Parent, postalCode: string | undefined, extra: Partial<Parent> = {}) => {
    delete parent.address;
    delete parent.audiences;
    if (postalCode) parent.address = { street: `${parent.lastName.length}5, rue Fabre`, city: 'Montréal', postalCode };
    Object.assign(parent, extra);
  };
  at(a, 'H2X 1Y4', { participation: 'full', preferredLanguage: 'fr' });
  at(f, 'H2X 1Y4');
  // b keeps their address for administrators only (limited), reads English.
  at(b, 'H2X 3A1', { participation: 'limited', preferredLanguage: 'en' });
  at(c, 'H2X 2B2');
  at(d, 'H3Z 2Y7');
  at(e, undefined);
  streetB = b.address!.street;
  await bulkWriteDirectory(school);
  const person = (x: Parent): Person => ({ id: x.id, email: x.email! });
  p = { a: person(a), b: person(b), c: person(c), d: person(d), e: person(e), f: person(f) };
});

const view = async (who: Person) => {
  const result = await invoke(handler, { method: 'GET', resource: '/api/me/carpool', claims: claimsFor(who.email) });
  expect(result.status).toBe(200);
  return result.body as CarpoolResponse;
};
const choose = (who: Person, optedIn: boolean, language = 'fr') =>
  invoke(handler, { method: 'PUT', resource: '/api/me/carpool', body: { optedIn, language }, claims: claimsFor(who.email) });
const write = (from: Person, to: Person, clientKey = `carpool-${ulid()}`) =>
  invoke(handler, {
    method: 'POST',
    resource: '/api/carpool/messages',
    body: { to: to.id, clientKey, subject: `Covoiturage ${clientKey}`, body: 'Bonjour, nous partons à 7 h 45 le matin.', language: 'fr', shareReplyTo: false },
    claims: claimsFor(from.email),
  });
/** The raw email with its base64 parts decoded: what a mail program shows. */
const decodedOf = (raw: string) =>
  raw.replace(/(Content-Transfer-Encoding: base64\r\n\r\n)([A-Za-z0-9+/=\r\n]+)/g, (_all, head: string, b64: string) => head + Buffer.from(b64.replace(/\r\n/g, ''), 'base64').toString('utf8'));
const mailFor = async (subjectKey: string) =>
  (await readRawMailbox(stack.mailboxUrl)).filter((m) => m.raw.includes(subjectKey));

describe('families near me', () => {
  it('is off by default, and without a postal code it cannot be turned on (the answer says why)', async () => {
    expect(await view(p.a)).toMatchObject({ optedIn: false, fsa: 'H2X', neighbours: [] });
    const refused = await choose(p.e, true);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: { code: 'CARPOOL_NO_POSTAL_CODE' } });
    expect(await view(p.e)).toMatchObject({ optedIn: false, blocked: 'noPostalCode', neighbours: [] });
    expect(await listConsent(p.e.id)).toEqual([]);
  });

  it('two opted-in families of one FSA find each other; a family that did not opt in and another FSA never appear', async () => {
    for (const who of [p.a, p.b, p.d]) expect((await choose(who, true)).status).toBe(200);
    const ofA = await view(p.a);
    expect(ofA.optedIn).toBe(true);
    expect(ofA.neighbours.map((n) => n.id)).toEqual([p.b.id]);
    expect(ofA.neighbours[0]!.classes.length).toBeGreaterThan(0);
    expect((await view(p.b)).neighbours.map((n) => n.id)).toEqual([p.a.id]);
    // c (same FSA, not opted in) sees nobody and nobody sees c; d (another FSA) finds nobody.
    expect((await view(p.c)).neighbours).toEqual([]);
    expect((await view(p.d)).neighbours).toEqual([]);
    // a's co-parent did not opt in: a's own household is never listed to a anyway.
    expect((await view(p.f)).neighbours).toEqual([]);
    // The choice is in the consent log, with the notice and the screen's language.
    const [entry] = await listConsent(p.a.id);
    expect(entry).toMatchObject({ by: 'parent', channel: 'myProfile', language: 'fr', before: { carpool: false }, after: { carpool: true } });
  });

  it('shows of a neighbour only what their visibility choices already show this viewer', async () => {
    const [b] = (await view(p.a)).neighbours;
    expect(b!.address).toBeUndefined();
    expect(JSON.stringify(b)).not.toContain(streetB);
    expect(JSON.stringify(b)).not.toContain('H2X 3A1');
    // a shows everything to the school: b reads a's address as the directory shows it.
    const [a] = (await view(p.b)).neighbours;
    expect(a!.address?.postalCode).toBe('H2X 1Y4');
  });

  it('a family that did not opt in, or of another FSA, cannot be written to even by id (404, no email)', async () => {
    for (const target of [p.c, p.d, p.f]) {
      const key = `carpool-${ulid()}`;
      const result = await write(p.a, target, key);
      expect(result.status).toBe(404);
      expect(result.body).toEqual({ error: { code: 'NOT_FOUND' } });
      expect(await mailFor(key)).toEqual([]);
    }
  });

  it('one writes to the other through the app: exactly one email, to that family alone, in their language; a retry sends nothing more', async () => {
    const key = `carpool-${ulid()}`;
    const sent = await write(p.a, p.b, key);
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ state: 'sent' });
    expect((await write(p.a, p.b, key)).body).toEqual({ state: 'sent' });
    const mail = await mailFor(key);
    expect(mail).toHaveLength(1);
    const [email] = mail;
    expect(email!.destinations).toEqual([p.b.email]);
    expect(email!.raw).not.toContain(p.a.email);
    expect(email!.raw).not.toMatch(/^(Cc|Bcc|Reply-To):/im);
    const decoded = decodedOf(email!.raw);
    expect(decoded).not.toContain(p.a.email);
    // b reads English: the frame is theirs, the text is as a wrote it.
    expect(decoded).toContain('also looking for carpooling');
    expect(decoded).toContain('nous partons à 7 h 45');
  });

  it('the email has a one-click unsubscribe (RFC 8058) that turns the choice off without a session, in the consent log', async () => {
    const key = `carpool-${ulid()}`;
    expect((await write(p.b, p.a, key)).status).toBe(201);
    const [email] = await mailFor(key);
    const head = email!.raw.split('\r\n\r\n')[0]!;
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1];
    expect(header('List-Unsubscribe')).toMatch(/^<http.*\/api\/messages\/unsubscribe\?token=[A-Za-z0-9_-]{43}>$/);
    expect(header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const token = /token=([A-Za-z0-9_-]{43})/.exec(header('List-Unsubscribe')!)![1]!;
    // The footer's link opens the unsubscribe page with the same token.
    expect(decodedOf(email!.raw)).toContain(`/unsubscribe?token=${token}&lang=fr&kind=carpool`);
    // What a mail program sends: a form body, no session, the token in the header's URL.
    const oneClick = async () => {
      const event = apiEvent({ method: 'POST', resource: '/api/messages/unsubscribe', body: 'List-Unsubscribe=One-Click' });
      event.headers['content-type'] = 'application/x-www-form-urlencoded';
      event.queryStringParameters = { token };
      return handler(event);
    };
    const result = await oneClick();
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ category: 'carpool', language: 'fr' });
    expect((await view(p.a)).optedIn).toBe(false);
    expect((await view(p.b)).neighbours.map((n) => n.id)).not.toContain(p.a.id);
    const log = await listConsent(p.a.id);
    expect(log[0]).toMatchObject({ by: 'unsubscribeLink', channel: 'emailUnsubscribe', before: { carpool: true }, after: { carpool: false } });
    // A second click (or a mail scanner after the program) changes nothing more.
    expect((await oneClick()).statusCode).toBe(200);
    expect(await listConsent(p.a.id)).toHaveLength(log.length);
    expect((await choose(p.a, true)).status).toBe(200);
  });

  it('opting out removes the family from the others\' lists at once, and they can no longer be written to', async () => {
    expect((await choose(p.b, false, 'en')).status).toBe(200);
    expect((await view(p.a)).neighbours).toEqual([]);
    expect((await view(p.b)).neighbours).toEqual([]);
    expect((await write(p.a, p.b)).status).toBe(404);
    const [entry] = await listConsent(p.b.id);
    expect(entry).toMatchObject({ language: 'en', before: { carpool: true }, after: { carpool: false } });
  });

  it('the quota answers 429 with its code; nothing is sent', async () => {
    expect((await choose(p.b, true)).status).toBe(200);
    const used = (await view(p.a)).quota.used;
    for (let i = used; i < CARPOOL_QUOTA; i++) expect((await write(p.a, p.b)).status).toBe(201);
    const key = `carpool-${ulid()}`;
    const refused = await write(p.a, p.b, key);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: { code: 'CARPOOL_QUOTA' } });
    expect(await mailFor(key)).toEqual([]);
  });
});
