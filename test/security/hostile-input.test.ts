import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDocumentClient } from '../../lambdas/common/dynamo';
import { MAX_BODY_BYTES } from '../../lambdas/common/http';
import { ROUTES, routeKey, type RouteDef } from '../../lambdas/routes';
import { demoTokens } from '../../local/sign-in';
import type { StackInfo } from '../../local/stack-info';
import { ERROR_CODES } from '@shared/contracts/error-codes';
import { startTableStack, type IsolatedStack } from '../support/isolated-stack';
import { tableDigest } from '../support/table-digest';
import { validBodies, type RealIds } from './hostile-input.data';

/**
 * Hostile input on every write route, validateEmailV2 and the update-link routes, over HTTP against a stack of
 * its own: malformed JSON, wrong types, oversized values, extra fields, arbitrary JSON. Every answer is a 4xx with
 * an error code of shared/contracts/error-codes.ts, no body leaks a stack trace or an internal name, and the table is
 * unchanged afterwards (rate-limit counters aside: counting refused callers is their job). A valid body
 * (test/security/hostile-input.data.ts) plus one unknown field is refused whole, naming only that field: the
 * server never keeps the known fields and drops the rest.
 *
 * `npm test` runs a fixed seed. `npm run test:fuzz` runs more cases with a random seed, which it prints;
 * replay a failure with FUZZ_SEED=<seed>.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
/**
 * Bodies sent at once: each property run sends a batch of hostile bodies in parallel (the stack's function and
 * DynamoDB Local then overlap instead of waiting on each other), so RUNS cases are RUNS / BATCH property runs.
 * A failing batch is reported whole (and shrunk body by body).
 */
const BATCH = 4;
const UNKNOWN_ID = '01KZZZZZZZZZZZZZZZZZZZZZZZ';
/** The one field no schema has. */
const UNKNOWN_FIELD = 'isAdmin';

let iso: IsolatedStack;
let stack: StackInfo;
const bearer: Record<string, string> = {};
/** Real ids, so bodies reach validation instead of stopping at "not found". */
const realIds: Record<string, string> = {};
/** A valid body per write route that takes input, by route key. */
const bodies: Record<string, Record<string, unknown>> = {};

beforeAll(async () => {
  iso = await startTableStack('hostile-input', { families: 6 });
  stack = iso.info;
  Object.assign(process.env, stack.lambdaEnv);
  resetDocumentClient();
  Object.assign(bearer, await demoTokens(stack));
  const directory = (await (
    await fetch(`${stack.appUrl}/api/admin/directory`, { headers: { Authorization: `Bearer ${bearer.admin}` } })
  ).json()) as Record<'parents' | 'students' | 'staff' | 'classes' | 'committees', { id: string }[]>;
  for (const kind of ['parents', 'students', 'staff', 'classes', 'committees'] as const) realIds[kind] = directory[kind][0]!.id;
  Object.assign(bodies, validBodies(realIds as unknown as RealIds));
}, 120_000);

afterAll(async () => {
  await iso?.stop();
});

function pathFor(route: RouteDef): string {
  const kind = /\/api\/admin\/(parents|students|staff|classes|committees)\/\{id\}/.exec(route.path)?.[1];
  return route.path.replace('{id}', kind ? realIds[kind]! : UNKNOWN_ID).replace(/\{[^}]+\}/g, UNKNOWN_ID);
}

const credentialFor = (route: RouteDef) =>
  route.access === 'admin' ? bearer.admin : route.access === 'member' ? bearer.parent : undefined;

/**
 * Bodies `route` does not accept. Raw strings are sent as they are (not JSON-encoded). The oversized one is just
 * past the route's own limit (lambdas/common/http.ts), not megabytes past every limit: the same refusal for a
 * twentieth of the bytes on most routes.
 */
