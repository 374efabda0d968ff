import { rawGet } from '../support/raw-get';
import { gunzipSync } from 'node:zlib';
import { InitiateAuthCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDocumentClient } from '../../lambdas/common/dynamo';
import { getEntity } from '../../lambdas/directory/directory-repository';
import { rewriteRecord } from './directory-writes';
import { DEMO_ACCOUNTS, generateSchool } from '../../local/demo/generate-school';
import type { DemoAccount, StackInfo } from '../../local/stack-info';
import { DirectoryResponseSchema, type DirectoryResponse } from '@shared/contracts/directory-api';
import { withParticipation, type Parent } from '@shared/schemas/parent';
import { useStack } from '../support/stack';
import { stackCognito } from './auth-support';

/**
 * GET /api/directory over HTTP through the local gateway (token check, compression) against the seeded demo
 * school, signed in through cognito-local like the browser. The seed is deterministic, so generateSchool()
 * says exactly what the table holds.
 */

const school = generateSchool();
let stack: StackInfo;
let cognito: CognitoIdentityProviderClient;
let parentToken: string;

async function idTokenOf(role: DemoAccount['role']): Promise<string> {
  const account = stack.demoAccounts.find((a) => a.role === role)!;
  const result = await cognito.send(
    new InitiateAuthCommand({
      ClientId: stack.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
    }),
  );
  return result.AuthenticationResult!.IdToken!;
}

