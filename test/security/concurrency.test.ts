import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTokens } from '../../local/sign-in';
import type { StackInfo } from '../../local/stack-info';
import type { ParentForm } from '@shared/rules/parent-form';
import { startTableStack, type IsolatedStack } from '../support/isolated-stack';

/**
 * Simultaneous writes over HTTP against a stack of its own: 20 updates of one parent at once, five rounds, from
 * the administrator's editor and from the parent's own My Profile. Each round exactly one lands, on the version
 * it read; the other 19 get 409 CONFLICT (which the UI explains with a reload); what is stored is the winner's.
 * Then two campaign starts at once: exactly one proceeds; and 20 edits of one privacy incident at once.
 */
const CLIENTS = 20;
const ROUNDS = 5;

let iso: IsolatedStack;
let stack: StackInfo;
const bearer: Record<string, string> = {};

beforeAll(async () => {
  iso = await startTableStack('concurrency', { families: 6 });
  stack = iso.info;
  Object.assign(bearer, await demoTokens(stack));
}, 120_000);

afterAll(async () => {
  await iso?.stop();
});

async function call(role: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.appUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${bearer[role]}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Ten distinct Québec numbers per round, so the stored one names its writer. */
const phoneOf = (round: number, client: number) => `514555${String(round).padStart(2, '0')}${String(client).padStart(2, '0')}`;

describe('concurrency', () => {
  it(`${CLIENTS} simultaneous admin edits of one parent: one lands per round, the rest get 409, nothing is lost`, async () => {
    const directory = await call('admin', 'GET', '/api/admin/directory');
    const parents = directory.json.parents as { id: string; firstName: string; lastName: string; email?: string; version: number }[];
    const target = parents.find((p) => p.email)!;
    let version = target.version;
    for (let round = 0; round < ROUNDS; round++) {
      const results = await Promise.all(
        Array.from({ length: CLIENTS }, (_, client) =>
          call('admin', 'PUT', `/api/admin/parents/${target.id}`, {
            firstName: target.firstName,
            lastName: target.lastName,
            email: target.email,
            phone: phoneOf(round, client),
            version,
          }),
        ),
      );
      const winners = results.filter((r) => r.status === 200);
      expect(winners).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(CLIENTS - 1);
      for (const r of results) if (r.status === 409) expect(r.json).toEqual({ error: { code: 'CONFLICT' } });
      const stored = ((await call('admin', 'GET', '/api/admin/directory')).json.parents as typeof parents).find(
        (p) => p.id === target.id,
      ) as (typeof parents)[number] & { phone?: string };
      expect(stored.version).toBe(version + 1);
      expect(stored.phone).toBe((winners[0]!.json.record as { phone?: string }).phone);
      version = stored.version;
    }
  });

  it(`${CLIENTS} simultaneous My Profile saves by one parent: one lands per round, the rest get 409`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { form } = (await call('parent', 'GET', '/api/profile/form')).json as { form: ParentForm };
      const p = form.parent;
      const results = await Promise.all(
        Array.from({ length: CLIENTS }, (_, client) =>
          call('parent', 'PUT', '/api/profile', {
            data: {
              version: p.version,
              firstName: p.firstName,
              lastName: p.lastName,
              phone: phoneOf(round + 50, client),
              participation: 'full',
              preferredLanguage: p.preferredLanguage,
            },
          }),
        ),
      );
      const winners = results.filter((r) => r.status === 200);
      expect(winners).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(CLIENTS - 1);
      const after = ((await call('parent', 'GET', '/api/profile/form')).json as { form: ParentForm }).form.parent;
      expect(after.version).toBe(p.version + 1);
      expect(after.phone).toBe((winners[0]!.json as { form: ParentForm }).form.parent.phone);
    }
  });

  it('two campaign starts at once: exactly one proceeds, the other gets 409', async () => {
    const start = () =>
      call('admin', 'POST', '/api/admin/annual-update/campaigns', { schoolYear: '2050-2051', confirmation: 'confirm' });
    const results = await Promise.all([start(), start()]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const current = await call('admin', 'GET', '/api/admin/annual-update');
    expect(current.json.campaign).toMatchObject({ schoolYear: '2050-2051', status: 'active' });
  });
  it(`${CLIENTS} simultaneous edits of one privacy incident: one lands per round, the rest get 409`, async () => {
    const incident = {
      occurredOn: '2026-01-05',
      discoveredOn: '2026-01-06',
      description: 'Liste envoyée au mauvais destinataire',
      personalInformation: 'Noms et courriels',
      peopleCount: 12,
      seriousInjuryRisk: false,
      riskReasoning: 'Destinataire connu',
      commissionNotified: false,
      peopleNotified: false,
    };
    const created = await call('admin', 'POST', '/api/admin/privacy/incidents', incident);
    expect(created.status).toBe(201);
    const id = (created.json.incident as { id: string }).id;
    let version = 1;
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(
        Array.from({ length: CLIENTS }, (_, client) =>
          call('admin', 'PUT', `/api/admin/privacy/incidents/${id}`, { ...incident, measures: `mesure ${round}-${client}`, version }),
        ),
      );
      const winners = results.filter((r) => r.status === 200);
      expect(winners).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(CLIENTS - 1);
      const list = (await call('admin', 'GET', '/api/admin/privacy/incidents')).json.incidents as { id: string; version: number; measures: string }[];
      const stored = list.find((i) => i.id === id)!;
      expect(stored.version).toBe(version + 1);
      expect(stored.measures).toBe((winners[0]!.json.incident as { measures: string }).measures);
      version = stored.version;
    }
  });
});