const hostileBody = (route: RouteDef): fc.Arbitrary<{ raw: string }> => fc.oneof(
  // Arbitrary JSON values: arrays, numbers, null, nested objects with odd keys.
  // Not `{}`: that is the valid body of the routes without input ('noBody').
  fc
    .jsonValue({ maxDepth: 3 })
    .map((value) => JSON.stringify(value))
    .filter((raw) => !('noBody' in route && raw === '{}'))
    .map((raw) => ({ raw })),
  // Objects with wrong types for the usual field names, and an unknown field.
  fc
    .record({
      email: fc.oneof(fc.integer(), fc.constant(null), fc.array(fc.string()), fc.string({ maxLength: 400 })),
      token: fc.oneof(fc.integer(), fc.string({ maxLength: 100 }), fc.constant({})),
      data: fc.oneof(fc.string(), fc.integer(), fc.constant([]), fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 }))),
      confirmation: fc.oneof(fc.constant('CONFIRM'), fc.constant(' confirm'), fc.integer()),
      firstName: fc.oneof(fc.string({ minLength: 300, maxLength: 600 }), fc.constant(''), fc.boolean()),
      __proto__: fc.constant({ admin: true }),
      isAdmin: fc.constant(true),
    })
    .map((value) => ({ raw: JSON.stringify(value) })),
  // Not JSON at all.
  fc.constantFrom('{', 'not json', '{"a":', '\u0000', '[1,2', '{"email": "a@b.c",}', '<xml/>').map((raw) => ({ raw })),
  // Oversized: past the route's body limit.
  fc.constant({ raw: JSON.stringify({ email: 'x'.repeat((route.maxBodyBytes ?? MAX_BODY_BYTES) + 1024) }) }),
);

const TARGETS = ROUTES.filter((route) => route.method !== 'GET');

async function send(route: RouteDef, raw: string): Promise<{ status: number; text: string }> {
  const credential = credentialFor(route);
  const response = await fetch(`${stack.appUrl}${pathFor(route)}`, {
    method: route.method,
    headers: { 'Content-Type': 'application/json', ...(credential ? { Authorization: `Bearer ${credential}` } : {}) },
    body: raw,
  });
  return { status: response.status, text: await response.text() };
}

/**
 * The table's digest before a test: the previous test's digest after it when that test passed, since its check
 * proved the table had not changed since, so each test scans the table once instead of twice (a scan and its
 * digest cost about 36 ms of CPU, 138 tests); scanned afresh after a failure or a test that did not check.
 */
let lastDigest: string | undefined;
async function digestBefore(): Promise<string> {
  const known = lastDigest;
  lastDigest = undefined;
  return known ?? tableDigest();
}
async function expectUnchanged(before: string): Promise<void> {
  const after = await tableDigest();
  expect(after).toBe(before);
  lastDigest = after;
}

// First: the fuzz below spends the rate-limited routes' budget.
describe('a valid body plus one unknown field', () => {
  it('has a valid body for every write route that takes input, and only for those', () => {
    const expected = TARGETS.filter((r) => !('noBody' in r)).map(routeKey).sort();
    expect(Object.keys(validBodies(realIds as unknown as RealIds)).sort()).toEqual(expected);
  });

  it.each(TARGETS.map((route) => ({ name: route.name, route })))(
    '$name: 400 VALIDATION_FAILED naming only the unknown field, nothing written',
    async ({ route }) => {
      const before = await digestBefore();
      // Routes without input accept `{}` and nothing more.
      const valid = 'noBody' in route ? {} : bodies[routeKey(route)];
      expect(valid, 'no valid body for this route').toBeDefined();
      const { status, text } = await send(route, JSON.stringify({ ...valid, [UNKNOWN_FIELD]: true }));
      expect({ status, body: JSON.parse(text) as unknown }).toEqual({
        status: 400,
        // Only the root is at fault: the rest of the body passed the route's own validation.
        body: { error: { code: 'VALIDATION_FAILED', fields: [{ path: '', issue: 'unrecognized_keys' }] } },
      });
      await expectUnchanged(before);
    },
  );
});

describe('hostile input', () => {
  it('covers every write route, validateEmailV2 and the token routes', () => {
    const names = TARGETS.map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining(['validateEmail', 'updateLoad', 'updateSubmit', 'profileUpdate', 'recoveryStart', 'recoveryComplete']),
    );
    expect(TARGETS.length).toBe(ROUTES.filter((r) => r.method !== 'GET').length);
  });

  it.each(TARGETS.map((route) => ({ name: route.name, route })))(
    '$name: only 4xx with an error code, nothing leaked, nothing written',
    async ({ route }) => {
      const before = await digestBefore();
      await fc.assert(
        fc.asyncProperty(fc.array(hostileBody(route), { minLength: BATCH, maxLength: BATCH }), async (batch) => {
          const answers = await Promise.all(batch.map(({ raw }) => send(route, raw)));
          for (const { status, text } of answers) {
            expect(status, text.slice(0, 200)).toBeGreaterThanOrEqual(400);
            expect(status, text.slice(0, 200)).toBeLessThan(500);
            const code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
            expect(ERROR_CODES).toContain(code);
            expect(text).not.toMatch(/at \w+ \(|node_modules|\.ts:\d+|TableName|dynamodb|ZodError|TypeError/i);
          }
        }),
        { seed: SEED, numRuns: Math.ceil(RUNS / BATCH), endOnFailure: true },
      );
      await expectUnchanged(before);
    },
  );
});