async function getDirectory(token: string | undefined, headers: Record<string, string> = {}) {
  const response = await fetch(`${stack.appUrl}/api/directory`, {
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The raw bytes on the wire of GET /api/directory (fetch would decompress them silently). */
const directoryBytes = (token: string, acceptEncoding?: string) =>
  rawGet(`${stack.appUrl}/api/directory`, { Authorization: `Bearer ${token}`, ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}) });

/** `"d<format>.<epoch>.<version>.<viewer digest>"`: lambdas/directory/directory-service.ts directoryTag. */
const DIRECTORY_TAG = /^"d\d+\.[A-Za-z0-9_-]{16}\.\d+\.[A-Za-z0-9_-]{22}"$/;

const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

beforeAll(async () => {
  stack = useStack();
  resetDocumentClient();
  cognito = stackCognito(stack);
  parentToken = await idTokenOf('parent');
});
afterAll(() => cognito.destroy());

describe('GET /api/directory', () => {
  it('answers 401 without a token and with a forged one', async () => {
    const missing = await getDirectory(undefined);
    const forged = await getDirectory(`${parentToken.slice(0, -4)}AAAA`);

    expect(missing.status).toBe(401);
    expect(JSON.parse(missing.text)).toEqual({ error: { code: 'UNAUTHENTICATED' } });
    expect(forged.status).toBe(401);
  });

  it('returns the whole seeded school to a signed-in parent, uncacheable by shared caches', async () => {
    const response = await getDirectory(parentToken);

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = DirectoryResponseSchema.parse(JSON.parse(response.text));
    expect(body.school).toMatchObject({ name: school.settings.schoolName, year: '2025-2026', graduatingLevel: 'G6' });
    expect(body.school!.levels.map((l) => l.code)).toEqual(['G1', 'G2', 'G3', 'G4', 'G5', 'G6']);
    expect(body.classes).toHaveLength(school.classes.length);
    expect(body.students).toHaveLength(school.students.length);
    expect(body.parents).toHaveLength(school.parents.length);
    expect(body.staff).toHaveLength(school.staff.length);
    expect(body.committees).toHaveLength(school.committees.length);
    // The committees open to sign-ups say so (the Committees screen shows where a parent joins).
    expect(body.committees.filter((c) => c.openToSignUps).map((c) => c.id).sort()).toEqual(
      school.committees.filter((c) => c.openToSignUps).map((c) => c.id).sort(),
    );
    expect(body.committees.some((c) => c.openToSignUps)).toBe(true);
    expect(body.parents.reduce((n, p) => n + p.childIndexes.length, 0)).toBe(school.families.length);
    const seats = (b: DirectoryResponse) => b.committees.reduce((n, c) => n + c.parents.length + c.staff.length, 0);
    expect(seats(body)).toBe(school.memberships.length);
    expect(body.classes.every((c) => c.teacherIndex !== undefined)).toBe(true);
  });

  it('serves parents, staff and administrators each their own view, tagged with its own ETag', async () => {
    // The body depends on who reads (shared/rules/visibility.ts): a parent sees their own whole record, staff see what
    // is meant for their classes. A cache keyed on the ETag therefore never hands one caller another's view.
    const views = await Promise.all([parentToken, await idTokenOf('staff'), await idTokenOf('admin')].map((t) => getDirectory(t)));
    for (const view of views) {
      expect(view.status).toBe(200);
      expect(view.headers.get('etag')).toMatch(DIRECTORY_TAG);
      DirectoryResponseSchema.parse(JSON.parse(view.text));
    }
    // The tag is the directory's version and the viewer's (lambdas/directory/directory-service.ts directoryTag).
    expect(new Set(views.map((view) => view.headers.get('etag'))).size).toBe(views.length);
  });

  it('tags the body with a strong ETag and answers If-None-Match with an empty 304', async () => {
    const first = await getDirectory(parentToken);
    const etag = first.headers.get('etag')!;

    const again = await getDirectory(parentToken, { 'If-None-Match': etag });
    const weak = await getDirectory(parentToken, { 'If-None-Match': `W/${etag}` });
    const stale = await getDirectory(parentToken, { 'If-None-Match': '"not-the-current-version"' });
    const anonymous = await getDirectory(undefined, { 'If-None-Match': etag });

    expect(etag).toMatch(DIRECTORY_TAG);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(weak.status).toBe(304);
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(first.text);
    // The validator never short-circuits authentication.
    expect(anonymous.status).toBe(401);
  });

  it('is gzip-compressed for clients that accept it, and identical once inflated', async () => {
    const gzipped = await directoryBytes(parentToken, 'gzip, deflate, br');
    const plain = await directoryBytes(parentToken);

    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 3);
    expect(gunzipSync(gzipped.body).toString('utf8')).toBe(plain.body.toString('utf8'));
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
  });

  it('shows limited parents of the seed with their basic contact only', async () => {
    const { text } = await getDirectory(parentToken);
    const body = DirectoryResponseSchema.parse(JSON.parse(text));
    const visible = (p: Parent) => p.participation === 'full';
    const limited = school.parents.filter((p) => p.participation === 'limited');
    expect(limited.length).toBeGreaterThan(0);

    for (const stored of limited) {
      const shown = body.parents.find((p) => p.id === stored.id)!;
      expect(Object.keys(shown).sort()).toEqual(
        ['id', 'firstName', 'lastName', 'childIndexes', ...(stored.email ? ['email'] : []), 'phone'].sort(),
      );
      expect(shown.phone).toBe(stored.phone);
      // An address or a skill text appears once per full-participation parent who shares it, never more.
      const street = stored.address!.street;
      const sharing = school.parents.filter((p) => visible(p) && p.address?.street === street).length;
      expect(occurrences(text, JSON.stringify(street))).toBe(sharing);
      if (stored.skills) {
        const same = school.parents.filter((p) => visible(p) && p.skills === stored.skills).length;
        expect(occurrences(text, `"skills":${JSON.stringify(stored.skills)}`)).toBe(same);
      }
    }
  });

  it('shows name-only parents of the seed with name and email only, and on no committee', async () => {
    const body = DirectoryResponseSchema.parse(JSON.parse((await getDirectory(parentToken)).text));
    const nameOnly = school.parents.filter((p) => p.participation === 'nameOnly');
    expect(nameOnly.length).toBeGreaterThan(0);
    const seated = new Set(body.committees.flatMap((c) => c.parents.map((seat) => body.parents[seat.parentIndex]!.id)));

    for (const stored of nameOnly) {
      const shown = body.parents.find((p) => p.id === stored.id)!;
      expect(Object.keys(shown).sort()).toEqual(
        ['id', 'firstName', 'lastName', 'childIndexes', ...(stored.email ? ['email'] : [])].sort(),
      );
      expect(seated.has(stored.id)).toBe(false);
    }
  });

  it('hides everything at once when a seated parent opts out, even before their seats are removed', async () => {
    const demoEmails = new Set(DEMO_ACCOUNTS.map((a) => a.email));
    const phones = [...school.parents, ...school.staff].map((p) => p.phone);
    const streets = school.parents.map((p) => p.address?.street);
    const seatedIds = new Set(school.memberships.filter((m) => m.personType === 'PARENT').map((m) => m.personId));
    // A parent whose phone and street are theirs alone, so their absence from the body is meaningful.
    const target = school.parents.find(
      (p) =>
        p.participation === 'full' &&
        seatedIds.has(p.id) &&
        !demoEmails.has(p.email ?? '') &&
        phones.filter((x) => x === p.phone).length === 1 &&
        streets.filter((x) => x === p.address?.street).length === 1,
    )!;
    const before = await getDirectory(parentToken);
    expect(occurrences(before.text, target.phone!)).toBe(1);
    expect(occurrences(before.text, JSON.stringify(target.address!.street))).toBe(1);

    const stored = (await getEntity('PARENT', target.id))!;
    // Only the parent item changes: the membership stays, as if the seat removal had not happened yet.
    const optedOut = await rewriteRecord('PARENT', stored, withParticipation(stored, 'nameOnly'));
    try {
      const after = await getDirectory(parentToken, { 'If-None-Match': before.headers.get('etag')! });
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
      expect(occurrences(after.text, target.phone!)).toBe(0);
      expect(occurrences(after.text, JSON.stringify(target.address!.street))).toBe(0);
      const body = DirectoryResponseSchema.parse(JSON.parse(after.text));
      const index = body.parents.findIndex((p) => p.id === target.id);
      expect(Object.keys(body.parents[index]!).sort()).toEqual(['childIndexes', 'email', 'firstName', 'id', 'lastName']);
      expect(body.committees.flatMap((c) => c.parents.map((seat) => seat.parentIndex))).not.toContain(index);
    } finally {
      await rewriteRecord('PARENT', optedOut, { ...stored });
    }
    // Restored: the same bytes as before, under a new version (every write bumps it), hence a new tag.
    const restored = await getDirectory(parentToken, { 'If-None-Match': before.headers.get('etag')! });
    expect(restored.status).toBe(200);
    expect(restored.text).toBe(before.text);
  });
});
